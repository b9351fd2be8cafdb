import type { ReactNode } from 'react';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import CodeBlock from '@theme/CodeBlock';
import Link from '@docusaurus/Link';
import CodeTabs from '@site/src/components/CodeTabs';
import { MethodBadge, ParamsTable, PlanAvailability, UpgradeBadge } from '@site/src/components/ApiTables';
import { API_KEY_ENV, endpointAnchor, endpointById, IDEMPOTENCY_HEADER, codeSamples, endpointsOf, type ApiEndpoint, type ApiSectionId, type EndpointId } from '@site/src/data/apiReference';
import { PLAN_LIMITS, formatLimit, type PlanLimits } from '@site/src/data/limits';
import { getPlan, type PlanId } from '@site/src/data/plans';
import LazyHydrate from '@site/src/components/LazyHydrate';
import TryIt from '@site/src/components/TryIt';
import { useSiteAddresses } from '@site/src/lib/useSiteAddresses';
import { useApiVersion } from '@site/src/lib/apiVersion';
import { endpointIn } from '@site/src/lib/apiVersionReference';
import type { ApiVersionName } from '@site/src/data/apiVersioning';
import styles from './styles.module.css';

export interface EndpointCardProps {
  endpoint: ApiEndpoint;
  /** The plan being viewed (per-plan pages): samples send its X-Plan-Type, unavailable calls are dimmed. */
  plan?: PlanId;
  /** Heading id when the call is shown twice on one page (ids must be unique); defaults to the endpoint id. */
  anchor?: string;
}

/** Plan limits that apply to a call, phrased for one plan. */
export function limitNote(key: keyof PlanLimits, plan: PlanId): string | null {
  const value = PLAN_LIMITS[plan][key];
  switch (key) {
    case 'transactionListLimit':
      return `${getPlan(plan).name}: at most ${formatLimit(value as number | null)} transactions per request.`;
    case 'invoicesPerRequest':
      return `${getPlan(plan).name}: at most ${formatLimit(value as number)} invoices per request.`;
    case 'invoiceWindowDays':
      return value === null ? null : `${getPlan(plan).name}: invoices of the last ${String(value)} days only.`;
    case 'webhooks':
      return `${getPlan(plan).name}: ${formatLimit(value as number | null)} webhooks.`;
    default:
      return null;
  }
}

function Headers({ endpoint, plan, version }: { endpoint: ApiEndpoint; plan: string; version: ApiVersionName }): ReactNode {
  return (
    <ul className={styles.headers} aria-label="Headers">
      <li>
        <code>Authorization: Bearer ${API_KEY_ENV}</code>
      </li>
      <li>
        <code>X-API-Version: {version}</code>
      </li>
      <li>
        {/* The key carries its plan (PLAN_HEADER_RULE): the header only names it. */}
        <code>X-Plan-Type: {plan}</code> <span className={styles.optional}>optional</span>
      </li>
      {endpoint.method === 'POST' ? (
        <>
          <li>
            <code>Content-Type: application/json</code>
          </li>
          <li>
            <code>{IDEMPOTENCY_HEADER}: &lt;unique key&gt;</code> <span className={styles.optional}>optional</span>
          </li>
        </>
      ) : null}
    </ul>
  );
}

/**
 * One documented call: method, full path, plans, headers, parameters, request samples in synced
 * tabs and the response example. On a plan page an unavailable call is dimmed, badged Upgrade
 * Required and shows no samples (they would only answer 403).
 */
export default function EndpointCard({ endpoint: written, plan, anchor }: EndpointCardProps): ReactNode {
  // The call as the version picked in the page's switcher documents it.
  const version = useApiVersion();
  const endpoint = endpointIn(version, written);
  const available = !plan || endpoint.plans.includes(plan);
  const notes = plan ? (endpoint.limits ?? []).map((k) => limitNote(k, plan)).filter((n): n is string => n !== null) : [];
  const { apiBaseUrl } = useSiteAddresses();
  return (
    <LazyHydrate>
      <article
        className={clsx(styles.card, !available && styles.unavailable)}
        data-endpoint={endpoint.id}
        data-available={available ? 'true' : 'false'}
        aria-label={`${endpoint.method} ${endpoint.path}`}>
        <header className={styles.header}>
          <Heading as="h3" id={anchor ?? endpointAnchor(endpoint.id, plan)} className={styles.title}>
            <MethodBadge method={endpoint.method} /> <code className={styles.path}>{endpoint.path}</code>{' '}
            <span className={styles.summary}>{endpoint.summary}</span>
          </Heading>
          <div className={styles.badges}>{available ? <PlanAvailability plans={endpoint.plans} /> : <UpgradeBadge />}</div>
        </header>
        <p className={styles.url}>
          <code>
            {endpoint.method} {apiBaseUrl}
            {endpoint.path}
          </code>
        </p>
        <p>{endpoint.description}</p>
        {/* Dimmed calls too: trying one shows the 403 the plan would get. */}
        <TryIt endpoint={endpoint} plan={plan} version={version} />
        {!available ? (
          <p className={styles.upgradeHint}>
            Available on {endpoint.plans.map((id) => getPlan(id).name).join(' and ')}. <Link to="/#pricing">Compare plans and upgrade</Link>
          </p>
        ) : (
          <>
            {notes.length ? (
              <ul className={styles.notes}>
                {notes.map((n) => (
                  <li key={n}>{n}</li>
                ))}
              </ul>
            ) : null}
            {endpoint.permission ? (
              <p className={styles.meta}>
                Permission: <code>{endpoint.permission}</code>
              </p>
            ) : null}
            <div className={styles.block}>
              <h4 className={styles.blockTitle}>Headers</h4>
              <Headers endpoint={endpoint} plan={plan ?? 'business'} version={version} />
            </div>
            <div className={styles.block}>
              <h4 className={styles.blockTitle}>Parameters</h4>
              <ParamsTable params={endpoint.params} />
            </div>
            <div className={styles.grid}>
              <div className={styles.block}>
                <h4 className={styles.blockTitle}>Request</h4>
                <CodeTabs samples={codeSamples(endpoint, apiBaseUrl, plan, version)} />
              </div>
              <div className={styles.block}>
                <h4 className={styles.blockTitle}>Response</h4>
                <CodeBlock language="json" title={`${endpoint.response.status} ${endpoint.response.status === 201 ? 'Created' : 'OK'}`}>
                  {JSON.stringify(plan && endpoint.response.exampleFor ? endpoint.response.exampleFor(plan) : endpoint.response.example, null, 2)}
                </CodeBlock>
              </div>
            </div>
          </>
        )}
      </article>
    </LazyHydrate>
  );
}

/** All endpoints of a section, in reference order. */
export function EndpointList({ section, plan }: { section: ApiSectionId; plan?: PlanId }): ReactNode {
  return (
    <div className={styles.list}>
      {endpointsOf(section).map((e) => (
        <EndpointCard key={e.id} endpoint={e} plan={plan} />
      ))}
    </div>
  );
}

/** One endpoint by id, for MDX: <Endpoint id="getCurrentUser" />. Fails the build on a wrong id. */
export function Endpoint({ id, plan, anchor }: { id: EndpointId; plan?: PlanId; anchor?: string }): ReactNode {
  return <EndpointCard endpoint={endpointById(id)} plan={plan} anchor={anchor} />;
}
