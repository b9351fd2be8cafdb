/**
 * Plan documentation profiles and the limits of section 9 of the specification.
 * `null` means unlimited; format with `formatLimit`. Each plan page, MDX limits table,
 * OpenAPI extension and test reads these numbers from here.
 */
import { getPlan, PLAN_IDS, type PlanId } from './plans';

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

export interface PlanDocProfile {
  id: PlanId;
  name: string;
  priceLabel: string;
  /** Accent color of the plan header on /api-docs/{planId}. */
  color: string;
  description: string;
  features: readonly string[];
  limits: { transactions: string; apiCalls: string; webhooks: string; support: string };
}

const PLAN_COLORS: Record<PlanId, string> = {
  starter: '#2563eb',
  business: '#7c3aed',
  enterprise: '#0f766e',
};

// One formatter: toLocaleString builds a new one per call, which showed in page profiles.
const NUMBER_FORMAT = new Intl.NumberFormat('en-US');

export function formatLimit(value: Limit, unit = ''): string {
  if (value === null) return 'Unlimited';
  const n = NUMBER_FORMAT.format(value);
  return unit ? `${n} ${unit}` : n;
}

export function getPlanDocProfile(id: PlanId): PlanDocProfile {
  const plan = getPlan(id);
  const limits = PLAN_LIMITS[id];
  return {
    id,
    name: `${plan.name} Plan`,
    priceLabel: `$${plan.price}${plan.period}`,
    color: PLAN_COLORS[id],
    description: plan.description,
    features: plan.features,
    limits: {
      transactions: `${formatLimit(limits.transactionsPerMonth)}/month`,
      apiCalls: `${formatLimit(limits.apiCallsPerMonth)}/month`,
      webhooks: formatLimit(limits.webhooks),
      support: limits.support,
    },
  };
}

export const PLAN_DOC_PROFILES: readonly PlanDocProfile[] = PLAN_IDS.map(getPlanDocProfile);
