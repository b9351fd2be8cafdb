/**
 * @jest-environment node
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Several instances started at once from one checkout (a process manager on three ports), and a
 * start while another instance serves: before, each rebuilt build/ in place, and two builds at
 * once crashed one instance. Now builds take a lock, live in their own folders and `build` is
 * moved to the new one atomically.
 */
const RACER = path.join(__dirname, '_racingBuild.ts');
const TSX = require.resolve('tsx/cli');

function start(root: string, siteUrl: string): Promise<number | null> {
  const child = spawn(process.execPath, [TSX, RACER, root], { env: { ...process.env, SITE_URL: siteUrl }, stdio: 'ignore' });
  return new Promise((resolve) => child.on('exit', resolve));
}

describe('the build step of concurrent starts', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'racing-build-'));
  fs.mkdirSync(path.join(root, 'docs'));
  fs.writeFileSync(path.join(root, 'docs', 'intro.md'), '# Intro\n');
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const builds = () => fs.readFileSync(path.join(root, 'builds.log'), 'utf8').trim().split('\n');
  const served = () => fs.readFileSync(path.join(root, 'build', 'index.html'), 'utf8');

  it('three starts for one address build once, and each finds the whole build', async () => {
    const codes = await Promise.all([1, 2, 3].map(() => start(root, 'https://one.example')));
    expect(codes).toEqual([0, 0, 0]);
    expect(builds()).toEqual(['https://one.example']);
    expect(fs.lstatSync(path.join(root, 'build')).isSymbolicLink()).toBe(true);
    expect(fs.existsSync(path.join(root, 'build', 'done'))).toBe(true);
    expect(served()).toBe('<p>https://one.example</p>');
  }, 60_000);

  it('starts for two addresses build one after the other, and the build an instance serves stays in place', async () => {
    const first = fs.realpathSync(path.join(root, 'build'));
    const codes = await Promise.all([start(root, 'https://two.example'), start(root, 'https://three.example')]);
    expect(codes).toEqual([0, 0]);
    expect(builds().slice(1).sort()).toEqual(['https://three.example', 'https://two.example']);
    expect(served()).toMatch(/^<p>https:\/\/(two|three)\.example<\/p>$/);
    // The first instance's folder is kept, whole.
    expect(fs.readFileSync(path.join(first, 'index.html'), 'utf8')).toBe('<p>https://one.example</p>');
    expect(fs.readdirSync(path.join(root, '.builds')).filter((n) => !n.startsWith('.'))).toHaveLength(3);
  }, 60_000);

  it('a start for an address built before moves the link back without building', async () => {
    expect(await start(root, 'https://one.example')).toBe(0);
    expect(builds()).toHaveLength(3);
    expect(served()).toBe('<p>https://one.example</p>');
  }, 30_000);

  it('a lock left by a process that died is taken over', async () => {
    fs.mkdirSync(path.join(root, '.builds', '.lock'));
    fs.writeFileSync(path.join(root, '.builds', '.lock', 'pid'), '2147483646');
    expect(await start(root, 'https://four.example')).toBe(0);
    expect(builds()).toContain('https://four.example');
    expect(fs.existsSync(path.join(root, '.builds', '.lock'))).toBe(false);
  }, 30_000);
});
