/** What one dated API version changes relative to the version before it (Stripe's "version change" modules). */
import type { EndpointId } from '../endpoints';
import type { ApiEndpoint, ApiParam, JsonSchema } from '../types';

export type JsonObject = Record<string, unknown>;

/**
 * One breaking improvement of a version. The document, the sandbox's answers and webhook payloads
 * and the upgrade guide are all made from it: the reference is written once, in v1's shapes, and
 * each later version is v1 plus its changes applied in order.
 */
export interface VersionChange {
  /** Stable id: the upgrade guide's anchor. */
  id: string;
  title: string;
  /** Why an integrator wants it (the upgrade page). */
  why: string;
  /** What an integration changes to move to it (the upgrade page). */
  todo: string;
  /** Calls whose before/after samples the upgrade page shows (and tests/api/sandbox/upgradeSamples.test.ts runs under both versions). */
  samples: readonly EndpointId[];
  /** API_SCHEMAS as this version documents them. */
  schemas(schemas: Readonly<Record<string, JsonSchema>>): Record<string, JsonSchema>;
  /** One operation's parameters as this version documents them. */
  params(endpoint: Pick<ApiEndpoint, 'id'>, params: readonly ApiParam[]): readonly ApiParam[];
  /** One object of a named schema, from the previous version's shape to this version's. */
  upgradeObject(schema: string, value: JsonObject): JsonObject;
  /** Request values (query and body, by name), from the previous version's to this one's: the examples. */
  upgradeParams(endpointId: string, values: JsonObject): JsonObject;
  /** The reverse: the sandbox turns this version's request into the previous version's and runs that. */
  downgradeParams(endpointId: string, values: JsonObject): JsonObject;
  /**
   * An operation's response example after the upgrade of v1's, where this version answers what v1's
   * answer cannot show (a payment pending where v1 says succeeded). Absent: the upgrade is the example.
   */
  responseExample?(endpointId: string, example: unknown): unknown;
}
