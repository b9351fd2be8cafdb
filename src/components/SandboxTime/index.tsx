/**
 * The "Testing over time" guide's facts, rendered from src/data/sandboxTime.ts and the
 * sandbox-only calls (src/data/apiReference/endpoints/sandbox.ts): nothing typed in the MDX twice.
 */
import type { ReactNode } from 'react';
import CodeBlock from '@theme/CodeBlock';
import { Table } from '@site/src/components/ApiTables';
import { API_KEY_ENV, API_VERSION, SAMPLE_IDS } from '@site/src/data/apiReference/common';
import { clockErrors, SAMPLE_ADVANCE_TO, SAMPLE_CLOCK_TIME, SANDBOX_ONLY_ENDPOINTS, sandboxOnlyEndpoint } from '@site/src/data/apiReference/endpoints/sandbox';
import { LEDGERLINE_CLI, SANDBOX_BASE_PATH, SANDBOX_KEY_PREFIX } from '@site/src/data/sandbox';
import {
  ACCOUNTING_TOKEN_LIFETIME_MS,
  FAILURE_REASONS,
  INVOICE_OVERDUE_EVENT,
  SETTLEMENT_DELAY_DAYS,
  SETTLEMENT_FAILS_CUSTOMER,
  SETTLEMENT_FAILS_DESCRIPTION,
  TEST_CLOCK,
  testClockSample,
} from '@site/src/data/sandboxTime';
import { useSiteAddresses } from '@site/src/lib/useSiteAddresses';

export const TimeValue = {
  MaxAdvanceDays: (): ReactNode => <>{TEST_CLOCK.maxAdvanceDays}</>,
  SettlementDays: (): ReactNode => <>{SETTLEMENT_DELAY_DAYS}</>,
  TokenMinutes: (): ReactNode => <>{ACCOUNTING_TOKEN_LIFETIME_MS / 60_000}</>,
};

/** Every transition the clock applies, when, and the events it fires. */
export function TransitionsTable(): ReactNode {
  const rows: [string, ReactNode, ReactNode][] = [
    ['A transaction (each side of a transfer)', <>{SETTLEMENT_DELAY_DAYS} days after it was created: <code>pending</code> → <code>completed</code>. With the description <code>{SETTLEMENT_FAILS_DESCRIPTION}</code> it fails instead (<code>failure_reason: {FAILURE_REASONS.settlement}</code>) and its amount goes back to the account.</>, <><code>transaction.completed</code> or <code>transaction.failed</code></>],
    ['A payment', <>{SETTLEMENT_DELAY_DAYS} days after it was created: <code>pending</code> → <code>succeeded</code>. For the customer <code>{SETTLEMENT_FAILS_CUSTOMER}</code> it fails instead.</>, <><code>payment.succeeded</code> or <code>payment.failed</code></>],
    ['An invoice not PAID', <>At 00:00 UTC the day after its <code>due_date</code>; its status stays as Xero has it.</>, <code>{INVOICE_OVERDUE_EVENT}</code>],
    ['Monthly allowances', <>At the start of each calendar month of the clock (UTC), the plan's transactions and API calls per month start again from zero. Past them, calls answer <code>429</code> <code>monthly_allowance_exceeded</code>.</>, 'none'],
    ['The Xero connection', <>{ACCOUNTING_TOKEN_LIFETIME_MS / 60_000} minutes after the callback connected it: tenant calls answer <code>401</code> <code>accounting_token_expired</code> until you connect again with the callback.</>, 'none'],
  ];
  return (
    <Table head={['What', 'When and how', 'Events']} label="Sandbox transitions">
      {rows.map(([what, when, events]) => (
        <tr key={what}>
          <td>{what}</td>
          <td>{when}</td>
          <td>{events}</td>
        </tr>
      ))}
    </Table>
  );
}

/** The sandbox-only calls, with their paths and what they do. */
export function SandboxOnlyCallsTable(): ReactNode {
  return (
    <Table head={['Call', 'What it does']} label="Sandbox-only calls">
      {SANDBOX_ONLY_ENDPOINTS.map((e) => (
        <tr key={e.id} id={`sandbox-${e.id}`}>
          <td>
            <code>{`${e.method} ${SANDBOX_BASE_PATH}${e.path}`}</code>
            {e.params.filter((p) => p.in === 'body').length > 0 && (
              <>
                <br />
                body: {e.params.filter((p) => p.in === 'body').map((p, i) => <span key={p.name}>{i > 0 && ', '}<code>{p.name}</code></span>)}
              </>
            )}
          </td>
          <td>{e.description}</td>
        </tr>
      ))}
    </Table>
  );
}

/** The advance's documented 400s, as the sandbox words them for the samples' clock. */
export function ClockErrorsTable(): ReactNode {
  const rows = [
    ['A time not after the clock', clockErrors.notAfter(SAMPLE_CLOCK_TIME)],
    [`More than ${TEST_CLOCK.maxAdvanceDays} days ahead`, clockErrors.tooFar('2027-01-01T09:00:00Z')],
    ['Not an ISO 8601 time with a zone', clockErrors.format()],
  ] as const;
  return (
    <Table head={['You send', 'Answer']} label="Test clock errors">
      {rows.map(([what, e]) => (
        <tr key={e.code + what}>
          <td>{what}</td>
          <td>
            <code>{e.status}</code> <code>invalid_request_error</code> / <code>{e.code}</code>: {e.message}
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function TestClockSample(): ReactNode {
  const sandboxUrl = `${useSiteAddresses().siteUrl}${SANDBOX_BASE_PATH}`;
  return <CodeBlock language="js">{testClockSample(sandboxUrl, API_VERSION, API_KEY_ENV, SAMPLE_IDS.account, SAMPLE_IDS.account2)}</CodeBlock>;
}

export function ClockCurlSample(): ReactNode {
  const sandboxUrl = `${useSiteAddresses().siteUrl}${SANDBOX_BASE_PATH}`;
  const auth = `-H "Authorization: Bearer $${API_KEY_ENV}" -H "X-API-Version: ${API_VERSION}"`;
  return (
    <CodeBlock language="bash">
      {[`curl ${auth} \\\n  ${sandboxUrl}${sandboxOnlyEndpoint('getTestClock').path}`, '', `curl ${auth} -H "Content-Type: application/json" \\\n  -d '{"frozen_time": "${SAMPLE_ADVANCE_TO}"}' ${sandboxUrl}${sandboxOnlyEndpoint('advanceTestClock').path}`].join('\n')}
    </CodeBlock>
  );
}

export function LedgerlineClockSample(): ReactNode {
  const at = useSiteAddresses().siteUrl;
  const api = at === LEDGERLINE_CLI.defaultApi ? '' : ` --api ${at}`;
  return (
    <CodeBlock language="bash">
      {[`npx ${LEDGERLINE_CLI.name} clock --key ${SANDBOX_KEY_PREFIX}...${api}`, `npx ${LEDGERLINE_CLI.name} clock advance +${SETTLEMENT_DELAY_DAYS}d --key ${SANDBOX_KEY_PREFIX}...${api}`, `npx ${LEDGERLINE_CLI.name} clock advance 2027-01-01T00:00:00Z --key ${SANDBOX_KEY_PREFIX}...${api}`].join('\n')}
    </CodeBlock>
  );
}
