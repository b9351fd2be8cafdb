/** SIGTERM with event streams open: the server ends them and exits 0 at once, instead of waiting out SHUTDOWN_TIMEOUT_MS. */
import fs from 'node:fs';
import { SANDBOX_KEYS_URL } from '../../../src/data/sandbox';
import { startServer, type RunningServer } from '../../e2e/_lib/server';
import { testDatabaseUrl } from '../_lib/testApp';
import { openStream } from './_events';

const SHUTDOWN_TIMEOUT_MS = 15_000;
let server: RunningServer | undefined;
afterEach(() => {
  if (server && server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

it('a SIGTERM ends open event streams and the process exits 0 well before its deadline', async () => {
  const databaseUrl = await testDatabaseUrl();
  server = await startServer({ env: { SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } });
  const minted = await fetch(`${server.url}${SANDBOX_KEYS_URL}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: server.url }, body: JSON.stringify({ plan: 'business' }) });
  const { key } = (await minted.json()) as { key: string };
  const streams = await Promise.all([openStream(server.url, key), openStream(server.url, key)]);
  expect(streams.map((s) => s.status)).toEqual([200, 200]);
  const started = Date.now();
  const code = await server.stop('SIGTERM');
  await Promise.all(streams.map((s) => s.ended));
  expect(code).toBe(0);
  expect(Date.now() - started).toBeLessThan(SHUTDOWN_TIMEOUT_MS / 3);
  expect(streams.every((s) => s.comments.some((c) => /stopping/.test(c)))).toBe(true);
}, 60_000);
