import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../_lib/testApp';
import { listen, rawRequest } from '../_lib/raw';
import { loadBuiltSite, canonicalPath } from '../../../api-server/src/http/site';
import { answerClientError, MAX_URL_LENGTH } from '../../../api-server/src/http/limits';

describe('pathological addresses are answered without unbounded work', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bounded-'));
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    fs.writeFileSync(path.join(dir, 'index.html'), '<html><body>home</body></html>');
    fs.writeFileSync(path.join(dir, '404.html'), '<html><body>missing</body></html>');
    fs.writeFileSync(path.join(dir, 'support.html'), '<html><body>support</body></html>');
    t = await createTestApp({}, { site: loadBuiltSite(dir)! });
    server = await listen(t.app, answerClientError);
  });
  afterAll(async () => {
    await server.close();
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const fill = (unit: string, length: number) => unit.repeat(Math.floor(length / unit.length));

  it('refuses addresses over the limit with 414 JSON before routing, on the site and the API', async () => {
    for (const p of [`/${fill('/', MAX_URL_LENGTH + 10)}x`, `/support?q=${fill('a', MAX_URL_LENGTH)}`, `/api/${fill('/', MAX_URL_LENGTH)}`]) {
      const res = await rawRequest(server.port, p);
      expect([p.length, res.status, res.headers['content-type']]).toEqual([p.length, 414, expect.stringContaining('application/json')]);
      expect(JSON.parse(res.body)).toEqual({ success: false, error: expect.stringMatching(/too long/) });
    }
  });

  it('answers 50 000 slashes with 4xx JSON (the parser refuses it before Express)', async () => {
    const res = await rawRequest(server.port, `/${'/'.repeat(50_000)}x`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ success: false, error: expect.any(String) });
  });

  it('answers the worst addresses under the limit by their meaning, and stays responsive', async () => {
    const n = MAX_URL_LENGTH - 10;
    const cases: [string, number][] = [
      [`/${fill('/', n)}x`, 404],
      [`/${fill('/', n)}`, 200],
      [`/${fill('/', n - 8)}support`, 200],
      [fill('/%2F', n), 200],
      [fill('/..', n), 200],
      [`${fill('/a', n - 10)}/support`, 404],
      [fill('/%2e', n), 200],
      [`/support${fill('/', n - 10)}`, 200],
    ];
    const answers = await Promise.all([...cases.map(([p]) => rawRequest(server.port, p)), rawRequest(server.port, '/support')]);
    expect(answers.map((a) => a.status)).toEqual([...cases.map(([, s]) => s), 200]);
  });

  it('normalises in one pass: the result of the longest input is what its segments say', async () => {
    expect(canonicalPath(`/${'/'.repeat(MAX_URL_LENGTH)}`)).toBe('/');
    expect(canonicalPath(`${'/x'.repeat(MAX_URL_LENGTH / 2)}`)).toBe(`${'/x'.repeat(MAX_URL_LENGTH / 2)}`);
    expect(canonicalPath('/a/%2e%2e/b/./c//')).toBe('/b/c');
    expect(canonicalPath('/%zz')).toBeUndefined();
    expect(canonicalPath('/a%00b')).toBeUndefined();
  });
});
