import { z } from 'zod';
import { API_VERSION_NAMES, type ApiVersionName } from '../data/apiVersioning';
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
  /** The version the key is pinned to: the newest. */
  apiVersion: ApiVersionName;
}

/** POST /api/sandbox/keys/version, with the key in Authorization: moves the key's pin. */
export const sandboxKeyPinRequestSchema = z.strictObject({
  version: z.enum(API_VERSION_NAMES, { error: `Please name an API version: ${API_VERSION_NAMES.join(', ')}` }),
});

export interface SandboxKeyPinResponse {
  success: true;
  apiVersion: ApiVersionName;
  /** The version a rollback may return to, while the window lasts. */
  previousVersion: ApiVersionName | null;
  /** ISO 8601: the end of the rollback window; null when there is nothing to roll back to. */
  rollbackUntil: string | null;
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
  /** The API version that answered (its X-API-Version, else the key's pin); null when refused before it was known. */
  apiVersion: ApiVersionName | null;
}
