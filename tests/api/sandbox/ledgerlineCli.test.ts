/**
 * The `ledgerline` command run as a developer runs it (a child process of the package's bin)
 * against a real app and a local handler that checks each delivery with the docs' own Node
 * verification sample.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { API_VERSION, endpointById, NODE_VERIFY_SAMPLE, SAMPLE_IDS, WEBHOOK_HEADERS } from '../../../src/data/apiReference';
import { keyId } from '../../../api-server/src/sandbox/keys';
import type { TestApp } from '../_lib/testApp';
import { sleep } from './_events';
import { appsClosedAfterEach, mintKey } from './_sandbox';

const BIN = path.resolve(__dirname, '../../../api-server/src/cli/ledgerline/bin.cjs');
const app = appsClosedAfterEach();
const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const sampleFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'verify-')), 'verify.cjs');
fs.writeFileSync(sampleFile, NODE_VERIFY_SAMPLE);
// The docs' sample is CommonJS: loaded as a reader of the docs would load it.
const { verifyWebhookSignature } = require(sampleFile) as { verifyWebhookSignature: (body: Buffer, sig: unknown, ts: unknown, secret: string) => boolean };

interface Received {
  type: string;
  body: string;
  verified: boolean;
}

/** The developer's handler: 200 when the signature verifies with the webhook's secret, 400 otherwise. */
async function handler(secret: () => string, port = 0): Promise<{ url: string; port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const verified = verifyWebhookSignature(body, req.headers[WEBHOOK_HEADERS.signature.toLowerCase()], req.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()], secret());
      received.push({ type: String(req.headers[WEBHOOK_HEADERS.eventType.toLowerCase()]), body: body.toString(), verified });
      res.writeHead(verified ? 200 : 400).end();
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const bound = (server.address() as AddressInfo).port;
  const close = () => new Promise<void>((r) => {
    server.closeAllConnections();
    server.close(() => r());
  });
  cleanup.push(close);
  return { url: `http://127.0.0.1:${bound}/webhooks`, port: bound, received, close };
}

/** The app listening on a port; `stop` cuts every connection (a crash or a restart, as the CLI sees it). */
async function serve(t: TestApp, port = 0): Promise<{ base: string; port: number; stop: () => Promise<void> }> {
  const server = http.createServer(t.app);
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const stop = () => new Promise<void>((r) => {
    server.close(() => r());
    server.closeAllConnections();
  });
  cleanup.push(stop);
  const bound = (server.address() as AddressInfo).port;
  return { base: `http://127.0.0.1:${bound}`, port: bound, stop };
}

interface Cli {
  child: ChildProcess;
  lines: string[];
  exit: Promise<number | null>;
  waitForLine: (re: RegExp, ms?: number) => Promise<string>;
}

function cli(args: string[]): Cli {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '' } });
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  const onData = (d: Buffer) => {
    lines.push(...d.toString().split('\n').filter(Boolean));
    waiters.splice(0).forEach((w) => w());
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exit = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  cleanup.push(() => child.exitCode === null && child.kill('SIGKILL'));
  const waitForLine = (re: RegExp, ms = 15_000) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no line matching ${re} within ${ms} ms:\n${lines.join('\n')}`)), ms);
      const check = () => {
        const hit = lines.find((l) => re.test(l));
        if (hit) {
          clearTimeout(timer);
          resolve(hit);
        } else waiters.push(check);
      };
      check();
    });
  return { child, lines, exit, waitForLine };
}

async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > ms) throw new Error(`not done within ${ms} ms`);
    await sleep(50);
  }
}

async function secretOf(t: TestApp, key: string): Promise<string> {
  const row = await t.db.selectFrom('sandbox_objects').select('data').where('key_id', '=', keyId(key)).where('id', '=', SAMPLE_IDS.webhook).executeTakeFirstOrThrow();
  return (JSON.parse(row.data) as { secret: string }).secret;
}

it('listen forwards each event signed so the docs\' sample accepts it, survives a restart of the site without missing or doubling one, and reports a handler that is down', async () => {
  const a = await app();
  const key = await mintKey(a.app, 'business');
  const secret = await secretOf(a, key);
  const site = await serve(a);
  const local = await handler(() => secret);
  const listener = cli(['listen', '--key', key, '--forward-to', local.url, '--api', site.base]);
  await listener.waitForLine(/Listening to/);

  const fire = async (event: string) => {
    const run = cli(['trigger', event, '--key', key, '--api', site.base]);
    expect(await run.exit).toBe(0);
    return run.lines.join('\n');
  };
  expect(await fire('payment.succeeded')).toMatch(/^Fired payment\.succeeded evt_\w+ through wh_/);
  expect(await listener.waitForLine(/payment\.succeeded\s+evt_\w+\s+-> 200 OK in \d+ ms/)).toBeTruthy();

  // The site goes away (every connection cut) and comes back as another instance on the same database.
  await site.stop();
  await listener.waitForLine(/Stream lost/);
  const missed = endpointById('testWebhook');
  for (const event of ['transaction.completed', 'payment.succeeded']) {
    const r = await request(a.app).post(`/sandbox/v1${missed.path.replace('{id}', SAMPLE_IDS.webhook)}`).set({ Authorization: `Bearer ${key}`, 'X-API-Version': API_VERSION }).send({ event });
    expect(r.status).toBe(201);
  }
  const b = await app({}, {}, undefined, { dataDir: a.dataDir, databaseUrl: a.databaseUrl });
  await serve(b, site.port);
  await listener.waitForLine(/Reconnected, resuming after event \d+/);
  await listener.waitForLine(/transaction\.completed\s+evt_\w+\s+-> 200/);
  await sleep(1_500);
  expect(local.received.map((r) => r.type)).toEqual(['payment.succeeded', 'transaction.completed', 'payment.succeeded']);
  expect(local.received.every((r) => r.verified)).toBe(true);
  expect(new Set(local.received.map((r) => (JSON.parse(r.body) as { id: string }).id)).size).toBe(3);

  // The handler is down: one line saying so, and listen goes on.
  await local.close();
  await fire('transaction.completed');
  await listener.waitForLine(/-> failed: ECONNREFUSED \(is your handler listening on/);
  const back = await handler(() => secret, local.port);
  await fire('payment.succeeded');
  await until(() => back.received.length === 1);
  expect(back.received[0]).toMatchObject({ type: 'payment.succeeded', verified: true });
  // listen prints its line once the handler has answered, a moment after the handler has the event.
  const delivered = () => listener.lines.filter((l) => / -> 200 OK/.test(l));
  await until(() => delivered().length >= 4);
  expect(delivered()).toHaveLength(4);

  // Ctrl-C stops it cleanly.
  listener.child.kill('SIGINT');
  expect(await listener.exit).toBe(0);
}, 90_000);

it('says what went wrong, with its exit code: a refused key (the API\'s message), no webhook for the event, bad usage, no site', async () => {
  const t = await app();
  const site = await serve(t);
  const key = await mintKey(t.app, 'business');
  const badKey = cli(['listen', '--key', 'sk_test_nope', '--forward-to', 'http://127.0.0.1:9/webhooks', '--api', site.base]);
  expect(await badKey.exit).toBe(1);
  expect(badKey.lines.join('\n')).toMatch(/The API refused: Invalid API key provided\./);
  // The key's sample webhook subscribes to transaction.completed and payment.succeeded only.
  const none = cli(['trigger', 'account.updated', '--key', key, '--api', site.base]);
  expect(await none.exit).toBe(1);
  expect(none.lines.join('\n')).toMatch(/No active webhook of this key subscribes to account\.updated\. Create one/);
  const usage = cli(['listen', '--key', key, '--api', site.base]);
  expect(await usage.exit).toBe(2);
  expect(usage.lines.join('\n')).toMatch(/listen needs --forward-to URL/);
  const unknown = cli(['trigger', 'payment.maybe', '--key', key, '--api', site.base]);
  expect(await unknown.exit).toBe(2);
  expect(unknown.lines.join('\n')).toMatch(/Unknown event payment\.maybe/);
  await site.stop();
  const down = cli(['trigger', 'payment.succeeded', '--key', key, '--api', site.base]);
  expect(await down.exit).toBe(3);
  expect(down.lines.join('\n')).toMatch(/Cannot reach http:\/\/127\.0\.0\.1:\d+\/ \(ECONNREFUSED\)/);
}, 60_000);
