/**
 * The three monthly plans. Prices and features live here once, limits in ./limits.ts; the landing
 * page, checkout, API server, documentation and tests all import them.
 * To add a plan: add its id to PLAN_IDS, then TypeScript points at every table to fill in.
 * Feature lines that state a limit or an entitlement are made from it, never typed again.
 */
import { formatLimit, PLAN_LIMITS } from './limits';
import { ACCOUNTING_PROVIDER } from './site';

export const PLAN_IDS = ['starter', 'business', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const DEFAULT_PLAN_ID: PlanId = 'starter';

export interface Plan {
  id: PlanId;
  name: string;
  /** US dollars per period. */
  price: number;
  period: '/month';
  description: string;
  features: readonly string[];
  /** Shown as the Most Popular card. */
  highlighted: boolean;
}

/** "Up to 1,000 transactions" or "Unlimited transactions", from the plan's monthly limit. */
export function transactionsFeature(id: PlanId): string {
  const limit = PLAN_LIMITS[id].transactionsPerMonth;
  return limit === null ? 'Unlimited transactions' : `Up to ${formatLimit(limit)} transactions`;
}

/** The feature that brings the white-label platform: the White Label API, its webhook event, /white-label. */
export const WHITE_LABEL_FEATURE = 'White label solution';
const { name: PROVIDER } = ACCOUNTING_PROVIDER;

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    price: 99,
    period: '/month',
    description: 'For small businesses connecting their first bank feeds and books.',
    features: [
      `Basic ${PROVIDER} integration`,
      'Hosted authentication',
      'Standard API access',
      PLAN_LIMITS.starter.support,
      transactionsFeature('starter'),
    ],
    highlighted: false,
  },
  {
    id: 'business',
    name: 'Business',
    price: 299,
    period: '/month',
    description: 'For growing teams automating banking, invoicing and reconciliation.',
    features: [
      `Full ${PROVIDER} integration`,
      'Advanced authentication features',
      'Premium API access',
      PLAN_LIMITS.business.support,
      transactionsFeature('business'),
      'Custom webhooks',
    ],
    highlighted: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 599,
    period: '/month',
    description: 'For platforms offering banking under their own brand.',
    features: [
      WHITE_LABEL_FEATURE,
      transactionsFeature('enterprise'),
      PLAN_LIMITS.enterprise.support,
      'Custom integrations',
      'SLA guarantee',
      'Multi-organization support',
    ],
    highlighted: false,
  },
];

/** Plans whose features include the white-label platform (spec sections 2 and 6: enterprise only). */
export const WHITE_LABEL_PLAN_IDS: readonly PlanId[] = PLANS.filter((p) => p.features.includes(WHITE_LABEL_FEATURE)).map((p) => p.id);

/** Whether a dearer plan exists to upgrade to (PLAN_IDS runs from the cheapest): its reference page ends with an upgrade call. */
export function hasUpgrade(id: PlanId): boolean {
  return PLAN_IDS.indexOf(id) < PLAN_IDS.length - 1;
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** Any unknown or missing id falls back to the default plan, as the spec asks for /success and /api-docs/{planId}. */
export function getPlan(id: string | null | undefined): Plan {
  const wanted = isPlanId(id) ? id : DEFAULT_PLAN_ID;
  const plan = PLANS.find((p) => p.id === wanted);
  if (!plan) throw new Error(`Plan data is missing ${wanted}`);
  return plan;
}

export function formatPrice(plan: Pick<Plan, 'price'>): string {
  return `$${plan.price}`;
}
