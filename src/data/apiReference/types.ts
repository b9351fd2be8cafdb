/**
 * Types of the documented (sample) v1 API reference. The data modules beside this file are
 * the single source of the API docs pages, the per-plan pages and the OpenAPI document.
 */
import type { PlanId } from '../plans';
import type { PlanLimits } from '../limits';

export type HttpMethod = 'GET' | 'POST';

/** Sections of the reference, in page order. `accounting` holds the Xero endpoints. */
export const API_SECTION_IDS = ['auth', 'banking', 'accounting', 'webhooks', 'whiteLabel'] as const;
export type ApiSectionId = (typeof API_SECTION_IDS)[number];

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it). Kept loose on purpose: it is data, not code. */
export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null';

export interface JsonSchema {
  type?: JsonType | readonly JsonType[];
  description?: string;
  format?: string;
  enum?: readonly (string | number)[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  pattern?: string;
  $ref?: string;
  examples?: readonly unknown[];
}

export interface ApiParam {
  name: string;
  /** Query string of a GET, JSON body of a POST, or a `{name}` segment of the path. */
  in: 'query' | 'body' | 'path';
  required: boolean;
  description: string;
  schema: JsonSchema;
  /**
   * Example for a parameter the endpoint's `example` leaves out (e.g. a list cursor): the OpenAPI
   * document gives every parameter an example that works against a new sandbox key, while the
   * code samples show only the values of `example`.
   */
  example?: unknown;
}

/** An error answer one operation may give beyond the ones every call may give (see openapi.ts). */
export interface EndpointError {
  status: 400 | 403 | 404;
  code: string;
  /** The message as the sandbox words it, for the example's values. */
  message: string;
  param: string | null;
}

export interface ApiEndpoint {
  /** Stable id, used as the OpenAPI operationId and the HTML anchor. */
  id: string;
  method: HttpMethod;
  /** Path below API_BASE_URL, with the accounting provider's segment already filled in; `{name}` marks a path parameter. */
  path: string;
  section: ApiSectionId;
  summary: string;
  description: string;
  /** Plans whose API keys may call this endpoint (spec section 6). */
  plans: readonly PlanId[];
  /** Permission string the caller's key needs, when one applies. */
  permission?: string;
  params: readonly ApiParam[];
  /** Webhook event types a successful call fires (its description names them): the sandbox delivers them to the key's webhooks. */
  events?: readonly string[];
  /** Values for the request examples, by parameter name. */
  example: Record<string, unknown>;
  response: {
    status: 200 | 201;
    description: string;
    /** Name of a schema in API_SCHEMAS, or an inline schema. */
    schema: string | JsonSchema;
    example: unknown;
    /** The example as one plan's page shows it, when it carries plan figures (e.g. a payment's fee). */
    exampleFor?: (plan: PlanId) => unknown;
  };
  /** Errors of this operation itself (unknown ids, plan caps, rules between parameters), documented as examples of its error responses. */
  errors?: readonly EndpointError[];
  /** Plan limits that apply to this call; the plan pages show their values. */
  limits?: readonly (keyof PlanLimits)[];
}

export interface WebhookEventDoc {
  type: string;
  description: string;
  plans: readonly PlanId[];
  /** Name of the schema in API_SCHEMAS carried in data.object. */
  object: string;
  example: Record<string, unknown>;
}

export interface ApiErrorType {
  type: string;
  status: number;
  description: string;
  exampleCode: string;
  exampleMessage: string;
  exampleParam: string | null;
}
