/**
 * Amounts as integer minor units of their ISO 4217 currency (API version 2026-11-28 on): cents
 * for USD, EUR and GBP, whole yen for JPY. Integers add up exactly; floats of currency units do
 * not (0.1 + 0.2), and a bank's ledger must agree to the cent with its statements.
 */

/** ISO 4217 currencies whose minor unit is not the hundredth; every other code has two digits. */
const MINOR_DIGITS: Readonly<Record<string, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
};

export function minorDigits(currency: string): number {
  return MINOR_DIGITS[currency.toUpperCase()] ?? 2;
}

/** 149.99 USD → 14999. Rounded, since a float of currency units is often a hair off (1.005). */
export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(amount * 10 ** minorDigits(currency));
}

/** 14999 USD → 149.99. */
export function fromMinorUnits(minor: number, currency: string): number {
  const digits = minorDigits(currency);
  return Number((minor / 10 ** digits).toFixed(digits));
}
