import type { ReactNode } from 'react';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import Accordion from '@site/src/components/Accordion';
import { RequestHeadersTable } from '@site/src/components/ApiTables/Table';
import { UPGRADE_REQUIRED } from '@site/src/components/ApiTables/PlanBadges';
import { Value } from '@site/src/components/DocsWidgets';
import { outlineEndpointsOf, type ApiOutline } from '@site/src/data/apiReference/outline';
import type { ApiSectionId } from '@site/src/data/apiReference/types';
import { planEndpointSections } from '@site/src/lib/apiSidebar';
import { ACCOUNTING_PROVIDER } from '@site/src/data/site';
import { getPlan, type PlanId } from '@site/src/data/plans';
import { EndpointList, WebhookEventList } from '@site/src/components/ReferenceParts';

interface SectionDef {
  id: string;
  label: string;
  /** Endpoint section listed under this heading; Getting Started has none. */
  endpoints?: ApiSectionId;
  intro: (plan: PlanId, outline: ApiOutline) => ReactNode;
}

/** Whether the plan's page badges anything Upgrade Required; on Enterprise nothing is gated. */
function hasGatedItems(plan: PlanId, outline: ApiOutline): boolean {
  return [...outline.endpoints, ...outline.events].some((item) => !item.plans.includes(plan));
}

const SECTIONS: readonly SectionDef[] = [
  {
    id: 'getting-started',
    label: 'Getting Started',
    intro: (plan, outline) => (
      <>
        <p>
          Send every request to <Value.ApiBaseUrl /> with your secret key and <code>X-Plan-Type: {plan}</code>.{' '}
          {hasGatedItems(plan, outline) ? (
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
  { id: 'webhooks', label: 'Webhooks', endpoints: 'webhooks', intro: (plan, outline) => (
      <p>
        Register endpoints and receive signed events.
        {outline.events.some((e) => !e.plans.includes(plan)) ? ' Events your plan cannot receive are dimmed.' : null}
      </p>
    ) },
  { id: 'white-label-api', label: 'White Label API', endpoints: 'whiteLabel', intro: () => <p>Read your white-label configuration and deploy your branded platform.</p> },
];

function visible(plan: PlanId): readonly SectionDef[] {
  const shown = planEndpointSections(plan);
  return SECTIONS.filter((s) => !s.endpoints || shown.includes(s.endpoints));
}

export function planSectionLinks(plan: PlanId): readonly { id: string; label: string }[] {
  return [{ id: 'api-limits', label: 'Limits' }, ...visible(plan).map(({ id, label }) => ({ id, label }))];
}

/** What a collapsed section holds, and how much of it the plan lacks. */
function summary(plan: PlanId, section: SectionDef, outline: ApiOutline): string {
  if (!section.endpoints) return 'Base URL, headers and plan gating';
  const items: readonly { plans: readonly PlanId[] }[] = [...outlineEndpointsOf(outline, section.endpoints), ...(section.id === 'webhooks' ? outline.events : [])];
  const kind = section.id === 'webhooks' ? 'endpoints and events' : 'endpoints';
  const gated = items.filter((item) => !item.plans.includes(plan)).length;
  return `${items.length} ${kind}${gated ? `, ${gated} ${gated === 1 ? 'needs' : 'need'} an upgrade` : ''}`;
}

/**
 * Reference sections of a plan page, as the accordions of /api-docs: Getting Started open, the
 * others closed with a summary of what they hold and how much of it needs an upgrade. A closed
 * section stays in the HTML (search, crawlers, find-in-page once opened) but is neither laid out
 * nor hydrated until it is opened; a link to it or to a card inside it (sidebar, search) opens
 * it. With every section open, the phone's start-up laid out and painted ~6,800 elements.
 * Summaries come from the reference's outline; the cards, with the data they need, load with
 * their section (src/components/ReferenceParts).
 */
export default function PlanSections({ plan, outline }: { plan: PlanId; outline: ApiOutline }): ReactNode {
  return (
    <>
      {visible(plan).map((s, i) => (
        <Accordion key={s.id} id={s.id} title={s.label} subtitle={summary(plan, s, outline)} defaultOpen={i === 0}>
          {s.intro(plan, outline)}
          {s.endpoints ? <EndpointList section={s.endpoints} plan={plan} /> : null}
          {s.endpoints === 'webhooks' ? (
            <>
              <Heading as="h3" id="event-types">
                Event types
              </Heading>
              <WebhookEventList plan={plan} />
            </>
          ) : null}
        </Accordion>
      ))}
    </>
  );
}
