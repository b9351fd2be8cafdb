/** Shared set-up of the delivery suites: a test app whose sandbox may reach the local endpoint, and a worker for it. */
import pino from 'pino';
import request from 'supertest';
import { SANDBOX_BASE_PATH } from '../../../src/data/sandbox';
import type { PlanId } from '../../../src/data/plans';
import type { Resolver } from '../../../api-server/src/sandbox/webhooks/addresses';
import { WebhookWorker, type WebhookWorkerOptions } from '../../../api-server/src/sandbox/webhooks/worker';
import { unresolvable, type TestApp } from '../_lib/testApp';
import { headersFor, mintKey } from '../sandbox/_sandbox';
import type { TestCa } from './_endpoint';

/** Workers started by a suite, stopped after each test (before the apps close). */
export function workersStoppedAfterEach(): (t: TestApp, ca: TestCa, options?: Partial<WebhookWorkerOptions> & { resolver?: Resolver }) => WebhookWorker {
  const workers: WebhookWorker[] = [];
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop();
  });
  return (t, ca, options = {}) => {
    const worker = new WebhookWorker({
      rules: { resolver: options.resolver ?? unresolvable, allow: t.config.sandboxWebhookAllow },
      transact: (work) => t.storage.writes.run(work),
      logger: pino({ level: 'silent' }),
      // The test CA: this process did not start with NODE_EXTRA_CA_CERTS (deliveryProcess.test.ts covers that way).
      outbound: { ca: ca.ca },
      retryDelayMs: () => 30,
      pollMs: 20,
      ...options,
    });
    worker.start();
    workers.push(worker);
    return worker;
  };
}

export interface Hook {
  key: string;
  plan: PlanId;
  headers: Record<string, string>;
  id: string;
  secret: string;
}

export async function createHook(t: TestApp, url: string, plan: PlanId = 'business', events = ['payment.succeeded']): Promise<Hook> {
  const key = await mintKey(t.app, plan);
  const headers = headersFor(key, plan);
  const res = await request(t.app).post(`${SANDBOX_BASE_PATH}/webhooks`).set(headers).send({ url, events });
  if (res.status !== 201) throw new Error(`createWebhook answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { key, plan, headers, id: res.body.id as string, secret: res.body.secret as string };
}

export const sendTest = (t: TestApp, hook: Hook, event = 'payment.succeeded') => request(t.app).post(`${SANDBOX_BASE_PATH}/webhooks/${hook.id}/test`).set(hook.headers).send({ event });

export async function deliveries(t: TestApp, hook: Hook): Promise<Record<string, unknown>[]> {
  const res = await request(t.app).get(`${SANDBOX_BASE_PATH}/webhooks/${hook.id}/deliveries`).set(hook.headers);
  return res.body.data as Record<string, unknown>[];
}

/** Polls the delivery list until `id` reaches a final status. */
export async function settled(t: TestApp, hook: Hook, id: string, timeoutMs = 8_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await deliveries(t, hook)).find((d) => d.id === id);
    if (found && found.status !== 'pending') return found;
    if (Date.now() > deadline) throw new Error(`delivery ${id} still ${JSON.stringify(found)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
