/**
 * What we promise about API versions (docs/guide/versioning.mdx, the changelog). Change a number
 * here only with the product owner: customers plan their upgrades by it.
 */
export const API_VERSION_POLICY = {
  /** A version replaced by a newer one keeps answering for at least this long. */
  supportMonthsAfterSuccessor: 12,
  /** A version's end date is announced (email to account owners, changelog) this far ahead. */
  retirementNoticeDays: 90,
} as const;

/**
 * The API changelog: one entry per change of the OpenAPI document (/openapi/v1.yaml),
 * newest first. Add an entry in the commit that changes the document; `breaking` entries need a
 * new version (docs/guide/versioning.mdx).
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
