import { formatLimit } from '../../../../src/data/limits';
import { SANDBOX_BASE_PATH } from '../../../../src/data/sandbox';
import { TEST_CLOCK_ADVANCE_PATH, TEST_CLOCK_PATH } from '../../../../src/data/sandboxTime';
import type { SandboxClient } from './api';

/** `ledgerline clock` (issue 47): shows the key's test clock, or advances it and lists the events it produced. */

interface Allowance {
  used: number;
  limit: number | null;
}

export interface ClockAnswer {
  frozen_time: string;
  status: string;
  allowances: { month: string; resets_at: string; transactions: Allowance; api_calls: Allowance };
  events?: { id: string; type: string; created: number; data: { object: Record<string, unknown> } }[];
}

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Thrown for an advance the command cannot read: the caller reports it as bad usage. */
export class BadAdvance extends Error {}

/** The time to advance to: an ISO 8601 time as given, or `+<n><m|h|d>` from the clock's time. */
export function advanceTarget(arg: string, clockTime: string): string {
  const relative = /^\+(\d+)([mhd])$/.exec(arg);
  if (relative) return new Date(Date.parse(clockTime) + Number(relative[1]) * UNITS[relative[2]!]!).toISOString().replace('.000Z', 'Z');
  if (/^\d{4}-\d{2}-\d{2}T/.test(arg)) return arg;
  throw new BadAdvance(`advance takes an ISO 8601 time (2026-02-01T00:00:00Z) or a step from the clock's time (+30m, +12h, +2d); got "${arg}".`);
}

const allowance = (a: Allowance) => `${formatLimit(a.used)}/${formatLimit(a.limit).toLowerCase()}`;

/** The clock in one line: its time, then the month's allowances. */
export function clockLine(c: ClockAnswer): string {
  const { month, resets_at: resets, transactions, api_calls: calls } = c.allowances;
  return `Test clock: ${c.frozen_time} (${c.status}). ${month}: transactions ${allowance(transactions)}, API calls ${allowance(calls)}; next month starts ${resets}.`;
}

/** One line per event an advance produced: its time (the clock's), type, id and the object it carries. */
export function eventLine(e: NonNullable<ClockAnswer['events']>[number]): string {
  const object = e.data.object;
  const id = String(object.id ?? object.invoice_id ?? '');
  return `${new Date(e.created * 1000).toISOString().replace('.000Z', 'Z')}  ${e.type}  ${e.id}  ${id}${object.status ? ` (${String(object.status)})` : ''}`;
}

export async function clock(client: SandboxClient, args: readonly string[], out: (line: string) => void): Promise<void> {
  const current = await client.call<ClockAnswer>('GET', `${SANDBOX_BASE_PATH}${TEST_CLOCK_PATH}`);
  if (args.length === 0) {
    out(clockLine(current));
    return;
  }
  if (args[0] !== 'advance' || args.length !== 2) throw new BadAdvance('clock takes no arguments (show) or: advance <time or +step>.');
  const advanced = await client.call<ClockAnswer>('POST', `${SANDBOX_BASE_PATH}${TEST_CLOCK_ADVANCE_PATH}`, { frozen_time: advanceTarget(args[1]!, current.frozen_time) });
  for (const e of advanced.events ?? []) out(eventLine(e));
  out(`${advanced.events?.length ?? 0} event(s). ${clockLine(advanced)}`);
}
