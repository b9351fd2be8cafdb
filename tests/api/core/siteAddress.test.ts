/**
 * SITE_URL and API_BASE_URL: one set of rules for the build and the server, defaults for a
 * laptop, and a build stamp that makes the next `npm start` rebuild when an address changes.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../../api-server/src/config';
import { resolveSiteAddresses } from '../../../src/domain/siteAddress';
import { buildIsFresh, sourceDigest, writeStamp } from '../../../scripts/buildStamp';

const ROOT = path.resolve(__dirname, '../../..');

describe('site addresses', () => {
  it('default to where `npm start` serves on this machine, the API on its /v1 path', () => {
    expect(resolveSiteAddresses({})).toEqual({ siteUrl: 'http://localhost:3000', apiBaseUrl: 'http://localhost:3000/v1' });
    expect(resolveSiteAddresses({ PORT: '8080', SITE_URL: '  ' })).toEqual({ siteUrl: 'http://localhost:8080', apiBaseUrl: 'http://localhost:8080/v1' });
  });

  it('take SITE_URL as an origin, and API_BASE_URL as given', () => {
    expect(resolveSiteAddresses({ SITE_URL: 'https://Docs.Acme.test/' })).toEqual({ siteUrl: 'https://docs.acme.test', apiBaseUrl: 'https://docs.acme.test/v1' });
    expect(resolveSiteAddresses({ SITE_URL: 'https://docs.acme.test:8443', API_BASE_URL: 'https://api.acme.test/v1/' })).toEqual({
      siteUrl: 'https://docs.acme.test:8443',
      apiBaseUrl: 'https://api.acme.test/v1',
    });
  });

  it.each([
    ['SITE_URL', 'docs.acme.test'],
    ['SITE_URL', 'ftp://docs.acme.test'],
    ['SITE_URL', 'https://docs.acme.test/docs'],
    ['SITE_URL', 'https://docs.acme.test/?a=1'],
    ['SITE_URL', 'https://docs.acme.test/#top'],
    ['SITE_URL', 'https://user:pw@docs.acme.test'],
    ['SITE_URL', 'https://docs acme.test'],
    ['API_BASE_URL', '/v1'],
    ['API_BASE_URL', 'https://api.acme.test/v1?key=1'],
  ])('refuses %s=%s, naming it, in the build and in the server', (name, value) => {
    expect(() => resolveSiteAddresses({ [name]: value })).toThrow(new RegExp(`${name}: must be`));
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: must be`));
  });

  it('are part of the server configuration', () => {
    expect(loadConfig({ PORT: '4000' })).toMatchObject({ siteUrl: 'http://localhost:4000', apiBaseUrl: 'http://localhost:4000/v1' });
    expect(loadConfig({ SITE_URL: 'https://docs.acme.test', API_BASE_URL: 'https://api.acme.test/v1' })).toMatchObject({
      siteUrl: 'https://docs.acme.test',
      apiBaseUrl: 'https://api.acme.test/v1',
    });
  });

  it('stop the server at start-up with exit code 2 when SITE_URL is bad', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-url-'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api-server/src/index.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', DATA_DIR: dataDir, SITE_URL: 'https://docs.acme.test/handbook' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('SITE_URL: must be an http:// or https:// origin');
  });
});

describe('build stamp', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'stamp-'));
    fs.mkdirSync(path.join(root, 'docs'));
    fs.writeFileSync(path.join(root, 'docs', 'page.md'), '# Page\n');
    fs.mkdirSync(path.join(root, 'build'));
    fs.writeFileSync(path.join(root, 'build', 'index.html'), '<html></html>');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('keeps a build for the same addresses and sources, and not for another address', () => {
    const laptop = resolveSiteAddresses({});
    writeStamp(root, laptop);
    expect(buildIsFresh(root, resolveSiteAddresses({}))).toBe(true);
    expect(buildIsFresh(root, resolveSiteAddresses({ SITE_URL: 'https://docs.acme.test' }))).toBe(false);
    expect(buildIsFresh(root, resolveSiteAddresses({ API_BASE_URL: 'https://api.acme.test/v1' }))).toBe(false);
    expect(buildIsFresh(root, resolveSiteAddresses({ PORT: '3001' }))).toBe(false);
    // The same address spelled differently is the same build.
    writeStamp(root, resolveSiteAddresses({ SITE_URL: 'https://docs.acme.test' }));
    expect(buildIsFresh(root, resolveSiteAddresses({ SITE_URL: 'https://DOCS.acme.test/' }))).toBe(true);
  });

  it('still follows the sources', () => {
    const laptop = resolveSiteAddresses({});
    const before = sourceDigest(root, laptop);
    fs.writeFileSync(path.join(root, 'docs', 'page.md'), '# Page, edited\n');
    expect(sourceDigest(root, laptop)).not.toBe(before);
  });
});
