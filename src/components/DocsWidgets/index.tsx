/** Small MDX building blocks of the docs pages. Each renders data; none restates a fact. */
import type { ReactNode } from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import FullPageLink from '@site/src/components/FullPageLink';
import { PLAN_DOC_PROFILES } from '@site/src/data/planProfiles';
import { ACCOUNTING_PROVIDER, API_VERSION, SITE } from '@site/src/data/site';
import { useSiteAddresses } from '@site/src/lib/useSiteAddresses';
import { TIMINGS, SAMPLE_EXPIRIES } from '@site/src/data/timings';
import { API_KEY_ENV } from '@site/src/data/apiReference/common';
import { SIGNATURE_TOLERANCE_SECONDS, TYPED_CLIENT_URL_PUBLIC } from '@site/src/data/apiReference/public';
import { API_VERSION_NAMES, LATEST_API_VERSION, openApiUrls } from '@site/src/data/apiVersioning';
import { CLAIMS } from '@site/src/data/claims';
import { CLIENT_TIMEOUTS, CONNECTIONS_PER_ADDRESS, CONNECTIONS_RETRY_AFTER_S, ENV_VARS, IDLE_GRACE_MS, LISTEN_QUIET_MS, OVERLOAD, SERVER_MEMORY } from '@site/src/data/operations';
import { LEDGERLINE_CLI, SANDBOX_BASE_PATH, SANDBOX_EVENT_LOG_SIZE, SANDBOX_EVENT_STREAMS_PER_ADDRESS, SANDBOX_EVENT_STREAMS_PER_INSTANCE, SANDBOX_EVENT_STREAMS_PER_KEY, SANDBOX_EVENTS_URL, SANDBOX_KEY_TTL_MS, SANDBOX_KEYS_URL, SANDBOX_REQUEST_LOG_BODY_BYTES, SANDBOX_REQUEST_LOG_SIZE, SANDBOX_REQUESTS_URL } from '@site/src/data/sandbox';
import { PRIVACY } from '@site/src/data/legal';
import { SUPPORT_PRIORITIES, SUPPORT_PRIORITY_IDS, SUPPORT_CATEGORIES, SUPPORT_CATEGORY_IDS, formatResponseTime } from '@site/src/data/support';
import styles from './styles.module.css';

/** Links to the three per-plan reference pages, as cards with price and description. */
export function PlanReferenceLinks(): ReactNode {
  return (
    <nav className={styles.planLinks} aria-label="API reference by plan">
      {PLAN_DOC_PROFILES.map((p) => (
        <FullPageLink key={p.id} to={`/api-docs/${p.id}`} className={styles.planLink} style={{ ['--plan-color' as string]: p.color }}>
          <span className={styles.planName}>{p.name}</span>
          <span className={styles.planPrice}>{p.priceLabel}</span>
          <span className={styles.planDesc}>{p.description}</span>
          <span className={styles.planCta}>View {p.name} API reference →</span>
        </FullPageLink>
      ))}
    </nav>
  );
}

/** Quick links to sections of the current page. */
export function QuickLinks({ links, label = 'On this page' }: { links: readonly { href: string; label: string }[]; label?: string }): ReactNode {
  return (
    <nav className={styles.quickLinks} aria-label={label}>
      {links.map((l) => (
        <a key={l.href} href={l.href} className={styles.quickLink}>
          {l.label}
        </a>
      ))}
    </nav>
  );
}

/** Each version's document in both formats, newest first: tools that read only JSON get it without converting. */
export function OpenApiDownload(): ReactNode {
  const base = useBaseUrl('/');
  return (
    <ul className={styles.downloads} data-testid="openapi-downloads">
      {[...API_VERSION_NAMES].reverse().map((version) => (
        <li key={version}>
          OpenAPI 3.1 document of version <code>{version}</code>{version === LATEST_API_VERSION ? ' (newest)' : ''}:{' '}
          <a className={styles.download} href={`${base}${openApiUrls(version).yaml.slice(1)}`} download={`ledgerline-openapi-${version}.yaml`} data-testid={`openapi-download-${version}`}>
            YAML
          </a>{' '}
          ·{' '}
          <a className={styles.download} href={`${base}${openApiUrls(version).json.slice(1)}`} download={`ledgerline-openapi-${version}.json`} data-testid={`openapi-download-json-${version}`}>
            JSON
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The typed TypeScript client in one click (static/client/ledgerline.ts, generated from the document). */
export function TypedClientDownload(): ReactNode {
  const href = useBaseUrl(TYPED_CLIENT_URL_PUBLIC);
  return (
    <p className={styles.downloads}>
      <a className={styles.download} href={href} download="ledgerline.ts" data-testid="typed-client-download">
        Download the TypeScript client (ledgerline.ts)
      </a>
    </p>
  );
}

/** A duration in prose: "1 second", "30 seconds". */
const seconds = (ms: number) => `${ms / 1000} second${ms === 1000 ? '' : 's'}`;

/** Inline values for prose, so no number is typed into a page. */
export const Value = {
  ApiBaseUrl: function ApiBaseUrl(): ReactNode {
    return <code>{useSiteAddresses().apiBaseUrl}</code>;
  },
  ApiVersion: (): ReactNode => <code>{API_VERSION}</code>,
  ApiKeyEnv: (): ReactNode => <code>{API_KEY_ENV}</code>,
  Provider: (): ReactNode => <>{ACCOUNTING_PROVIDER.name}</>,
  SiteName: (): ReactNode => <>{SITE.name}</>,
  SupportEmail: (): ReactNode => <a href={`mailto:${SITE.contact.supportEmail}`}>{SITE.contact.supportEmail}</a>,
  SupportPhone: (): ReactNode => <a href={`tel:${SITE.contact.phone.replace(/[^+\d]/g, '')}`}>{SITE.contact.phone}</a>,
  AccessTokenSeconds: (): ReactNode => <>{SAMPLE_EXPIRIES.accessTokenSeconds}</>,
  AccountingTokenSeconds: (): ReactNode => <>{SAMPLE_EXPIRIES.accountingTokenSeconds}</>,
  OAuthStateSeconds: (): ReactNode => <>{SAMPLE_EXPIRIES.oauthStateSeconds}</>,
  SignatureToleranceSeconds: (): ReactNode => <>{SIGNATURE_TOLERANCE_SECONDS}</>,
  CopyConfirmationSeconds: (): ReactNode => <>{TIMINGS.copyConfirmationMs / 1000}</>,
  SandboxBaseUrl: (): ReactNode => <code>{SANDBOX_BASE_PATH}</code>,
  /** The sandbox on this site's own address (SITE_URL), e.g. for a base-URL variable. */
  SandboxUrl: function SandboxUrl(): ReactNode {
    return <code>{`${useSiteAddresses().siteUrl}${SANDBOX_BASE_PATH}`}</code>;
  },
  SandboxKeysUrl: (): ReactNode => <code>{SANDBOX_KEYS_URL}</code>,
  SandboxKeyHours: (): ReactNode => <>{SANDBOX_KEY_TTL_MS / 3_600_000}</>,
  SandboxEventsUrl: (): ReactNode => <code>{SANDBOX_EVENTS_URL}</code>,
  SandboxEventLogSize: (): ReactNode => <>{SANDBOX_EVENT_LOG_SIZE}</>,
  SandboxEventStreamsPerKey: (): ReactNode => <>{SANDBOX_EVENT_STREAMS_PER_KEY}</>,
  LedgerlineReconnectMaxSeconds: (): ReactNode => <>{LEDGERLINE_CLI.reconnectMaxMs / 1000}</>,
  SandboxRequestsUrl: (): ReactNode => <code>{SANDBOX_REQUESTS_URL}</code>,
  SandboxRequestLogSize: (): ReactNode => <>{SANDBOX_REQUEST_LOG_SIZE}</>,
  SandboxRequestLogBodyKb: (): ReactNode => <>{SANDBOX_REQUEST_LOG_BODY_BYTES / 1024}</>,
  ShutdownTimeoutSeconds: (): ReactNode => <>{ENV_VARS.SHUTDOWN_TIMEOUT_MS.default / 1000}</>,
  ListenQuiet: (): ReactNode => <>{seconds(LISTEN_QUIET_MS)}</>,
  IdleGrace: (): ReactNode => <>{seconds(IDLE_GRACE_MS)}</>,
  KeepAlive: (): ReactNode => <>{seconds(ENV_VARS.KEEP_ALIVE_TIMEOUT_MS.default)}</>,
  HeadersTimeout: (): ReactNode => <>{seconds(CLIENT_TIMEOUTS.headersMs)}</>,
  RequestTimeout: (): ReactNode => <>{seconds(CLIENT_TIMEOUTS.requestMs)}</>,
  ShedQueueMs: (): ReactNode => <>{OVERLOAD.targetQueueMs}</>,
  ShedMinInFlight: (): ReactNode => <>{OVERLOAD.minInFlight}</>,
  ShedMaxInFlight: (): ReactNode => <>{OVERLOAD.maxInFlight}</>,
  ShedLagMs: (): ReactNode => <>{OVERLOAD.maxLagMs}</>,
  ShedRetryAfter: (): ReactNode => <>{seconds(OVERLOAD.retryAfterS * 1000)}</>,
  ConnectionsPerAddress: (): ReactNode => <>{CONNECTIONS_PER_ADDRESS}</>,
  ConnectionsRetryAfter: (): ReactNode => <>{seconds(CONNECTIONS_RETRY_AFTER_S * 1000)}</>,
  SandboxEventStreamsPerAddress: (): ReactNode => <>{SANDBOX_EVENT_STREAMS_PER_ADDRESS}</>,
  SandboxEventStreamsPerInstance: (): ReactNode => <>{SANDBOX_EVENT_STREAMS_PER_INSTANCE}</>,
  InstanceMemoryMb: (): ReactNode => <>{SERVER_MEMORY.instanceMb}</>,
};

/** A marketing claim by key: <Claim name="uptime" />. */
export function Claim({ name }: { name: keyof typeof CLAIMS }): ReactNode {
  return <>{CLAIMS[name]}</>;
}

/** Security certifications and controls, as stated in the privacy policy. */
export function SecurityClaimsList(): ReactNode {
  return (
    <ul className={styles.claims}>
      {PRIVACY.securityClaims.map((c) => (
        <li key={c}>{c}</li>
      ))}
    </ul>
  );
}

/** Support priorities with their expected first response. */
export function SupportResponseTimes(): ReactNode {
  return (
    <div className={styles.tableWrap}>
      <table aria-label="Support response times">
        <thead>
          <tr>
            <th scope="col">Priority</th>
            <th scope="col">Expected response</th>
          </tr>
        </thead>
        <tbody>
          {SUPPORT_PRIORITY_IDS.map((id) => (
            <tr key={id}>
              <td>{SUPPORT_PRIORITIES[id].label}</td>
              <td>{formatResponseTime(SUPPORT_PRIORITIES[id].responseHours)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Ticket categories of the support form. */
export function SupportCategoriesList(): ReactNode {
  return (
    <ul>
      {SUPPORT_CATEGORY_IDS.map((id) => (
        <li key={id}>{SUPPORT_CATEGORIES[id].label}</li>
      ))}
    </ul>
  );
}
