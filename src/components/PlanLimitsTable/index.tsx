import type { ReactNode } from 'react';
import clsx from 'clsx';
import { PLAN_IDS, getPlan, type PlanId } from '@site/src/data/plans';
import { PLAN_LIMITS, formatLimit, type PlanLimits } from '@site/src/data/limits';
import styles from './styles.module.css';

/** Rows of the limits table: label and how to render the value. Order is the display order. */
export const LIMIT_ROWS: readonly { key: keyof PlanLimits; label: string; format: (v: PlanLimits[keyof PlanLimits]) => string }[] = [
  { key: 'transactionsPerMonth', label: 'Transactions per month', format: (v) => formatLimit(v as number | null) },
  { key: 'apiCallsPerMonth', label: 'API calls per month', format: (v) => formatLimit(v as number | null) },
  { key: 'webhooks', label: 'Webhooks', format: (v) => formatLimit(v as number | null) },
  { key: 'support', label: 'Support', format: (v) => String(v) },
  { key: 'rateLimitPerMinute', label: 'Rate limit per minute', format: (v) => formatLimit(v as number) },
  { key: 'webhookRetryAttempts', label: 'Webhook retry attempts', format: (v) => formatLimit(v as number) },
  { key: 'maxAccounts', label: 'Max accounts', format: (v) => formatLimit(v as number | null) },
  { key: 'transactionListLimit', label: 'Transaction list limit', format: (v) => formatLimit(v as number | null) },
  { key: 'invoicesPerRequest', label: 'Invoices per request', format: (v) => formatLimit(v as number) },
  { key: 'invoiceWindowDays', label: 'Invoice history window', format: (v) => (v === null ? 'Full history' : `Last ${String(v)} days`) },
  { key: 'sampleTransactionFee', label: 'Sample transaction fee', format: (v) => `$${(v as number).toFixed(2)}` },
];

/** One formatted limit, for prose: <PlanLimit plan="starter" name="invoiceWindowDays" />. */
export function PlanLimit({ plan, name }: { plan: PlanId; name: keyof PlanLimits }): ReactNode {
  const row = LIMIT_ROWS.find((r) => r.key === name);
  const value = PLAN_LIMITS[plan][name];
  return <strong data-limit={name}>{row ? row.format(value) : String(value)}</strong>;
}

/**
 * Limits of every plan side by side (or of one plan with `plan`), straight from src/data/limits.
 * `only` picks rows, e.g. only={['rateLimitPerMinute']}.
 */
export default function PlanLimitsTable({ plan, only }: { plan?: PlanId; only?: readonly (keyof PlanLimits)[] }): ReactNode {
  const plans = plan ? [plan] : PLAN_IDS;
  const rows = only ? LIMIT_ROWS.filter((r) => only.includes(r.key)) : LIMIT_ROWS;
  return (
    <div className={styles.wrap}>
      <table className={clsx(styles.table, plan && styles.single)} aria-label={plan ? `${getPlan(plan).name} API limits` : 'API limits by plan'}>
        <thead>
          <tr>
            <th scope="col">Limit</th>
            {plans.map((id) => (
              <th key={id} scope="col">
                {getPlan(id).name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-limit-row={r.key}>
              <th scope="row">{r.label}</th>
              {plans.map((id) => (
                <td key={id}>{r.format(PLAN_LIMITS[id][r.key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
