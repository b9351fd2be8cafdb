/**
 * The search test set: questions a developer types into the site search, each with the pages a
 * knowledgeable colleague would point to (any of them counts; the first is the best answer).
 * Written from the content, not from what the engine returns. `npm test` fails when none of a
 * question's pages is in the top three (tests/e2e/docs/searchQuality.e2e.ts); `npm run bench`
 * prints hit@1, hit@3 and MRR beside an untuned MiniSearch over the same sections.
 *
 * Add a question when a reader reports a search that found nothing useful.
 */
export interface SearchQuestion {
  query: string;
  expect: readonly string[];
}

export const SEARCH_QUESTIONS: readonly SearchQuestion[] = [
  // Task phrasing
  { query: 'how do I verify a webhook', expect: ['/documentation/webhooks#verify-signatures', '/api-docs#verify-signatures', '/blog/webhook-best-practices#verify-every-signature'] },
  { query: 'how to check the webhook signature in node', expect: ['/documentation/webhooks#verify-signatures', '/api-docs#verify-signatures', '/blog/webhook-best-practices#verify-every-signature'] },
  { query: 'how do I refresh an expired access token', expect: ['/api-docs#refreshToken', '/documentation/authentication#user-sessions', '/documentation/authentication#refreshToken'] },
  { query: 'what happens when I hit the rate limit', expect: ['/api-docs#rate-limits', '/blog/rate-limits-and-plans#when-you-hit-the-rate-limit', '/documentation/plan-limits#how-limits-work'] },
  { query: 'how do I send a test event to my endpoint', expect: ['/api-docs#testWebhook'] },
  { query: 'what to do if my api key leaked', expect: ['/blog/securing-api-keys#8-rehearse-the-leak'] },
  { query: 'how long do you keep my data', expect: ['/privacy#data-retention'] },
  { query: 'how can I cancel my subscription', expect: ['/terms#termination'] },
  { query: 'where do I find the setup password', expect: ['/documentation#prerequisites', '/documentation#installation', '/documentation/installation'] },
  // Heading and body together
  { query: 'python sdk', expect: ['/api-docs#sdks'] },
  { query: 'node.js example first request', expect: ['/api-docs#first-request', '/api-docs#sdks'] },
  { query: 'webhook retry attempts', expect: ['/documentation/webhooks#retries', '/api-docs#webhook-limits'] },
  { query: 'transaction statuses', expect: ['/api-docs#statuses'] },
  { query: 'base url and headers', expect: ['/api-docs#getting-started', '/documentation#api-integration'] },
  // Typos and partial words
  { query: 'authentification', expect: ['/documentation/authentication', '/api-docs#auth'] },
  { query: 'webhok signatur', expect: ['/documentation/webhooks#verify-signatures', '/api-docs#verify-signatures', '/blog/webhook-best-practices#verify-every-signature'] },
  { query: 'paymnet failed evnt', expect: ['/api-docs#event-payment-failed'] },
  { query: 'permisions', expect: ['/api-docs#permissions', '/documentation/authentication#permissions'] },
  { query: 'idempot', expect: ['/api-docs#getting-started', '/documentation#api-integration', '/blog/webhook-best-practices#expect-retries-and-make-them-harmless'] },
  // Synonyms
  { query: 'openapi spec', expect: ['/api-docs#openapi'] },
  { query: 'signing secret', expect: ['/documentation/webhooks#verify-signatures', '/api-docs#verify-signatures', '/blog/webhook-best-practices#verify-every-signature'] },
  // The Testing guide (issue 25) is written for exactly this question; the reference's sandbox section answers it too.
  { query: 'test mode', expect: ['/api-docs#sandbox', '/documentation/testing'] },
  { query: 'too many requests', expect: ['/api-docs#rate-limits', '/blog/rate-limits-and-plans#when-you-hit-the-rate-limit', '/documentation/plan-limits#how-limits-work'] },
  { query: 'xero tenant id', expect: ['/blog/xero-reconciliation#find-the-tenant', '/api-docs#listAccountingOrganizations'] },
  // Reference look-ups
  { query: 'create a payment', expect: ['/api-docs#createPayment'] },
  { query: 'list transactions', expect: ['/api-docs#listTransactions'] },
  { query: 'create bank account', expect: ['/api-docs#createBankAccount'] },
  { query: 'profit and loss report', expect: ['/api-docs#getProfitLossReport', '/documentation/xero-integration#getProfitLossReport'] },
  { query: 'sync invoices to xero', expect: ['/api-docs#syncInvoices', '/documentation/xero-integration#syncInvoices'] },
  { query: 'connect xero', expect: ['/documentation/installation#connect-xero', '/api-docs#connectAccounting', '/documentation/xero-integration'] },
  { query: 'webhook event types', expect: ['/api-docs#event-types', '/documentation/webhooks#events', '/documentation/plan-limits#events'] },
  { query: 'error codes', expect: ['/api-docs#error-types', '/api-docs#errors', '/api-docs#http-status-codes'] },
  { query: 'deploy white label', expect: ['/api-docs#deployWhiteLabel', '/blog/white-label-banking#step-2-work-through-the-deployment-checklist'] },
  // Since versions, the versioning page is where the header is explained (which values, the key's pin).
  { query: 'X-API-Version header', expect: ['/documentation#api-integration', '/api-docs#getting-started', '/documentation/authentication', '/documentation/versioning'] },
  { query: 'sandbox', expect: ['/api-docs#sandbox'] },
  { query: 'rate limit', expect: ['/api-docs#rate-limits', '/blog/rate-limits-and-plans#when-you-hit-the-rate-limit', '/documentation/plan-limits#how-limits-work'] },
  // Plans and prices (landing page, per-plan references)
  { query: 'pricing', expect: ['/#pricing'] },
  { query: 'how much does the business plan cost', expect: ['/#plan-business'] },
  { query: 'enterprise plan api reference', expect: ['/api-docs/enterprise'] },
  { query: 'starter plan limits', expect: ['/api-docs/starter#api-limits', '/documentation/plan-limits#limits', '/documentation/plan-limits'] },
  { query: 'invoice history window starter', expect: ['/api-docs/starter#api-limits', '/documentation/plan-limits#limits'] },
  { query: 'monthly quota', expect: ['/blog/rate-limits-and-plans#watching-the-monthly-quotas', '/documentation/plan-limits#how-limits-work', '/documentation/plan-limits#limits'] },
  // Pages written for questions that had no page (issue 24)
  { query: 'pagination', expect: ['/documentation/pagination'] },
  { query: 'how do I get the next page of transactions', expect: ['/documentation/pagination', '/documentation/pagination#read-all'] },
  { query: 'starting_after has_more', expect: ['/documentation/pagination', '/documentation/pagination#read-all'] },
  { query: 'api versioning deprecation policy', expect: ['/documentation/versioning', '/documentation/versioning#lifetime'] },
  { query: 'how are breaking changes announced', expect: ['/documentation/versioning#announcements', '/documentation/versioning#promise'] },
  { query: 'api changelog', expect: ['/documentation/changelog'] },
  { query: 'cors error calling api from browser', expect: ['/documentation/browser-calls', '/documentation/browser-calls#why-not'] },
  { query: 'call the api from react frontend', expect: ['/documentation/browser-calls', '/documentation/browser-calls#backend-proxy'] },
  { query: 'webhook ip addresses allowlist', expect: ['/documentation/webhook-sources#ip-addresses', '/documentation/webhook-sources'] },
  { query: 'firewall rule for webhooks', expect: ['/documentation/webhook-sources#firewall', '/documentation/webhook-sources'] },
  { query: 'refund a payment', expect: ['/documentation/refunds', '/documentation/refunds#send-back'] },
  { query: 'reverse a transaction', expect: ['/documentation/refunds', '/documentation/refunds#send-back'] },
  // Security, compliance, support
  { query: 'gdpr', expect: ['/blog/compliance-shared-responsibility', '/blog/compliance-shared-responsibility#your-customers-personal-data', '/privacy#your-rights'] },
  { query: 'pci scope', expect: ['/blog/compliance-shared-responsibility#your-own-pci-scope'] },
  { query: 'support phone number', expect: ['/support#support-channels-title', '/documentation#support'] },
  { query: 'urgent ticket response time', expect: ['/support#response-times-title', '/documentation#support'] },
  { query: 'duplicate webhook deliveries', expect: ['/blog/webhook-best-practices#expect-retries-and-make-them-harmless', '/documentation/webhooks#retries', '/blog/webhook-best-practices'] },
  { query: 'exponential backoff', expect: ['/blog/rate-limits-and-plans#when-you-hit-the-rate-limit', '/api-docs#rate-limits', '/documentation/plan-limits#how-limits-work'] },
];
