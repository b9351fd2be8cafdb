import type { RequestHandler, Router } from 'express';
import type { Config } from './config';
import type { Counters } from './counters';
import type { AppMetrics } from './http/metrics';
import type { Db, Migration, Writes } from './db/database';
import type { Logger } from './logger';
import type { FormTokens } from './form-token/tokens';
import type { OutboxStore } from './mail/outbox';

/** Everything a feature needs, passed in so tests can hand over real temporary ones. */
export interface AppDeps {
  config: Config;
  db: Db;
  outbox: OutboxStore;
  logger: Logger;
  /** Injected clock: tests control time without faking timers globally. */
  now: () => Date;
  /** Where acknowledged writes go: GroupCommit on SQLite, a transaction each on PostgreSQL. */
  writes: Writes;
  /** Signs and checks the public forms' tokens with the key every instance shares (form-token/store.ts). */
  formTokens: FormTokens;
}

export interface Limiters {
  /** Public form posts (contact, support, checkout): a few a minute per client. */
  forms: RequestHandler;
  /**
   * Every other API route (admin, public config, unknown paths). Each request is counted by
   * exactly one limiter: counting form posts twice cost a third of their throughput.
   */
  api: RequestHandler;
}

export interface FeatureContext extends AppDeps {
  limiters: Limiters;
  /** HTTP Basic guard with ADMIN_USER / ADMIN_PASSWORD. */
  requireAdmin: RequestHandler;
  /** Where rate-limit counts live, for a feature with limits of its own (the sandbox's per-key ones). */
  counters: Counters;
  /** Prometheus metrics, when served (METRICS_TOKEN): features count what an operator watches. */
  metrics: AppMetrics | undefined;
}

/**
 * A live-API feature: its own tables and its routes under /api.
 * Add a new one to FEATURES in features.ts.
 */
export interface Feature {
  name: string;
  /**
   * Where its router is mounted under /api, one path segment (`'/checkout'`); the router's routes
   * are written relative to it, its own root as `''` (`router.post('')`, which answers
   * /api/checkout and /api/checkout/ and is labelled /api/checkout in the metrics, where `'/'`
   * would read /api/checkout/). A request goes only to the feature whose prefix is its first segment.
   */
  prefix: string;
  migrations: readonly Migration[];
  routes(ctx: FeatureContext): Router;
  /**
   * Runs once at start-up, after the migrations and before the first request: resolves what a
   * process that died mid-request left half done.
   */
  recover?(ctx: Pick<AppDeps, 'db' | 'now' | 'logger'>): Promise<void>;
}
