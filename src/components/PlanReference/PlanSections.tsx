import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import { EndpointList } from '@site/src/components/EndpointCard';
import WebhookEventList from '@site/src/components/WebhookEvents';
import { RequestHeadersTable, UPGRADE_REQUIRED } from '@site/src/components/ApiTables';
import { API_BASE_URL, API_ENDPOINTS, WEBHOOK_EVENTS, type ApiSectionId } from '@site/src/data/apiReference';
import { ACCOUNTING_PROVIDER } from '@site/src/data/site';
import { getPlan, type PlanId } from '@site/src/data/plans';
import styles from './styles.module.css';

interface SectionDef {
  id: string;
  label: string;
  /** Endpoint section listed under this heading; Getting Started has none. */
  endpoints?: ApiSectionId;
  intro: (plan: PlanId) => ReactNode;
  /** Only these plans see the section (spec: White Label API is enterprise only). */
  plans?: readonly PlanId[];
}

/** Whether the plan's page badges anything Upgrade Required; on Enterprise nothing is gated. */
function hasGatedItems(plan: PlanId): boolean {
  return [...API_ENDPOINTS, ...WEBHOOK_EVENTS].some((item) => !item.plans.includes(plan));
}

const SECTIONS: readonly SectionDef[] = [
  {
    id: 'getting-started',
    label: 'Getting Started',
    intro: (plan) => (
      <>
        <p>
          Send every request to <code>{API_BASE_URL}</code> with your secret key and <code>X-Plan-Type: {plan}</code>.{' '}
          {hasGatedItems(plan) ? (
            <>
              Calls and events marked {UPGRADE_REQUIRED} answer <code>403 permission_error</code> on the {getPlan(plan).name} plan.{' '}
            </>
          ) : (
            <>Every call and event below is open to the {getPlan(plan).name} plan. </>
          )}
          New here? Follow the <Link to="/documentation/installation">installation guide</Link>.
        </p>
        <RequestHeadersTable plan={plan} />
      </>
    ),
  },
  { id: 'authentication', label: 'Authentication', endpoints: 'auth', intro: () => <p>Sign your users in and read their profile and permissions.</p> },
  { id: 'banking', label: 'Banking', endpoints: 'banking', intro: () => <p>Bank accounts, transactions and payments.</p> },
  {
    id: 'accounting',
    label: 'Accounting integration',
    endpoints: 'accounting',
    intro: () => <p>Connect {ACCOUNTING_PROVIDER.name} organizations, read invoices and reports, sync transactions.</p>,
  },
  { id: 'webhooks', label: 'Webhooks', endpoints: 'webhooks', intro: (plan) => (
      <p>
        Register endpoints and receive signed events.
        {WEBHOOK_EVENTS.some((e) => !e.plans.includes(plan)) ? ' Events your plan cannot receive are dimmed.' : null}
      </p>
    ) },
  { id: 'white-label-api', label: 'White Label API', endpoints: 'whiteLabel', plans: ['enterprise'], intro: () => <p>Read your white-label configuration and deploy your branded platform.</p> },
];

function visible(plan: PlanId): readonly SectionDef[] {
  return SECTIONS.filter((s) => !s.plans || s.plans.includes(plan));
}

export function planSectionLinks(plan: PlanId): readonly { id: string; label: string }[] {
  return [{ id: 'api-limits', label: 'Limits' }, ...visible(plan).map(({ id, label }) => ({ id, label }))];
}

/** Reference sections of a plan page; endpoints and events come from the API reference data. */
export default function PlanSections({ plan }: { plan: PlanId }): ReactNode {
  return (
    <>
      {visible(plan).map((s) => (
        <section key={s.id} className={styles.section} aria-labelledby={s.id} data-section={s.id}>
          <Heading as="h2" id={s.id}>
            {s.label}
          </Heading>
          {s.intro(plan)}
          {s.endpoints ? <EndpointList section={s.endpoints} plan={plan} /> : null}
          {s.id === 'webhooks' ? (
            <>
              <Heading as="h3" id="event-types">
                Event types
              </Heading>
              <WebhookEventList plan={plan} />
            </>
          ) : null}
        </section>
      ))}
    </>
  );
}
