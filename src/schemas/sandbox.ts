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

/**
 * One entry of a sandbox key's request log, as GET /api/sandbox/requests answers it (newest
 * first, `id` is the Request-Id): the server writes it, the Try it panel reads it.
 */
export interface LoggedRequest {
  id: string;
  created: string;
  /** The key's test clock when the request was answered (issue 47); null for entries from before clocks. */
  clockTime: string | null;
  method: string;
  path: string;
  query: string;
  status: number;
  durationMs: number;
  request: { headers: Record<string, string>; body: unknown };
  response: { body: unknown };
}
