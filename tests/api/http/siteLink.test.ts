import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { loadBuiltSite } from '../../../api-server/src/http/site';
import { createTestApp, type TestApp } from '../_lib/testApp';

/**
 * The site as `npm start` lays it out (scripts/ensureBuild.ts): `build` is a link into a
 * dot-folder, .builds/<digest>/, which the next start with another address moves. Pages come from
 * the folder the server started with, through a path `send` would refuse as a dotfile.
 */
describe('a build reached through the build link', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-link-'));
  const page = (dir: string, name: string, text: string) => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, name), `<html><body>${text}</body></html>`);
  };
  let t: TestApp;
  beforeAll(async () => {
    page(path.join(root, '.builds', 'first'), 'index.html', 'first home');
    page(path.join(root, '.builds', 'first'), 'support.html', 'first support');
    page(path.join(root, '.builds', 'second'), 'index.html', 'second home');
    fs.symlinkSync(path.join('.builds', 'first'), path.join(root, 'build'));
    t = await createTestApp({}, { site: loadBuiltSite(path.join(root, 'build'))! });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('serves its pages', async () => {
    expect((await request(t.app).get('/')).text).toContain('first home');
    expect((await request(t.app).get('/support')).text).toContain('first support');
  });

  it('keeps serving the folder it started with after the link moves', async () => {
    fs.rmSync(path.join(root, 'build'));
    fs.symlinkSync(path.join('.builds', 'second'), path.join(root, 'build'));
    expect((await request(t.app).get('/')).text).toContain('first home');
  });
});
