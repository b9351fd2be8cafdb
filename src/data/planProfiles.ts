/** Plan documentation profiles (spec section 3): a plan and its limits as the plan pages show them. */
import { formatLimit, PLAN_LIMITS } from './limits';
import { formatPrice, getPlan, PLAN_IDS, type PlanId } from './plans';

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

export function getPlanDocProfile(id: PlanId): PlanDocProfile {
  const plan = getPlan(id);
  const limits = PLAN_LIMITS[id];
  return {
    id,
    name: `${plan.name} Plan`,
    priceLabel: `${formatPrice(plan)}${plan.period}`,
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
