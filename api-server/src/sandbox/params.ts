import type { ApiEndpoint, ApiParam, JsonSchema } from '../../../src/data/apiReference/types';
import { SandboxError } from './errors';

/** Longest string value the sandbox stores: the JSON body limit bounds the rest. */
export const MAX_STRING_LENGTH = 500;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const invalid = (code: string, message: string, param: string | null) => new SandboxError('invalid_request_error', code, message, param);

function isValidDate(v: string): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

function isUri(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** A query-string value as the type its schema documents, or the string unchanged (then checked and refused). */
function fromQuery(raw: string, schema: JsonSchema): unknown {
  const t = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if ((t === 'integer' || t === 'number') && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (t === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/** Checks one value against the subset of JSON Schema the reference uses; throws with `param` naming the field. */
export function checkValue(value: unknown, schema: JsonSchema, param: string): void {
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const actual = typeOf(value);
  if (types.length && !types.some((t) => t === actual || (t === 'number' && actual === 'integer'))) {
    throw invalid('parameter_invalid_type', `Invalid ${param}: expected ${types.join(' or ')}, got ${actual}.`, param);
  }
  if (typeof value === 'string') {
    if (value.length > MAX_STRING_LENGTH) throw invalid('parameter_too_long', `Invalid ${param}: at most ${MAX_STRING_LENGTH} characters.`, param);
    if (schema.format === 'date' && !isValidDate(value)) throw invalid('parameter_invalid_format', `Invalid ${param}: expected a date as YYYY-MM-DD.`, param);
    if (schema.format === 'email' && !EMAIL.test(value)) throw invalid('parameter_invalid_format', `Invalid ${param}: expected an email address.`, param);
    if (schema.format === 'uri' && !isUri(value)) throw invalid('parameter_invalid_format', `Invalid ${param}: expected an absolute http(s) URL.`, param);
  }
  if (schema.enum && !schema.enum.includes(value as string | number)) {
    throw invalid('parameter_invalid_enum', `Invalid ${param}: must be one of ${schema.enum.join(', ')}.`, param);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) throw invalid('parameter_out_of_range', `Invalid ${param}: must be at least ${schema.minimum}.`, param);
    if (schema.maximum !== undefined && value > schema.maximum) throw invalid('parameter_out_of_range', `Invalid ${param}: must be at most ${schema.maximum}.`, param);
  }
  if (Array.isArray(value) && schema.items) value.forEach((item, i) => checkValue(item, schema.items!, `${param}[${i}]`));
  if (actual === 'object' && typeof schema.additionalProperties === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) checkValue(v, schema.additionalProperties, `${param}[${k}]`);
  }
}

export interface RawRequest {
  method: string;
  query: Record<string, unknown>;
  body: unknown;
  path: Record<string, string>;
}

/**
 * The request's parameters checked against the endpoint's documented ones: unknown names,
 * missing required ones, types, enums, formats and bounds answer 400 with `param`.
 */
export function readParams(endpoint: ApiEndpoint, req: RawRequest): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const byIn = (where: ApiParam['in']) => endpoint.params.filter((p) => p.in === where);
  for (const p of byIn('path')) out[p.name] = req.path[p.name];

  const queryParams = byIn('query');
  for (const name of Object.keys(req.query)) {
    if (!queryParams.some((p) => p.name === name)) throw invalid('parameter_unknown', `Received unknown parameter: ${name}.`, name);
  }
  for (const p of queryParams) {
    const raw = req.query[p.name];
    if (raw === undefined || raw === '') continue;
    if (typeof raw !== 'string') throw invalid('parameter_invalid_type', `Invalid ${p.name}: send it once, as a single value.`, p.name);
    out[p.name] = fromQuery(raw, p.schema);
  }

  const bodyParams = byIn('body');
  const body = req.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body) || body === null) {
    throw invalid('body_invalid', 'The request body must be a JSON object.', null);
  }
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (!bodyParams.some((p) => p.name === name)) throw invalid('parameter_unknown', `Received unknown parameter: ${name}.`, name);
    out[name] = value;
  }

  for (const p of endpoint.params) {
    const value = out[p.name];
    if (value === undefined || value === null || value === '') {
      if (p.required) throw invalid('parameter_missing', `Missing required param: ${p.name}.`, p.name);
      delete out[p.name];
      continue;
    }
    checkValue(value, p.schema, p.name);
  }
  return out;
}
