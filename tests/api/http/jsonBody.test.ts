/**
 * The one JSON body reader (http/jsonBody.ts): what a request holds while its body trickles in,
 * and the bodies it reads or refuses as body-parser did (the API-level answers are in
 * bodyErrors.test.ts and quality/clientErrors.test.ts).
 */
import net from 'node:net';
import { PassThrough } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import { JSON_BODY_LIMIT_BYTES, jsonBody } from '../../../api-server/src/http/jsonBody';
import { listen } from '../_lib/raw';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function heapUsed(): number {
  gc();
  gc();
  return v8.getHeapStatistics().used_heap_size;
}

/** A request as Express hands it over, its body to be written by the test. */
function pendingRequest(length: number): Request & PassThrough {
  return Object.assign(new PassThrough(), { headers: { 'content-type': 'application/json', 'content-length': String(length) }, complete: false }) as unknown as Request &
    PassThrough;
}

describe('a body that trickles in', () => {
  it('is held as its bytes, not as a string piece per packet', async () => {
    // 40 requests, each 15 kB into a 16 kB body sent one byte per packet. body-parser held each
    // byte as a 32-byte node of a string rope on the heap: ~480 kB a request, ~19 MB for these.
    const requests: (Request & PassThrough)[] = [];
    let finished = 0;
    const parse = jsonBody({ anyContentType: true });
    const before = heapUsed();
    for (let i = 0; i < 40; i++) {
      const req = pendingRequest(16_000);
      parse(req, {} as Response, () => finished++);
      const bytes = Buffer.from(`{"message":"${'x'.repeat(15_000)}`);
      for (let b = 0; b < bytes.length; b++) req.write(bytes.subarray(b, b + 1));
      requests.push(req);
    }
    await new Promise((resolve) => setImmediate(resolve));
    const held = heapUsed() - before;
    expect(finished).toBe(0);
    expect(held).toBeLessThan(2 * 1024 * 1024);
    for (const req of requests) req.destroy();
  });

  it('is read whole when it arrives one byte per packet over a real connection', async () => {
    const app = express();
    app.post('/', jsonBody(), (req, res) => {
      res.json(req.body);
    });
    const server = await listen(app);
    try {
      const body = JSON.stringify({ name: 'Trickle', message: 'é'.repeat(300) });
      const bytes = Buffer.from(body);
      const socket = net.connect({ port: server.port, host: '127.0.0.1', noDelay: true });
      let answer = '';
      socket.on('data', (d: Buffer) => (answer += d.toString()));
      const closed = new Promise((resolve) => socket.on('close', resolve));
      socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`);
      // Multi-byte characters split across packets, as a trickle splits them.
      for (let b = 0; b < bytes.length; b++) {
        socket.write(bytes.subarray(b, b + 1));
        if (b % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      }
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(JSON.parse(body));
    } finally {
      await server.close();
    }
  });
});

describe('what the reader takes and refuses', () => {
  let server: { port: number; close: () => Promise<void> };
  beforeAll(async () => {
    const app = express();
    app.post('/strict', jsonBody(), (req, res) => {
      res.json({ body: req.body as unknown });
    });
    app.post('/loose', jsonBody({ anyContentType: true, strict: false }), (req, res) => {
      res.json({ body: req.body as unknown });
    });
    const report: ErrorRequestHandler = (err: { status?: number; type?: string }, _req, res, _next) => {
      res.status(err.status ?? 500).json({ type: err.type ?? 'none' });
    };
    app.use(report);
    server = await listen(app);
  });
  afterAll(() => server.close());

  const post = (path: string, body: Buffer | string, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
    fetch(`http://127.0.0.1:${server.port}${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : new Uint8Array(body) }).then(async (r) => ({ status: r.status, json: (await r.json()) as unknown }));

  it('reads an object, and an empty body as {}', async () => {
    expect(await post('/strict', '{"a":[1,2]}')).toEqual({ status: 200, json: { body: { a: [1, 2] } } });
    expect(await post('/strict', '')).toEqual({ status: 200, json: { body: {} } });
  });

  it('refuses a bare value when strict, and reads it when not', async () => {
    expect(await post('/strict', ' "text"')).toEqual({ status: 400, json: { type: 'entity.parse.failed' } });
    expect(await post('/loose', '"text"', { 'Content-Type': 'text/plain' })).toEqual({ status: 200, json: { body: 'text' } });
  });

  it('leaves a body of another type unread', async () => {
    expect(await post('/strict', '{"a":1}', { 'Content-Type': 'text/plain' })).toEqual({ status: 200, json: {} });
  });

  it('drops a byte order mark and decodes the utf-16 charsets', async () => {
    expect(await post('/strict', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":"é"}')]))).toEqual({ status: 200, json: { body: { a: 'é' } } });
    expect(await post('/strict', Buffer.from('{"a":"é"}', 'utf16le'), { 'Content-Type': 'application/json; charset=utf-16le' })).toEqual({ status: 200, json: { body: { a: 'é' } } });
  });

  it('refuses a charset that is not Unicode', async () => {
    expect(await post('/strict', '{}', { 'Content-Type': 'application/json; charset=latin1' })).toEqual({ status: 415, json: { type: 'charset.unsupported' } });
  });

  it('refuses a chunked body once it passes the limit, and the connection still answers', async () => {
    const big = Buffer.from(JSON.stringify({ message: 'x'.repeat(JSON_BODY_LIMIT_BYTES) }));
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < big.length; i += 1000) controller.enqueue(big.subarray(i, i + 1000));
        controller.close();
      },
    });
    const res = await fetch(`http://127.0.0.1:${server.port}/strict`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: chunked, duplex: 'half' } as RequestInit);
    expect([res.status, await res.json()]).toEqual([413, { type: 'entity.too.large' }]);
    expect(await post('/strict', '{"after":true}')).toEqual({ status: 200, json: { body: { after: true } } });
  });
});
