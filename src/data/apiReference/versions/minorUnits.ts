/** 2026-11-28: every amount an integer of its currency's minor units (cents), beside its ISO 4217 code. */
import { fromMinorUnits, toMinorUnits } from '../../../domain/money';
import type { JsonSchema } from '../types';
import { mapAt, mapSchemaAt, valueAt } from './paths';
import type { JsonObject, VersionChange } from './types';

const MINOR = 'An integer in minor units of the currency (cents for USD, EUR and GBP: 14999 is 149.99 USD).';

/** Each schema's amounts, and where the currency that scales them is. */
const AMOUNTS: Record<string, { fields: readonly string[]; currency: string }> = {
  Account: { fields: ['balance.current', 'balance.available'], currency: 'balance.currency' },
  Transaction: { fields: ['amount'], currency: 'currency' },
  Payment: { fields: ['amount', 'fees.product_fee', 'fees.processing_fee'], currency: 'currency' },
  Invoice: { fields: ['sub_total', 'total_tax', 'total'], currency: 'currency_code' },
  ProfitLossReport: { fields: ['rows[].amounts[]'], currency: 'currency_code' },
};

/** The amounts of each operation's request, by its parameters. */
const REQUEST_AMOUNTS: Record<string, { fields: readonly string[]; currency: string }> = {
  createBankAccount: { fields: ['initial_deposit'], currency: 'currency' },
  createTransaction: { fields: ['amount'], currency: 'currency' },
  createPayment: { fields: ['amount'], currency: 'currency' },
};

const integer = (s: JsonSchema): JsonSchema => ({ ...s, type: 'integer', description: `${s.description ? `${s.description} ` : ''}${MINOR}` });

function convert(table: typeof AMOUNTS, name: string, value: JsonObject, fn: (amount: number, currency: string) => number): JsonObject {
  const rule = table[name];
  const currency = rule && valueAt(value, rule.currency);
  if (!rule || typeof currency !== 'string') return value;
  return rule.fields.reduce<JsonObject>((v, field) => mapAt(v, field, (a) => (typeof a === 'number' ? fn(a, currency) : a)) as JsonObject, value);
}

export const MINOR_UNITS: VersionChange = {
  id: 'amounts-in-minor-units',
  title: 'Amounts are integers in minor units',
  why:
    'v1 gives amounts as floating-point numbers of currency units (-149.99). Binary floats cannot hold most cents exactly, so sums drift and ' +
    'reconciling against a bank statement needs rounding rules on every side. An integer of minor units (-14999 cents) is exact, is what ' +
    'card networks and ledgers store, and its currency code beside it says how many digits the unit has (none for JPY, three for KWD).',
  todo:
    'Send amount, initial_deposit and every other amount as an integer of minor units (multiply by 100 for USD, EUR and GBP), and divide by ' +
    'the same power of ten to show them. Read balances, fees, invoice totals and report amounts the same way, in answers and in webhook payloads.',
  samples: ['createTransaction', 'listBankAccounts'],
  schemas: (schemas) => ({
    ...schemas,
    ...Object.fromEntries(Object.entries(AMOUNTS).map(([name, rule]) => [name, rule.fields.reduce((s, f) => mapSchemaAt(s, f, integer), schemas[name]!)])),
  }),
  params: (endpoint, params) => {
    const rule = REQUEST_AMOUNTS[endpoint.id];
    return rule ? params.map((p) => (rule.fields.includes(p.name) ? { ...p, schema: integer(p.schema) } : p)) : params;
  },
  upgradeObject: (schema, value) => convert(AMOUNTS, schema, value, toMinorUnits),
  upgradeParams: (id, values) => convert(REQUEST_AMOUNTS, id, values, toMinorUnits),
  downgradeParams: (id, values) => convert(REQUEST_AMOUNTS, id, values, fromMinorUnits),
};
