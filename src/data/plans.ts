/**
 * The three monthly plans. Prices, features and limits live here once; the landing page,
 * checkout, API server, documentation and tests all import them.
 * To add a plan: add its id to PLAN_IDS, then TypeScript points at every table to fill in.
 */
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

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    price: 99,
    period: '/month',
    description: 'For small businesses connecting their first bank feeds and books.',
    features: [
      'Basic Xero integration',
      'Hosted authentication',
      'Standard API access',
      'Email support',
      'Up to 1,000 transactions',
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
      'Full Xero integration',
      'Advanced authentication features',
      'Premium API access',
      'Priority support',
      'Up to 10,000 transactions',
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
      'White label solution',
      'Unlimited transactions',
      'Dedicated support',
      'Custom integrations',
      'SLA guarantee',
      'Multi-organization support',
    ],
    highlighted: false,
  },
];

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
