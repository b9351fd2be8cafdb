import { sql } from 'kysely';
import { allowanceMonth } from '../../../../src/data/sandboxTime';
import type { Db } from '../../db/database';

/** Where the clock and the allowance counts are read and written: every instance sees the same state. */

/** The key's clock: its stored time once advanced, else the key's created_at (a new clock stands still there). */
export async function clockTime(db: Db, keyId: string, fallbackMs: number): Promise<number> {
  const row = await db
    .selectFrom('sandbox_keys')
    .leftJoin('sandbox_clocks', 'sandbox_clocks.key_id', 'sandbox_keys.id')
    .select(['sandbox_keys.created_at', 'sandbox_clocks.frozen_time'])
    .where('sandbox_keys.id', '=', keyId)
    .executeTakeFirst();
  // The key was swept in the meantime: its clock is gone with it.
  if (!row) return fallbackMs;
  // Whole seconds, as every stamp shows it: a clock at 10:00:00.456 shown as 10:00:00 would make
  // "the shown time + the settlement delay" fall short of what the clock created.
  return row.frozen_time === null ? Math.floor(Number(row.created_at) / 1000) * 1000 : Number(row.frozen_time);
}

export async function setClock(tx: Db, keyId: string, frozenTime: number): Promise<void> {
  await tx
    .insertInto('sandbox_clocks')
    .values({ key_id: keyId, frozen_time: frozenTime })
    .onConflict((oc) => oc.column('key_id').doUpdateSet({ frozen_time: frozenTime }))
    .execute();
}

export interface Usage {
  month: string;
  transactions: number;
  apiCalls: number;
}

/** What the key used in the month of `clockMs`. */
export async function usageOf(db: Db, keyId: string, clockMs: number): Promise<Usage> {
  const month = allowanceMonth(clockMs);
  const row = await db.selectFrom('sandbox_usage').select(['transactions', 'api_calls']).where('key_id', '=', keyId).where('month', '=', month).executeTakeFirst();
  return { month, transactions: Number(row?.transactions ?? 0), apiCalls: Number(row?.api_calls ?? 0) };
}

/** Adds to the key's counts of the month of `clockMs`. */
export async function addUsage(tx: Db, keyId: string, clockMs: number, add: { transactions?: number; apiCalls?: number }): Promise<void> {
  const transactions = add.transactions ?? 0;
  const apiCalls = add.apiCalls ?? 0;
  await tx
    .insertInto('sandbox_usage')
    .values({ key_id: keyId, month: allowanceMonth(clockMs), transactions, api_calls: apiCalls })
    .onConflict((oc) =>
      oc.columns(['key_id', 'month']).doUpdateSet({
        transactions: sql<number>`sandbox_usage.transactions + ${transactions}`,
        api_calls: sql<number>`sandbox_usage.api_calls + ${apiCalls}`,
      }),
    )
    .execute();
}
