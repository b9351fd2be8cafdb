/**
 * Test keys of the sandbox, one per plan, kept in localStorage until they expire so every Try it
 * panel of a plan (and the key offered on /success) is the same key, and reloads do not mint new
 * ones against the per-client rate limit of POST /api/sandbox/keys.
 */
import type { PlanId } from '@site/src/data/plans';
import { SANDBOX_KEYS_URL } from '@site/src/data/sandbox';
import { SANDBOX_KEY_STORAGE_PREFIX, TRY_IT_COPY } from '@site/src/data/tryIt';

export interface SandboxKey {
  key: string;
  plan: PlanId;
  /** ISO 8601 time after which the sandbox refuses the key. */
  expiresAt: string;
}

// A key about to expire would fail mid-try: replace it a minute early.
const EXPIRY_MARGIN_MS = 60_000;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked (privacy settings, sandboxed frames): keys then last for the page only.
    return null;
  }
}

const memory = new Map<PlanId, SandboxKey>();

function isUsable(value: unknown, plan: PlanId, now: number): value is SandboxKey {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<SandboxKey>;
  return typeof v.key === 'string' && v.key !== '' && v.plan === plan && typeof v.expiresAt === 'string' && Date.parse(v.expiresAt) - EXPIRY_MARGIN_MS > now;
}

/** The plan's stored key, or null when there is none or it has (nearly) expired. */
export function storedKey(plan: PlanId, now = Date.now()): SandboxKey | null {
  const cached = memory.get(plan);
  if (isUsable(cached, plan, now)) return cached;
  const raw = storage()?.getItem(SANDBOX_KEY_STORAGE_PREFIX + plan);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isUsable(parsed, plan, now)) return parsed;
  } catch {
    // A damaged entry is as good as none.
  }
  forgetKey(plan);
  return null;
}

export function forgetKey(plan: PlanId): void {
  memory.delete(plan);
  storage()?.removeItem(SANDBOX_KEY_STORAGE_PREFIX + plan);
}

function remember(key: SandboxKey): void {
  memory.set(key.plan, key);
  try {
    storage()?.setItem(SANDBOX_KEY_STORAGE_PREFIX + key.plan, JSON.stringify(key));
  } catch {
    // Quota exceeded: the in-memory copy still serves this page.
  }
}

/** Creates a key for `plan` with POST /api/sandbox/keys; throws an Error with a human message. */
export async function mintKey(plan: PlanId): Promise<SandboxKey> {
  const res = await fetch(SANDBOX_KEYS_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ plan }),
  });
  const data = (await res.json().catch(() => null)) as { key?: unknown; expiresAt?: unknown; error?: unknown } | null;
  if (!res.ok || typeof data?.key !== 'string' || typeof data.expiresAt !== 'string') {
    const reason = typeof data?.error === 'string' ? data.error : `HTTP ${res.status}`;
    throw new Error(`${TRY_IT_COPY.keyError} ${reason}`);
  }
  const key: SandboxKey = { key: data.key, plan, expiresAt: data.expiresAt };
  remember(key);
  return key;
}

/** The stored key of the plan, or a new one. */
export async function ensureKey(plan: PlanId): Promise<SandboxKey> {
  return storedKey(plan) ?? mintKey(plan);
}

/** Expiry as the reader's clock shows it. */
export function formatExpiry(expiresAt: string): string {
  return new Date(expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
