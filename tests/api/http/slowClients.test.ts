import net from 'node:net';
import type { Server } from 'node:http';
import { createTestApp, type TestApp } from '../_lib/testApp';
import { answerClientError } from '../../../api-server/src/http/limits';
import { createServer } from '../../../api-server/src/http/server';

/**
 * Slow senders (issue 45): a client that trickles its headers or body past the limits gets 408
 * JSON and a close, instead of holding a socket for Node's default five minutes; a request whose
 * last byte arrives in time is answered as usual. Short limits here; production's are CLIENT_TIMEOUTS.
 */
describe('slow clients', () => {
  let t: TestApp;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    server = createServer(t.app, { headersMs: 400, requestMs: 800, checkEveryMs: 100 });
    server.on('clientError', answerClientError);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await t.close();
  });

  /** Writes each chunk after the pause before it; resolves with everything the server sent before it closed. */
  function trickle(chunks: [pauseMs: number, text: string][]): Promise<{ answer: string; ms: number }> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (d: Buffer) => (answer += d.toString()));
      socket.on('error', reject);
      socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
      void (async () => {
        for (const [pause, text] of chunks) {
          await new Promise((r) => setTimeout(r, pause));
          if (socket.destroyed) return;
          socket.write(text);
        }
      })();
    });
  }

  const body = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

  it('answers headers that never finish with 408 JSON and closes', async () => {
    const { answer, ms } = await trickle([[0, 'GET /api/public-config HTTP/1.1\r\nHost: x\r\n']]);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toMatch(/Content-Type: application\/json/);
    expect(body(answer)).toEqual({ success: false, error: 'The request took too long to arrive: send it again' });
    expect(ms).toBeLessThan(5_000);
  });

  it('answers a body that stalls with 408 JSON and closes', async () => {
    const head = 'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
    const { answer } = await trickle([[0, head], [0, '{"name":']]);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(body(answer)).toEqual({ success: false, error: expect.stringContaining('too long') });
  });

  it('answers a slow request whose last byte arrives in time', async () => {
    const { answer } = await trickle([
      [0, 'GET /api/public-config HTTP/1.1\r\n'],
      [150, 'Host: x\r\n'],
      [150, 'Connection: close\r\n\r\n'],
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });
});
