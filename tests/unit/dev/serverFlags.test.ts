/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import { serverNodeFlags } from '@site/scripts/buildServer';

/**
 * The server's Node flags are written once, in package.json's `start`; the tests and the bench
 * read them from there (scripts/buildServer.ts). An unknown V8 flag stops Node before it runs
 * anything, so each supported line is asked in CI (TEST_NODE_LINES runs this file on 22 and 26).
 */
test('package.json gives the server its flags, and this Node accepts every one', () => {
  const flags = serverNodeFlags();
  expect(flags).toEqual(expect.arrayContaining(['--enable-source-maps', expect.stringMatching(/^--max-old-space-size=\d+$/)]));
  const limit = Number(execFileSync(process.execPath, [...flags, '-e', "process.stdout.write(String(require('v8').getHeapStatistics().heap_size_limit))"], { encoding: 'utf8' }));
  // Old space (96 MiB) plus the young generation's reservation, three semi-spaces of 8 MiB (48
  // MiB at the default 16); uncapped, V8 allows ~4 GiB here.
  expect(limit / 2 ** 20).toBeLessThan(125);
});
