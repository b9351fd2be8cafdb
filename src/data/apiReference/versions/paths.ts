/** Dotted paths into values and schemas (`balance.current`, `rows[].amounts[]`), shared by the version changes. */
import type { JsonSchema } from '../types';
import type { JsonObject } from './types';

type Step = { key: string; each: boolean };
const steps = (path: string): Step[] => path.split('.').map((part) => ({ key: part.replace(/\[\]$/, ''), each: part.endsWith('[]') }));

/** `value` with `fn` applied at `path`; anything missing or of another shape is left as it is. */
export function mapAt(value: unknown, path: string, fn: (leaf: unknown) => unknown): unknown {
  const go = (v: unknown, rest: Step[]): unknown => {
    const [step, ...more] = rest;
    if (!step || v === null || typeof v !== 'object' || Array.isArray(v) || !(step.key in v)) return v;
    const child = (v as JsonObject)[step.key];
    const apply = (c: unknown) => (more.length ? go(c, more) : fn(c));
    const next = step.each ? (Array.isArray(child) ? child.map(apply) : child) : apply(child);
    return { ...(v as JsonObject), [step.key]: next };
  };
  return go(value, steps(path));
}

export function valueAt(value: unknown, path: string): unknown {
  return steps(path).reduce<unknown>((v, s) => (v && typeof v === 'object' ? (v as JsonObject)[s.key] : undefined), value);
}

/** `schema` with `fn` applied to the schema of the property at `path` (`[]` steps into items). */
export function mapSchemaAt(schema: JsonSchema, path: string, fn: (s: JsonSchema) => JsonSchema): JsonSchema {
  const go = (s: JsonSchema, rest: Step[]): JsonSchema => {
    const [step, ...more] = rest;
    if (!step) return fn(s);
    const prop = s.properties?.[step.key];
    if (!prop) throw new Error(`No property ${step.key} in the schema`);
    const inner = (p: JsonSchema): JsonSchema => (step.each ? { ...p, items: go(p.items!, more) } : go(p, more));
    return { ...s, properties: { ...s.properties, [step.key]: inner(prop) } };
  };
  return go(schema, steps(path));
}
