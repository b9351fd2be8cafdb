import fs from 'node:fs';
import net from 'node:net';
import { ENV_VARS, IDLE_GRACE_MS, LISTEN_QUIET_MS } from '../../../src/data/operations';
import { startServer, type RunningServer } from '../../e2e/_lib/server';

/**
 * KEEP_ALIVE_TIMEOUT_MS: how long the started server keeps an idle kept-alive connection open. An
 * operator behind a balancer with a long idle timeout (AWS ALB: 60 s) raises it above that one, or
 * the balancer sends requests on connections the server is closing.
 */
describe('KEEP_ALIVE_TIMEOUT_MS', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    server = undefined;
  });

  /** Sends one kept-alive request, then resolves with how long after its answer the server closed the connection. */
  function idleUntilClosed(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      let answeredAt: number | undefined;
      socket.on('data', () => (answeredAt ??= performance.now()));
      socket.on('close', () => (answeredAt === undefined ? reject(new Error('closed before any answer')) : resolve(performance.now() - answeredAt)));
      socket.on('error', reject);
      socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    });
  }

  it('closes an idle connection after the configured time, not the default', async () => {
    expect(ENV_VARS.KEEP_ALIVE_TIMEOUT_MS.default).toBeGreaterThanOrEqual(4_000);
    server = await startServer({ env: { KEEP_ALIVE_TIMEOUT_MS: '1500' } });
    const idleMs = await idleUntilClosed(server.port);
    // Node closes within one check of the timeout; the default would be 5 s.
    expect(idleMs).toBeGreaterThanOrEqual(1_400);
    expect(idleMs).toBeLessThan(3_500);
  });

  it('never holds up a graceful stop: an idle connection kept for 10 minutes is closed within the stop, which exits 0', async () => {
    server = await startServer({ env: { KEEP_ALIVE_TIMEOUT_MS: '600000' } });
    const closed = idleUntilClosed(server.port);
    // The answer has arrived once the connection is idle; the stop then begins.
    await new Promise((r) => setTimeout(r, 300));
    const started = performance.now();
    const code = await server.stop();
    await closed;
    expect(code).toBe(0);
    // The stop's own waits (the listener's quiet time, then the idle grace), not the keep-alive's ten minutes.
    expect(performance.now() - started).toBeLessThan(LISTEN_QUIET_MS + IDLE_GRACE_MS + 2_000);
  });

  it('refuses to start with a value it cannot honour, naming the variable', async () => {
    await expect(startServer({ env: { KEEP_ALIVE_TIMEOUT_MS: '500' } })).rejects.toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
  });
});
