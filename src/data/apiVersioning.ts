/**
 * What we promise about API versions (docs/guide/versioning.mdx, the changelog). Change a number
 * here only with the product owner: customers plan their upgrades by it.
 */
export const API_VERSION_POLICY = {
  /** A version replaced by a newer one keeps answering for at least this long. */
  supportMonthsAfterSuccessor: 12,
  /** A version's end date is announced (email to account owners, changelog) this far ahead. */
  retirementNoticeDays: 90,
  /**
   * After a sandbox key's pin is upgraded (POST /api/sandbox/keys/version), it can be rolled back
   * to the version it had for this long: a working day to run an integration's tests against the
   * new shapes, shorter than a key's 24 hours so the rule can be seen (and tested) in the sandbox.
   */
  pinRollbackHours: 12,
} as const;

/**
 * Every API version, oldest first: the one registry the documents, the sandbox, the changelog,
 * the typed client, Try it and the MCP tools read. `v1` keeps its name (integrations send it);
 * later versions are named by their release date, Stripe's way, and that name is both the
 * `X-API-Version` value and the document's `info.version`. To add a version: append its name
 * here, its entry below and its changes in src/data/apiReference/versions/.
 */
export const API_VERSION_NAMES = ['v1', '2026-11-28'] as const;
export type ApiVersionName = (typeof API_VERSION_NAMES)[number];

export interface ApiVersionInfo {
  name: ApiVersionName;
  /** The day its document was first published (YYYY-MM-DD). */
  released: string;
  /** The version that replaces it, null for the newest. */
  successor: ApiVersionName | null;
}

export const API_VERSIONS: readonly ApiVersionInfo[] = API_VERSION_NAMES.map((name, i) => ({
  name,
  // Dated versions are named by their release date; v1 was published on 2026-11-22.
  released: name === 'v1' ? '2026-11-22' : name,
  successor: API_VERSION_NAMES[i + 1] ?? null,
}));

/** The version new sandbox keys are pinned to, and the one the reference shows first. */
export const LATEST_API_VERSION: ApiVersionName = API_VERSION_NAMES[API_VERSION_NAMES.length - 1]!;

export function isApiVersion(value: unknown): value is ApiVersionName {
  return typeof value === 'string' && (API_VERSION_NAMES as readonly string[]).includes(value);
}

export function apiVersionInfo(name: ApiVersionName): ApiVersionInfo {
  return API_VERSIONS.find((v) => v.name === name)!;
}

/** `current` for the newest, `supported` until its end (policy months after its successor's release), then `retired`. */
export function apiVersionStatus(name: ApiVersionName, today: string): { status: 'current' | 'supported' | 'retired'; supportedUntil: string | null } {
  const { successor } = apiVersionInfo(name);
  if (!successor) return { status: 'current', supportedUntil: null };
  const end = new Date(`${apiVersionInfo(successor).released}T00:00:00Z`);
  end.setUTCMonth(end.getUTCMonth() + API_VERSION_POLICY.supportMonthsAfterSuccessor);
  const supportedUntil = end.toISOString().slice(0, 10);
  return { status: today < supportedUntil ? 'supported' : 'retired', supportedUntil };
}

/** Public addresses of one version's OpenAPI document, built by src/plugins/siteAddressFiles.ts. */
export const openApiUrls = (name: ApiVersionName) => ({ yaml: `/openapi/${name}.yaml`, json: `/openapi/${name}.json` });

/**
 * Notes on the computed changelog (src/plugins/apiChangelog): a title and context for each
 * release snapshot (src/data/apiReference/releases/<version>/<date>.json), by `version@date`.
 * The changes themselves are computed from the snapshots and always listed: a note adds context,
 * it cannot leave a change out. tests/unit/docs/apiReleases.test.ts asks one of each release.
 */
export const API_CHANGELOG_NOTES: Readonly<Record<string, { title: string; context?: readonly string[] }>> = {
  'v1@2026-11-23': {
    title: 'v1 as released: the first recorded snapshot',
    context: ['The document as it stood when release snapshots began; what came before is listed below, as written at the time.'],
  },
  'v1@2026-11-28': {
    title: 'Webhooks name their API version; the sandbox gets a test clock',
    context: [
      'Additions only: a webhook states the version its events are rendered in, and POST /webhooks may choose it (by default the version of the request). Webhooks created before this have none: they receive v1 events.',
      'Sandbox only: a test clock per key and simulations (guide: Testing over time), the invoice.overdue event, a failure_reason on failed transactions and payments, and the errors for a monthly allowance used up and an expired accounting token. v1 keeps its statuses: a payment still reads succeeded at once, and a returned transaction or payment reads failed.',
    ],
  },
  '2026-11-28@2026-11-28': {
    title: 'Version 2026-11-28: amounts in minor units, one status vocabulary, settlement statuses',
    context: [
      'A new version beside v1, which keeps answering as before. Each change below, why it was made and what to do, is on the upgrade page (/documentation/upgrade-2026-11-28).',
    ],
  },
};

/**
 * The changelog before release snapshots began (2026-11-23), as written at the time, newest
 * first: the computed changelog starts from v1's first snapshot.
 */
export interface ApiChange {
  date: string;
  title: string;
  changes: readonly string[];
  breaking: boolean;
}

export const API_CHANGELOG: readonly ApiChange[] = [
  {
    date: '2026-11-23',
    title: 'The sandbox is listed as a server',
    changes: ['`servers` names `/sandbox/v1` next to production, so API tools can send the documented calls to the sandbox with a test key.'],
    breaking: false,
  },
  {
    date: '2026-11-23',
    title: 'Cursor pagination and test deliveries',
    changes: [
      'Every list takes `starting_after` (the id of the last item of the previous page) and answers `has_more`; lists are newest first.',
      'New: `POST /webhooks/{id}/test` signs a sample event with the webhook\'s secret and delivers it.',
      'New: `GET /webhooks/{id}/deliveries` lists a webhook\'s deliveries with the exact headers and raw body your endpoint receives.',
    ],
    breaking: false,
  },
  {
    date: '2026-11-23',
    title: 'Spelling',
    changes: ['Descriptions use American spelling throughout (“color”). No field, value or path changed.'],
    breaking: false,
  },
  {
    date: '2026-11-23',
    title: 'Idempotency keys, failed statuses, plan list limits',
    changes: [
      'Every `POST` accepts an optional `Idempotency-Key` header: a retry with the same key answers the first result instead of acting twice.',
      'Transactions and payments document the `failed` status.',
      'The transaction list `limit` is capped by your plan’s transaction list limit instead of a flat 100.',
      'The payment answer’s `fee` is described as your plan’s per-transaction product fee.',
    ],
    breaking: false,
  },
  {
    date: '2026-11-22',
    title: 'v1 published',
    changes: ['The OpenAPI 3.1 document of the v1 API: authentication, banking, the Xero integration, webhooks and white label, with the plans allowed to use each operation in `x-ledgerline-plans`.'],
    breaking: false,
  },
];
