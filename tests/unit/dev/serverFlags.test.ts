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

/**
 * --no-allocation-site-pretenuring (scripts/buildServer.ts has why): once most of the objects one
 * literal made have survived young collections at one time, V8 makes every later one in the old
 * generation. Here 320,000 such objects are kept alive, then one more is made: with the flag it is
 * young, as a request's are; without it, old (Node 24 and 26; Node 22's V8 does not tenure here).
 */
test("the server's flags keep a literal's objects young however many of them once lived long", () => {
  const probe = `
    const pair = (a, b) => [a, b];
    const record = (a, b) => ({ a, b });
    const kept = [];
    for (let round = 0; round < 8; round++) {
      for (let i = 0; i < 20000; i++) kept.push(pair(i, round), record(i, round));
      gc({ type: 'minor' });
    }
    process.stdout.write(%InYoungGeneration(record(1, 2)) && %InYoungGeneration(pair(1, 2)) ? 'young' : 'old');
  `;
  const where = execFileSync(process.execPath, [...serverNodeFlags(), '--expose-gc', '--allow-natives-syntax', '-e', probe], { encoding: 'utf8' });
  expect(where).toBe('young');
});
