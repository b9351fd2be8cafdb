import type { PlanId } from '../plans';

/**
 * Heading id of an endpoint's card. A plan page prefixes the plan: the ids stay distinct from the
 * general reference's, so a link names which view of the call it means. (Apart from the endpoints
 * so that pages that only link to cards do not load the reference data.)
 */
export function endpointAnchor(id: string, plan?: PlanId): string {
  return plan ? `${plan}-${id}` : id;
}
