import { API_VERSION_NAMES, API_VERSION_POLICY, type ApiVersionName } from '../../../src/data/apiVersioning';
import type { SandboxKeyPinResponse } from '../../../src/schemas/sandbox';
import { atomically, type Db } from '../db/database';
import { HttpError } from '../http/errors';
import { SandboxError } from './errors';
import { authenticate } from './keys';
import { SandboxStore } from './store';

const WINDOW_MS = API_VERSION_POLICY.pinRollbackHours * 3_600_000;
const order = (v: ApiVersionName) => API_VERSION_NAMES.indexOf(v);

/**
 * Moves a key's pin (POST /api/sandbox/keys/version): up to any newer version, or back to the
 * version it had before its last upgrade, within API_VERSION_POLICY.pinRollbackHours of it.
 * Further back, or later, is refused: a rollback is an escape hatch, not a way to stay behind.
 */
export async function movePin(deps: { db: Db; now: () => Date }, authorization: string | undefined, to: ApiVersionName): Promise<SandboxKeyPinResponse> {
  const nowMs = deps.now().getTime();
  return atomically(deps.db, async (tx) => {
    const key = await authenticate({ db: tx, now: deps.now }, authorization).catch((err: unknown) => {
      throw err instanceof SandboxError ? new HttpError(err.status, err.message) : err;
    });
    const store = new SandboxStore(tx);
    const row = (await store.getKey(key.id))!;
    const from = key.apiVersion;
    const answer = (apiVersion: ApiVersionName, previous: string | null, pinnedAt: number | null): SandboxKeyPinResponse => ({
      success: true,
      apiVersion,
      previousVersion: previous as ApiVersionName | null,
      rollbackUntil: previous && pinnedAt !== null ? new Date(pinnedAt + WINDOW_MS).toISOString() : null,
    });
    if (to === from) return answer(from, row.previous_version, row.pinned_at);
    if (order(to) > order(from)) {
      await store.setPin(key.id, { api_version: to, pinned_at: nowMs, previous_version: from });
      return answer(to, from, nowMs);
    }
    if (to !== row.previous_version || row.pinned_at === null || nowMs - row.pinned_at > WINDOW_MS) {
      throw new HttpError(
        400,
        `This key can roll back only to the version it had before its last upgrade (${row.previous_version ?? 'none'}), within ${API_VERSION_POLICY.pinRollbackHours} hours of that upgrade.`,
      );
    }
    await store.setPin(key.id, { api_version: to, pinned_at: nowMs, previous_version: null });
    return answer(to, null, null);
  });
}
