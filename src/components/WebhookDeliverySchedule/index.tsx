/** The Webhooks guide's delivery schedule and limits, rendered from src/data/sandbox.ts (SANDBOX_WEBHOOK_DELIVERY). */
import type { ReactNode } from 'react';
import { Table } from '@site/src/components/ApiTables';
import { PLAN_IDS, getPlan } from '@site/src/data/plans';
import { PLAN_LIMITS } from '@site/src/data/limits';
import { SANDBOX_WEBHOOK_DELIVERY as D, webhookRetrySchedule } from '@site/src/data/sandbox';

const seconds = (ms: number) => `${ms / 1000} s`;

/** Each plan: attempts in all, and the wait before each retry. */
export function WebhookRetrySchedule(): ReactNode {
  return (
    <Table head={['Plan', 'Attempts', 'Wait before each retry']} label="Webhook retry schedule">
      {PLAN_IDS.map((id) => (
        <tr key={id}>
          <td>{getPlan(id).name}</td>
          <td>{1 + PLAN_LIMITS[id].webhookRetryAttempts}</td>
          <td>{webhookRetrySchedule(id).map(seconds).join(', ')}</td>
        </tr>
      ))}
    </Table>
  );
}

/** Inline figures for the guide's prose, so no number is typed into the page. */
export const Delivery = {
  JitterPercent: (): ReactNode => <>{D.jitter * 100}</>,
  ConnectTimeoutSeconds: (): ReactNode => <>{D.connectTimeoutMs / 1000}</>,
  TotalTimeoutSeconds: (): ReactNode => <>{D.totalTimeoutMs / 1000}</>,
  MaxResponseBytes: (): ReactNode => <>{D.maxResponseBytes.toLocaleString('en-US')}</>,
  PerKeyPerMinute: (): ReactNode => <>{D.perKeyPerMinute}</>,
  PerHostConcurrency: (): ReactNode => <>{D.perHostConcurrency}</>,
};
