/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_BUNDLE, SERVER_NODE_FLAGS } from '@site/scripts/buildServer';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * `npm start` and the tests' server (which the bench measures) run the bundle with the same Node
 * flags: package.json cannot import them, so this holds its copy to the one in buildServer.ts.
 */
test('npm start runs the bundle with the server flags', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect(pkg.scripts.start).toMatch(new RegExp(`exec node ${[...SERVER_NODE_FLAGS, SERVER_BUNDLE].join(' ').replace(/[.]/g, '\\.')}$`));
});

test('the flags cap the heap (issue 28: without a cap a loaded server grew past 250 MB)', () => {
  const limit = Number(execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', "process.stdout.write(String(require('v8').getHeapStatistics().heap_size_limit))"], { encoding: 'utf8' }));
  // Old space (96 MiB) plus the young generation's reservation, three semi-spaces of 8 MiB (48
  // MiB at the default 16); uncapped, V8 allows ~4 GiB here.
  expect(limit / 2 ** 20).toBeLessThan(125);
});
