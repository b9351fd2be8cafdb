/** Idempotency-Key for every feature that honours it: claims (./claim.ts), the live API's wrapper (./middleware.ts), the store and its table. */
export { claimKey, IN_FLIGHT_WAIT_MS, requestFingerprint, type Claim, type ClaimedKey, type IdempotencyRefusal } from './claim';
export { idempotent, type IdempotencyContext, type IdempotentHandler } from './middleware';
export { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS, IdempotencyStore, type IdempotencyTableName, type Recovery } from './store';
export { createIdempotencyTable, type IdempotencyTable } from './table';
