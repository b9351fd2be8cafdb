import express, { type Router } from 'express';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Counters } from '../counters';

/**
 * Liveness and readiness for load balancers and orchestrators.
 *
 * GET /healthz: 200 `{"status":"ok"}` while the process runs; it checks nothing else, so a lost
 * database never gets a healthy process restarted.
 * GET /readyz: 200 `{"status":"ok","checks":{...}}` when every check answers; otherwise 503
 * `{"status":"unavailable","checks":{"database":"ok","redis":"down: ..."}}`, and from the moment
 * a graceful stop begins 503 `{"status":"stopping","checks":{}}`.
 * Neither is rate limited (a balancer probes every second or two) nor cached.
 */

/** A dead engine must not hold a probe for long: balancers time their probes out at 1-2 s. */
export const READINESS_TIMEOUT_MS = 1_000;

export interface ReadinessCheck {
  name: string;
  /** Resolves when the dependency answers. */
  run(): Promise<void>;
}

export type ReadinessBody = { status: 'ok' | 'unavailable' | 'stopping'; checks: Record<string, string> };

/** What a failure is called in the answer: the error's code or first line, never a stack or a URL's password. */
function reason(err: unknown): string {
  if (typeof err === 'object' && err !== null) {
    const cause = 'cause' in err && err.cause instanceof Error ? err.cause : undefined;
    const source = cause ?? err;
    const code = 'code' in source && typeof source.code === 'string' ? source.code : undefined;
    if (code) return code;
    if (source instanceof Error && source.message) return source.message.split('\n')[0]!.slice(0, 120);
  }
  return 'failed';
}

export class Readiness {
  private stopping = false;
  /** One probe per check at a time: a stuck engine is asked once, however often the balancer calls. */
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly checks: readonly ReadinessCheck[],
    private readonly timeoutMs = READINESS_TIMEOUT_MS,
  ) {}

  /** From now on /readyz answers 503, so balancers send no new requests here. */
  beginShutdown(): void {
    this.stopping = true;
  }

  get shuttingDown(): boolean {
    return this.stopping;
  }

  async probe(): Promise<ReadinessBody> {
    if (this.stopping) return { status: 'stopping', checks: {} };
    const results = await Promise.all(this.checks.map(async (c) => [c.name, await this.runOne(c)] as const));
    const checks = Object.fromEntries(results);
    return { status: results.every(([, r]) => r === 'ok') ? 'ok' : 'unavailable', checks };
  }

  private async runOne(check: ReadinessCheck): Promise<string> {
    let pending = this.running.get(check.name);
    if (!pending) {
      pending = check.run().finally(() => this.running.delete(check.name));
      this.running.set(check.name, pending);
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      await Promise.race([pending, timeout]);
      return 'ok';
    } catch (err) {
      return `down: ${reason(err)}`;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The checks of this server: its storage and, with REDIS_URL, the shared counters. */
export function standardChecks(db: Db, counters: Counters): ReadinessCheck[] {
  const checks: ReadinessCheck[] = [
    // A real table, not just SELECT 1: the file (or schema) the app uses is there and readable.
    { name: 'database', run: async () => void (await sql`SELECT 1 FROM schema_migrations LIMIT 1`.execute(db)) },
  ];
  if (counters.kind === 'redis') checks.push({ name: 'redis', run: () => counters.ping() });
  return checks;
}

export function healthRouter(readiness: Readiness): Router {
  const router = express.Router();
  router.use(['/healthz', '/readyz'], (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const body = await readiness.probe();
    res.status(body.status === 'ok' ? 200 : 503).json(body);
  });
  return router;
}
