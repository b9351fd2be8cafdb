/**
 * Reference tables rendered from src/data/apiReference, for MDX pages and the plan pages.
 * Nothing here restates a fact: every row comes from the data.
 */
import type { ReactNode } from 'react';
import CodeBlock from '@theme/CodeBlock';
import { PLAN_IDS, getPlan, type PlanId } from '@site/src/data/plans';
import { planAvailabilityLabel } from './PlanBadges';
import { Table } from './Table';
import {
  API_ERROR_TYPES,
  HTTP_STATUS_CODES,
  PERMISSIONS,
  STATUSES,
  WEBHOOK_EVENTS,
  API_ENDPOINTS,
  errorBody,
  type ApiParam,
  type JsonSchema,
} from '@site/src/data/apiReference';
import styles from './styles.module.css';

export { PlanAvailability, UpgradeBadge, MethodBadge, planAvailabilityLabel, UPGRADE_REQUIRED } from './PlanBadges';
export { Table, RequestHeadersTable, WebhookHeader } from './Table';

/** "string (date)", "integer 1-12", "one of: a, b". */
export function describeSchema(schema: JsonSchema): string {
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'object');
  const parts = [schema.type === 'array' && schema.items?.type ? `array of ${String(schema.items.type)}` : type];
  if (schema.format) parts.push(`(${schema.format})`);
  if (schema.minimum !== undefined && schema.maximum !== undefined) parts.push(`${schema.minimum} to ${schema.maximum}`);
  else if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`);
  return parts.join(' ');
}

export function ParamsTable({ params }: { params: readonly ApiParam[] }): ReactNode {
  if (!params.length) return <p className={styles.muted}>No parameters.</p>;
  return (
    <Table head={['Parameter', 'In', 'Type', 'Description']} label="Parameters">
      {params.map((p) => (
        <tr key={p.name}>
          <td>
            <code>{p.name}</code>
            {p.required ? <> <span className={styles.required}>required</span></> : <span className={styles.muted}> optional</span>}
          </td>
          <td>{p.in}</td>
          <td>
            <code>{describeSchema(p.schema)}</code>
          </td>
          <td>
            {p.description}
            {p.schema.enum ? (
              <>
                {' '}
                One of {p.schema.enum.map((v, i) => (
                  <span key={String(v)}>
                    {i ? ', ' : ''}
                    <code>{String(v)}</code>
                  </span>
                ))}
                .
              </>
            ) : null}
            {p.schema.examples ? <> Examples: {p.schema.examples.map(String).join(', ')}.</> : null}
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function HttpStatusTable(): ReactNode {
  return (
    <Table head={['Code', 'Status', 'Meaning']} label="HTTP status codes">
      {HTTP_STATUS_CODES.map((s) => (
        <tr key={s.code}>
          <td>
            <code>{s.code}</code>
          </td>
          <td>{s.label}</td>
          <td>{s.meaning}</td>
        </tr>
      ))}
    </Table>
  );
}

export function ErrorTypesTable(): ReactNode {
  return (
    <Table head={['Type', 'HTTP', 'Example code', 'When']} label="Error types">
      {API_ERROR_TYPES.map((t) => (
        <tr key={t.type} id={`error-${t.type}`}>
          <td>
            <code>{t.type}</code>
          </td>
          <td>{t.status}</td>
          <td>
            <code>{t.exampleCode}</code>
          </td>
          <td>{t.description}</td>
        </tr>
      ))}
    </Table>
  );
}

/** The documented error body, with the invalid_request_error / parameter_missing example. */
export function ErrorBodyExample(): ReactNode {
  const example = API_ERROR_TYPES.find((t) => t.exampleCode === 'parameter_missing') ?? API_ERROR_TYPES[0]!;
  return (
    <CodeBlock language="json" title={`${example.status} ${example.type}`}>
      {JSON.stringify(errorBody(example), null, 2)}
    </CodeBlock>
  );
}

export function PermissionsTable(): ReactNode {
  return (
    <Table head={['Permission', 'Grants', ...PLAN_IDS.map((id) => getPlan(id).name)]} label="Permissions">
      {PERMISSIONS.map((p) => (
        <tr key={p.name}>
          <td>
            <code>{p.name}</code>
          </td>
          <td>{p.description}</td>
          {PLAN_IDS.map((id) => (
            <td key={id}>{p.plans.includes(id) ? <span className={styles.check}>✓</span> : <span className={styles.cross}>—</span>}</td>
          ))}
        </tr>
      ))}
    </Table>
  );
}

const STATUS_LABELS: Record<keyof typeof STATUSES, string> = {
  account: 'Account',
  transaction: 'Transaction',
  payment: 'Payment',
  invoice: 'Invoice',
  syncJob: 'Sync job',
  webhookDelivery: 'Webhook delivery',
  whiteLabelDeployment: 'White-label deployment',
};

export function StatusesTable(): ReactNode {
  return (
    <Table head={['Object', 'Statuses']} label="Statuses">
      {(Object.keys(STATUSES) as (keyof typeof STATUSES)[]).map((k) => (
        <tr key={k}>
          <td>{STATUS_LABELS[k]}</td>
          <td>
            {STATUSES[k].map((s, i) => (
              <span key={s}>
                {i ? ', ' : ''}
                <code>{s}</code>
              </span>
            ))}
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** The event types with a tick per plan that may receive them. */
export function WebhookEventsTable(): ReactNode {
  return (
    <Table head={['Event', 'Sent when', ...PLAN_IDS.map((id) => getPlan(id).name)]} label="Webhook events">
      {WEBHOOK_EVENTS.map((e) => (
        <tr key={e.type} data-event={e.type}>
          <td>
            <code>{e.type}</code>
          </td>
          <td>{e.description}</td>
          {PLAN_IDS.map((id) => (
            <td key={id} aria-label={`${getPlan(id).name}: ${e.plans.includes(id) ? 'included' : 'not included'}`}>
              {e.plans.includes(id) ? <span className={styles.check}>✓</span> : <span className={styles.cross}>—</span>}
            </td>
          ))}
        </tr>
      ))}
    </Table>
  );
}

/** Which plans may call each endpoint: the spec's section 6 gating, from the endpoint data. */
export function EndpointAvailabilityTable(): ReactNode {
  return (
    <Table head={['Endpoint', ...PLAN_IDS.map((id) => getPlan(id).name)]} label="Endpoint availability by plan">
      {API_ENDPOINTS.map((e) => (
        <tr key={e.id} data-endpoint={e.id}>
          <td>
            <code>
              {e.method} {e.path}
            </code>
          </td>
          {PLAN_IDS.map((id) => (
            <td key={id} aria-label={`${getPlan(id).name}: ${e.plans.includes(id) ? 'included' : 'not included'}`}>
              {e.plans.includes(id) ? <span className={styles.check}>✓</span> : <span className={styles.cross}>—</span>}
            </td>
          ))}
        </tr>
      ))}
    </Table>
  );
}

/** Calls and events a plan cannot use, from the gating data: <PlanRestrictions plan="starter" />. */
export function PlanRestrictions({ plan }: { plan: PlanId }): ReactNode {
  const endpoints = API_ENDPOINTS.filter((e) => !e.plans.includes(plan));
  const events = WEBHOOK_EVENTS.filter((e) => !e.plans.includes(plan));
  return (
    <ul data-plan-restrictions={plan}>
      {endpoints.map((e) => (
        <li key={e.id}>
          <code>
            {e.method} {e.path}
          </code>{' '}
          ({planAvailabilityLabel(e.plans)})
        </li>
      ))}
      {events.map((e) => (
        <li key={e.type}>
          event <code>{e.type}</code> ({planAvailabilityLabel(e.plans)})
        </li>
      ))}
    </ul>
  );
}
