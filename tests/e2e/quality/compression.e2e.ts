import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT, startServer, type RunningServer } from '../_lib/server';

/** The build's precompressed assets are what the server sends (src/plugins/precompress.ts). */
describe('precompressed assets', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  const main = fs.readdirSync(path.join(ROOT, 'build/assets/js')).find((f) => /^main\.[0-9a-f]+\.js$/.test(f))!;
  const original = () => fs.readFileSync(path.join(ROOT, 'build/assets/js', main));

  it.each([
    ['br', (b: Buffer) => zlib.brotliDecompressSync(b), '.br'],
    ['gzip', (b: Buffer) => zlib.gunzipSync(b), '.gz'],
  ] as const)('sends the %s file written at build time, with the right type and caching', async (encoding, decode, ext) => {
    const res = await fetch(`${server.url}/assets/js/${main}`, { headers: { 'Accept-Encoding': encoding } });
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/i);
    const onDisk = fs.readFileSync(path.join(ROOT, 'build/assets/js', main + ext));
    expect(decode(onDisk).equals(original())).toBe(true);
    // fetch decodes the body it received: it must be the original script.
    expect(Buffer.from(await res.arrayBuffer()).equals(original())).toBe(true);
  });

  it('sends the plain file to clients that accept no compression', async () => {
    const res = await fetch(`${server.url}/assets/js/${main}`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(original())).toBe(true);
  });
});
