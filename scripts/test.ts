import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NODE_LINE_RELEASES, NODE_LINES, type NodeLine } from '../src/data/nodeLines';
import { ensureBuild } from './ensureBuild';
import { fetchNode } from './nodeRuntime';
import { ensurePrerequisites, thisHost } from './prerequisites';

/**
 * `npm test`: typecheck, unit + component + API tests (the API ones on SQLite and PostgreSQL), then the end-to-end suite against the
 * production build in Chromium. Ends with one line "N passed, N failed" summing every suite.
 * First of all, what the tests need beyond npm (./prerequisites.ts): installed as root, otherwise
 * named in one line before anything runs.
 */
if (!ensurePrerequisites(thisHost)) process.exit(1);

/**
 * More supported Node lines to run on (TEST_NODE_LINES=22,26, as CI does), each fetched from the
 * npm registry: the API suites on SQLite, the server flags' check, and the production server's
 * start/stop cycles, routes and mixed traffic (tests/e2e/shell/nodeLine.e2e.ts).
 */
const otherLines = (process.env.TEST_NODE_LINES ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
  .map((s) => {
    const line = Number(s) as NodeLine;
    if (!NODE_LINES.includes(line)) {
      console.error(`TEST_NODE_LINES: ${s} is not a supported Node line (${NODE_LINES.join(', ')}).`);
      process.exit(2);
    }
    return line;
  });

const root = path.resolve(__dirname, '..');
const artifacts = path.join(root, 'tests/.artifacts');
fs.mkdirSync(artifacts, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];

function check(name: string, ok: boolean): void {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

/** Runs jest on `node` (this process's Node unless another line's is given), with `env` added. */
function jest(name: string, args: string[], node = process.execPath, env: NodeJS.ProcessEnv = {}): void {
  const out = path.join(artifacts, `jest-${name}.json`);
  fs.rmSync(out, { force: true });
  // jest's own file, not npx: npx would put node_modules/.bin (and the project's Node link) first.
  const result = spawnSync(node, [require.resolve('jest/bin/jest'), '--ci', ...args, '--json', `--outputFile=${out}`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  if (!fs.existsSync(out)) {
    check(`jest ${name} (did not report)`, false);
    return;
  }
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numRuntimeErrorTestSuites: number;
    testResults: { name: string; status: string; message: string }[];
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A suite that crashes before its tests run reports no failed test: count it as one.
  for (const suite of report.testResults) {
    if (suite.status === 'failed' && report.numFailedTests === 0) check(`suite ${path.relative(root, suite.name)}`, false);
  }
  if (result.status !== 0 && report.numFailedTests === 0 && report.numRuntimeErrorTestSuites === 0 && report.testResults.every((s) => s.status !== 'failed')) {
    check(`jest ${name} exited ${result.status}`, false);
  }
  for (const suite of report.testResults) if (suite.status === 'failed') failures.push(path.relative(root, suite.name));
}

/**
 * One jest worker per core. Jest's default keeps a core for its own process, which is idle while
 * the suites run: on 2 cores that ran every suite one after another.
 */
const workers = `--maxWorkers=${os.availableParallelism()}`;

const started = Date.now();
console.log('\n== Typecheck ==');
// The site and the server have their own settings (the server's without DOM types): check both.
for (const project of ['tsconfig.json', 'api-server/tsconfig.json']) {
  check(`typecheck (tsc --noEmit -p ${project})`, spawnSync('npx', ['tsc', '--noEmit', '-p', project], { cwd: root, stdio: 'inherit' }).status === 0);
}

console.log('\n== Lint ==');
check('lint (eslint)', spawnSync('npx', ['eslint', '.'], { cwd: root, stdio: 'inherit' }).status === 0);

console.log('\n== Unit, component and API tests (API on SQLite and on a private PostgreSQL) ==');
jest('unit-api', ['--selectProjects', 'unit', 'api', 'api-pg', workers]);

console.log('\n== Production build ==');
const built = ensureBuild(root);
check('site build', built);

if (built) {
  console.log('\n== End-to-end tests (Chromium) ==');
  jest('e2e', ['--selectProjects', 'e2e', workers]);
}

for (const line of otherLines) {
  const release = NODE_LINE_RELEASES[line];
  console.log(`\n== Node ${release}: API tests on SQLite, server flags, the production server's start, routes and traffic ==`);
  let node: string;
  try {
    node = fetchNode(root, release);
  } catch (err) {
    console.error((err as Error).message);
    check(`Node ${release} (not fetched)`, false);
    continue;
  }
  jest(`node${line}-api`, ['--selectProjects', 'api', workers], node);
  const files = ['tests/unit/dev/serverFlags.test.ts', ...(built ? ['tests/e2e/shell/nodeLine.e2e.ts'] : [])];
  // The main line's run gives the traffic SOAK_SECONDS; here the file's own short default.
  jest(`node${line}-server`, ['--selectProjects', 'unit', 'e2e', '--runInBand', '--runTestsByPath', ...files], node, { SOAK_SECONDS: undefined });
}

console.log(`\nTook ${((Date.now() - started) / 1000).toFixed(0)} s.`);
if (failures.length) console.log(`Failed: ${[...new Set(failures)].join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
