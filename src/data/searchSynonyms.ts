/**
 * Words our readers search with that the site says differently. Each group lists phrases that
 * mean the same thing here; a query holding one phrase also looks for the others, at a lower
 * weight than the words typed. Add a group when a search test (tests/search/queries.ts) shows a
 * developer's word missing; keep phrases lower-case, words as a reader would type them.
 */
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  ['openapi document', 'openapi spec', 'openapi specification', 'api spec', 'swagger', 'openapi yaml', 'spec'],
  ['webhook secret', 'signing secret', 'signature secret', 'endpoint secret', 'shared secret'],
  ['sandbox', 'test mode', 'test environment', 'testing environment', 'staging', 'test key'],
  ['api key', 'secret key', 'bearer token'],
  ['authentication', 'auth', 'log in', 'sign in', 'login'],
  ['rate limit', 'throttling', 'throttle', 'too many requests'],
  ['sdk', 'client library', 'libraries'],
  ['pagination', 'paging', 'paginate', 'next page', 'starting_after', 'cursor'],
  ['refund', 'reversal', 'reverse a payment', 'chargeback'],
  ['changelog', 'release notes', 'what changed', 'breaking change'],
  ['versioning', 'api version', 'deprecation', 'deprecated'],
  ['cors', 'browser', 'frontend', 'front end', 'client side'],
  ['ip address', 'ip allowlist', 'allowlist', 'whitelist', 'firewall', 'source address'],
  ['pricing', 'price', 'cost', 'how much', 'monthly fee'],
  ['verify', 'validate', 'check'],
  ['retry', 'retries', 'redeliver', 'resend'],
  ['cancel', 'termination', 'unsubscribe'],
  // British spellings need no entry: one letter away, fuzzy matching finds them.
  ['organization', 'tenant'],
  ['idempotency', 'idempotent', 'duplicate'],
  ['expire', 'expiry', 'expiration', 'lifetime', 'ttl'],
  ['error', 'exception'],
  ['plan limits', 'quota', 'quotas'],
];
