import { SANDBOX_FIXTURES, type FixtureError } from '../../../../src/data/apiReference/fixtures';
import { formatLimit } from '../../../../src/data/limits';
import { getPlan } from '../../../../src/data/plans';
import { SANDBOX_DEFAULT_PAGE_SIZE } from '../../../../src/data/sandbox';
import type { Db } from '../../db/database';
import { notFound, SandboxError } from '../errors';
import type { SandboxKey } from '../keys';
import type { NewObject, SandboxObjectRow, SandboxStore } from '../store';

/* What every operation works with, and the helpers they share: the per-key bound, lookups and cursor pages. */

export interface Answer {
  status: number;
  body: unknown;
}

export interface Ctx {
  store: SandboxStore;
  /** The operation's transaction (a POST's) or the database (a GET): what the webhook queue and the events log are written in. */
  db: Db;
  key: SandboxKey;
  params: Record<string, unknown>;
  /** The key's test clock (sandbox/clock): what objects and events are stamped with. */
  now: number;
  /** The real time: what webhook deliveries are queued and counted by (they go out for real). */
  realNow: number;
  maxObjects: number;
}

export type Operation = (ctx: Ctx) => Promise<Answer>;

export const data = <T>(row: SandboxObjectRow): T => JSON.parse(row.data) as T;
export const str = (v: unknown): string => v as string;

/** Every object a key creates goes through here: the per-key bound holds for all kinds. */
export async function create(ctx: Ctx, objects: NewObject[]): Promise<void> {
  const count = await ctx.store.countObjects(ctx.key.id);
  if (count + objects.length > ctx.maxObjects) {
    throw new SandboxError(
      'invalid_request_error',
      'sandbox_object_limit',
      `This sandbox key holds ${count} of the ${ctx.maxObjects} objects a key may hold, and this request would create ${objects.length} more. Create a new key with POST /api/sandbox/keys to start afresh.`,
    );
  }
  await ctx.store.insertObjects(ctx.key.id, objects);
}

export async function mustGet(ctx: Ctx, kind: string, id: string, what: string, param: string | null): Promise<SandboxObjectRow> {
  const row = await ctx.store.getObject(ctx.key.id, kind, id);
  if (!row) throw notFound(what, id, param);
  return row;
}

/** A cursor page: has_more plus `starting_after` naming the last id of the previous page. */
export async function page(ctx: Ctx, kind: string, what: string, opts: { parentId?: string; limit?: number; view?: (o: unknown) => unknown; filter?: (o: Record<string, unknown>) => boolean } = {}): Promise<Answer> {
  const limit = opts.limit ?? SANDBOX_DEFAULT_PAGE_SIZE;
  const after = ctx.params.starting_after as string | undefined;
  const beforeSeq = after === undefined ? undefined : (await mustGet(ctx, kind, after, what, 'starting_after')).seq;
  // A key holds at most maxObjects objects: reading the rest of the list and filtering here is bounded.
  const rows = await ctx.store.list(ctx.key.id, kind, { parentId: opts.parentId, beforeSeq, limit: ctx.maxObjects });
  const matching = rows.map((r) => data<Record<string, unknown>>(r)).filter((o) => !opts.filter || opts.filter(o));
  const items = matching.slice(0, limit).map((o) => (opts.view ? opts.view(o) : o));
  return { status: 200, body: { data: items, has_more: matching.length > limit } };
}

export function staticPage(ctx: Ctx, items: readonly Record<string, unknown>[], idField: string, what: string): Answer {
  const after = ctx.params.starting_after as string | undefined;
  let start = 0;
  if (after !== undefined) {
    const i = items.findIndex((o) => o[idField] === after);
    if (i < 0) throw notFound(what, after, 'starting_after');
    start = i + 1;
  }
  const slice = items.slice(start, start + SANDBOX_DEFAULT_PAGE_SIZE);
  return { status: 200, body: { data: slice, has_more: start + slice.length < items.length } };
}

/** The documented error of a magic value (src/data/apiReference/fixtures.ts), `param` adjusted to where it was sent. */
export function fixtureError(name: string, param?: string): SandboxError {
  const answer = SANDBOX_FIXTURES.find((f) => f.name === name)!.answer as FixtureError;
  return new SandboxError(answer.type, answer.code, answer.message, param ?? answer.param);
}

export function planLimitError(ctx: Ctx, what: string, limit: number): SandboxError {
  return new SandboxError('permission_error', 'plan_limit_reached', `The ${getPlan(ctx.key.plan).name} plan allows ${formatLimit(limit)} ${what}. Upgrade for more.`);
}
