import { createHash, createHmac, randomBytes } from 'node:crypto';
import { EXAMPLES, SAMPLE_IDS, SECOND_SAMPLE_TRANSACTION, WEBHOOK_DELIVERY_SUCCEEDED_EXAMPLE, WEBHOOK_HEADERS } from '../../../src/data/apiReference';
import { isApiVersion, LATEST_API_VERSION, type ApiVersionName } from '../../../src/data/apiVersioning';
import { isPlanId, type PlanId } from '../../../src/data/plans';
import { SANDBOX_KEY_PREFIX, SANDBOX_KEY_TTL_MS } from '../../../src/data/sandbox';
import { atomically, type Db } from '../db/database';
import { SandboxError } from './errors';
import { SandboxStore, type NewObject } from './store';

/** Sandbox keys: minting (with the sample objects a new key starts with), expiry sweeps and authentication. */
export interface SandboxKey {
  id: string;
  plan: PlanId;
  expiresAt: number;
  /** The version its answers follow when a request names none (X-API-Version overrides it). */
  apiVersion: ApiVersionName;
}

export interface SandboxServiceDeps {
  db: Db;
  now: () => Date;
  maxObjectsPerKey: number;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `prefix` + 16 base-62 characters from a CSPRNG. */
export function newId(prefix: string, length = 16): string {
  const bytes = randomBytes(length);
  let out = prefix;
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

/** Keys are stored by hash only: a leaked database holds no usable key. */
export function keyId(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** What a new key starts with: the documented sample objects, so every documented example has something to act on. */
function seedObjects(nowMs: number, apiVersion: ApiVersionName): NewObject[] {
  const account2 = { ...EXAMPLES.Account, id: SAMPLE_IDS.account2, account_number: '****7305', account_type: 'checking', balance: { current: 5000, available: 5000, currency: 'USD' } };
  const txn2 = SECOND_SAMPLE_TRANSACTION;
  // The documented secret is public: each key's copy of the sample webhook signs with its own,
  // and so does its sample delivery (the documented one, re-signed), which list cursors can name.
  const secret = `whsec_${randomBytes(16).toString('hex')}`;
  // A past delivery (succeeded): nothing is queued for it, so the sample URL is never called.
  const example = WEBHOOK_DELIVERY_SUCCEEDED_EXAMPLE;
  const timestamp = example.headers[WEBHOOK_HEADERS.timestamp];
  const signature = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${example.body}`).digest('hex')}`;
  const delivery = { ...example, headers: { ...example.headers, [WEBHOOK_HEADERS.signature]: signature } };
  // Oldest first, so lists (newest first) show the primary samples on top.
  return [
    { kind: 'account', id: SAMPLE_IDS.account2, parentId: null, data: account2, createdAt: nowMs },
    { kind: 'account', id: SAMPLE_IDS.account, parentId: null, data: EXAMPLES.Account, createdAt: nowMs },
    { kind: 'transaction', id: txn2.id, parentId: SAMPLE_IDS.account, data: txn2, createdAt: nowMs },
    { kind: 'transaction', id: SAMPLE_IDS.transaction, parentId: SAMPLE_IDS.account, data: EXAMPLES.Transaction, createdAt: nowMs },
    { kind: 'invoice', id: SAMPLE_IDS.invoice, parentId: SAMPLE_IDS.tenant, data: EXAMPLES.Invoice, createdAt: nowMs },
    { kind: 'webhook', id: SAMPLE_IDS.webhook, parentId: null, data: { ...EXAMPLES.Webhook, secret, last_delivery: null, api_version: apiVersion }, createdAt: nowMs },
    { kind: 'delivery', id: delivery.id, parentId: SAMPLE_IDS.webhook, data: delivery, createdAt: nowMs },
  ];
}

/** Mints a key, stores its sample objects and sweeps expired keys (with their objects) on the way. */
export async function mintKey(deps: Pick<SandboxServiceDeps, 'db' | 'now'>, plan: PlanId): Promise<{ key: string; plan: PlanId; expiresAt: string; apiVersion: ApiVersionName }> {
  const nowMs = deps.now().getTime();
  const key = newId(SANDBOX_KEY_PREFIX, 32);
  const expiresAt = nowMs + SANDBOX_KEY_TTL_MS;
  await atomically(deps.db, async (tx) => {
    const store = new SandboxStore(tx);
    await store.sweep(nowMs);
    // Pinned to the newest version, as Stripe pins a new account.
    await store.insertKey({ id: keyId(key), plan, created_at: nowMs, expires_at: expiresAt, api_version: LATEST_API_VERSION, pinned_at: null, previous_version: null });
    await store.insertObjects(keyId(key), seedObjects(nowMs, LATEST_API_VERSION));
  });
  return { key, plan, expiresAt: new Date(expiresAt).toISOString(), apiVersion: LATEST_API_VERSION };
}

export async function sweepExpired(deps: Pick<SandboxServiceDeps, 'db' | 'now'>): Promise<number> {
  return atomically(deps.db, (tx) => new SandboxStore(tx).sweep(deps.now().getTime()));
}

/** The key behind an Authorization header, or the documented 401. */
export async function authenticate(deps: Pick<SandboxServiceDeps, 'db' | 'now'>, authorization: string | undefined): Promise<SandboxKey> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) {
    throw new SandboxError('authentication_error', 'api_key_missing', 'No API key provided. Send your sandbox key as Authorization: Bearer sk_test_… (create one with POST /api/sandbox/keys).');
  }
  const row = match[1]!.startsWith(SANDBOX_KEY_PREFIX) ? await new SandboxStore(deps.db).getKey(keyId(match[1]!)) : undefined;
  if (!row || !isPlanId(row.plan)) throw new SandboxError('authentication_error', 'invalid_api_key', 'Invalid API key provided.');
  if (row.expires_at <= deps.now().getTime()) {
    throw new SandboxError('authentication_error', 'api_key_expired', `This sandbox key expired at ${new Date(row.expires_at).toISOString()}. Create a new one with POST /api/sandbox/keys.`);
  }
  return { id: row.id, plan: row.plan, expiresAt: row.expires_at, apiVersion: isApiVersion(row.api_version) ? row.api_version : LATEST_API_VERSION };
}
