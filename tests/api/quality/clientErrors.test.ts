import http from 'node:http';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { createTestApp, type TestApp } from '../_lib/testApp';
import { FEATURES } from '../../../api-server/src/features';
import type { Feature } from '../../../api-server/src/deps';
import { listen } from '../_lib/raw';

const VALID_CONTACT = JSON.stringify({ name: 'Ada', email: 'ada@example.com' });

/** Posts the bytes as given: supertest re-encodes a Buffer sent as JSON. */
function postBytes(port: number, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: { error?: string } }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/contact', headers: { ...headers, 'Content-Length': String(body.length) } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { error?: string } }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('client errors are 4xx JSON, never 500', () => {
  const errorLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      errorLines.push(chunk.toString());
      done();
    },
  });
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    t = await createTestApp({}, {}, pino({ level: 'error' }, sink));
    server = await listen(t.app);
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });
  const post = (encoding: string, body: Buffer | string) =>
    postBytes(server.port, { 'Content-Type': 'application/json', 'Content-Encoding': encoding }, Buffer.from(body));

  it('decodes a real gzip body (the check below is about bad ones only)', async () => {
    const res = await post('gzip', zlib.gzipSync(VALID_CONTACT));
    expect(res.status).toBe(400);
    expect(res.body.error).not.toMatch(/decompress/);
  });

  it.each([
    ['gzip', 'this is not gzip'],
    ['deflate', 'this is not deflate'],
    ['br', 'this is not brotli'],
    ['gzip', zlib.gzipSync(VALID_CONTACT).subarray(0, 12)],
  ])('a Content-Encoding: %s body that is not one answers 400 JSON', async (encoding, body) => {
    const res = await post(encoding, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(/^The request body could not be decompressed/) });
  });

  it.each(['compress', 'zstd-or-anything', 'gzip, br'])('an unsupported Content-Encoding (%s) answers 415 JSON', async (encoding) => {
    const res = await post(encoding, 'x');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ success: false, error: 'The request body encoding is not supported' });
  });

  it('answers an unsupported charset with 415 JSON', async () => {
    const res = await postBytes(server.port, { 'Content-Type': 'application/json; charset=klingon' }, Buffer.from('{}'));
    expect([res.status, res.body.error]).toEqual([415, 'The request body charset is not supported']);
  });

  it('answers a gzip bomb over the body limit with 413 JSON', async () => {
    const res = await post('gzip', zlib.gzipSync(`{"name":"${'a'.repeat(1_000_000)}"}`));
    expect([res.status, res.body.error]).toEqual([413, 'The request body is too large']);
  });

  it("treats a body aborted half-way as the client's doing, not a server error", async () => {
    const status = await new Promise<number>((resolve) => {
      const req = http.request({ host: '127.0.0.1', port: server.port, method: 'POST', path: '/api/contact', headers: { 'Content-Type': 'application/json', 'Content-Length': '100' } });
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('error', () => resolve(-1));
      req.write('{"name":');
      setTimeout(() => req.destroy(), 100);
    });
    expect(status).toBe(-1);
    await new Promise((r) => setTimeout(r, 100));
    expect(errorLines).toEqual([]);
  });
});

describe('a failing error handler', () => {
  it('still answers a fixed JSON 500 without a stack', async () => {
    const boom: Feature = {
      name: 'boom',
      prefix: '/boom',
      migrations: [],
      routes() {
        return express.Router().get('', () => {
          throw new Error('secret internal detail');
        });
      },
    };
    const logger = pino({ level: 'silent' });
    // The error handler logs 500s; a logger that throws makes the handler itself fail.
    logger.error = (() => {
      throw new Error('logger is down');
    }) as typeof logger.error;
    const t = await createTestApp({}, { features: [...FEATURES, boom] }, logger);
    const res = await request(t.app).get('/api/boom');
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ success: false, error: 'Something went wrong on our side. Please try again.' });
    expect(res.text).not.toMatch(/secret|logger is down|\bat\s/);
    await t.close();
  });
});
