import { z } from 'zod';
import { PLAN_IDS, type PlanId } from '../data/plans';

/** POST /api/sandbox/keys */
export const sandboxKeyRequestSchema = z.strictObject({
  plan: z.enum(PLAN_IDS, { error: `Please choose a plan: ${PLAN_IDS.join(', ')}` }),
});
export type SandboxKeyRequest = z.infer<typeof sandboxKeyRequestSchema>;

export interface SandboxKeyResponse {
  success: true;
  key: string;
  plan: PlanId;
  /** ISO 8601. */
  expiresAt: string;
}
