/**
 * The limits of section 9 of the specification. `null` means unlimited; format with
 * `formatLimit`. The plan cards' feature lines, each plan page, MDX limits table, OpenAPI
 * extension and test read these numbers from here. Only the type of ./plans is imported: plans
 * import their feature lines from here.
 */
import type { PlanId } from './plans';

export type Limit = number | null;

export interface PlanLimits {
  transactionsPerMonth: Limit;
  apiCallsPerMonth: Limit;
  webhooks: Limit;
  rateLimitPerMinute: number;
  webhookRetryAttempts: number;
  maxAccounts: Limit;
  /** Sample per-transaction fee in US dollars used in the documentation examples. */
  sampleTransactionFee: number;
  /** Max `limit` of GET /banking/transactions. */
  transactionListLimit: Limit;
  /** Max invoices per request of GET /{accounting}/invoices. */
  invoicesPerRequest: number;
  /** Starter only sees invoices of the last N days; null means no window. */
  invoiceWindowDays: number | null;
  support: string;
}

export const PLAN_LIMITS: Record<PlanId, PlanLimits> = {
  starter: {
    transactionsPerMonth: 1_000,
    apiCallsPerMonth: 10_000,
    webhooks: 3,
    rateLimitPerMinute: 100,
    webhookRetryAttempts: 3,
    maxAccounts: 3,
    sampleTransactionFee: 2.99,
    transactionListLimit: 50,
    invoicesPerRequest: 100,
    invoiceWindowDays: 30,
    support: 'Email support',
  },
  business: {
    transactionsPerMonth: 10_000,
    apiCallsPerMonth: 100_000,
    webhooks: null,
    rateLimitPerMinute: 500,
    webhookRetryAttempts: 5,
    maxAccounts: 10,
    sampleTransactionFee: 1.99,
    transactionListLimit: 500,
    invoicesPerRequest: 1000,
    invoiceWindowDays: null,
    support: 'Priority support',
  },
  enterprise: {
    transactionsPerMonth: null,
    apiCallsPerMonth: null,
    webhooks: null,
    rateLimitPerMinute: 2000,
    webhookRetryAttempts: 10,
    maxAccounts: null,
    sampleTransactionFee: 0.99,
    transactionListLimit: null,
    invoicesPerRequest: 1000,
    invoiceWindowDays: null,
    support: 'Dedicated support',
  },
};

/** Profit-and-loss report `periods` bounds. */
export const PROFIT_LOSS_PERIODS = { min: 1, max: 12 } as const;

/**
 * A number as en-US writes it (1,000; 2.99), grouped by hand: a page's first Intl formatter loads
 * the locale data, about 130 ms of start-up on a phone-speed CPU (Lighthouse at 8x), and every
 * docs page imports these limits. Rounds to 3 decimals as Intl.NumberFormat does.
 */
export function formatNumber(value: number): string {
  const [int = '', frac] = Math.abs(Math.round(value * 1000) / 1000).toString().split('.');
  return `${value < 0 ? '-' : ''}${int.replace(/\B(?=(\d{3})+$)/g, ',')}${frac ? `.${frac}` : ''}`;
}

export function formatLimit(value: Limit, unit = ''): string {
  if (value === null) return 'Unlimited';
  const n = formatNumber(value);
  return unit ? `${n} ${unit}` : n;
}
