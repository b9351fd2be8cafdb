import { randomFillSync } from 'node:crypto';

/**
 * Random ids drawn from a pool the CSPRNG fills 4 KB at a time, as Node's own randomUUID does:
 * `randomBytes(10)` for each id cost ~2.5 µs (a call into OpenSSL per id), the pool ~0.1 µs.
 * That was ~4% of a keyed checkout's CPU, which draws two (issue 28). The bytes are the same
 * CSPRNG's, each handed out once.
 */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

/** `bytes` random bytes (at most 256) in `encoding`: hex for order and message ids, base64url for request ids. */
export function randomId(bytes: number, encoding: 'hex' | 'base64url' = 'hex'): string {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > 256) throw new RangeError(`randomId: ${bytes} bytes is not between 1 and 256`);
  if (offset + bytes > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const id = pool.toString(encoding, offset, offset + bytes);
  // Never handed out twice, even if the pool is read again before it is refilled.
  pool.fill(0, offset, offset + bytes);
  offset += bytes;
  return id;
}
