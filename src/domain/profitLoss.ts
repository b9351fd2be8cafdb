/**
 * The profit and loss report of the documented API, from bank transactions: shared by the
 * sandbox (which answers it for a key's own transactions) and the reference's example (computed
 * from the transactions every sandbox key starts with), so the two cannot disagree.
 */
import { PROFIT_LOSS_ROWS } from '../data/apiReference/entities';

export interface ReportTransaction {
  amount: number;
  currency: string;
  /** ISO date-time; its day decides the period. */
  created_at: string;
}

export interface ProfitLossReport {
  report_name: 'Profit and Loss';
  tenant_id: string;
  currency_code: string;
  periods: { from_date: string; to_date: string }[];
  rows: { title: (typeof PROFIT_LOSS_ROWS)[number]; amounts: number[] }[];
}

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const cents = (n: number) => Math.round(n * 100) / 100 + 0;

/**
 * `periods` columns, newest first: from..to, then each earlier one the same number of days just
 * before (Xero's "compare with previous periods"). Credits are income, debits expenses; only
 * transactions in the organization's currency count.
 */
export function profitAndLoss(args: { tenantId: string; currency: string; from: string; to: string; periods: number; transactions: readonly ReportTransaction[] }): ProfitLossReport {
  const fromMs = Date.parse(`${args.from}T00:00:00Z`);
  const span = Date.parse(`${args.to}T00:00:00Z`) - fromMs + DAY_MS;
  const columns = Array.from({ length: args.periods }, (_, i) => ({ from_date: day(fromMs - i * span), to_date: day(fromMs - i * span + span - DAY_MS) }));
  const income = columns.map(() => 0);
  const expenses = columns.map(() => 0);
  for (const t of args.transactions) {
    if (t.currency !== args.currency) continue;
    const d = t.created_at.slice(0, 10);
    const i = columns.findIndex((c) => d >= c.from_date && d <= c.to_date);
    if (i < 0) continue;
    if (t.amount >= 0) income[i]! += t.amount;
    else expenses[i]! -= t.amount;
  }
  const [incomeRow, expensesRow, netRow] = PROFIT_LOSS_ROWS;
  return {
    report_name: 'Profit and Loss',
    tenant_id: args.tenantId,
    currency_code: args.currency,
    periods: columns,
    rows: [
      { title: incomeRow, amounts: income.map(cents) },
      { title: expensesRow, amounts: expenses.map(cents) },
      { title: netRow, amounts: income.map((v, i) => cents(v - expenses[i]!)) },
    ],
  };
}
