import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuild } from './ensureBuild';
import { ensurePrerequisites, thisHost } from './prerequisites';

/**
 * `npm test`: typecheck, unit + component + API tests (the API ones on SQLite and PostgreSQL), then the end-to-end suite against the
 * production build in Chromium. Ends with one line "N passed, N failed" summing every suite.
 * First of all, what the tests need beyond npm (./prerequisites.ts): installed as root, otherwise
 * named in one line before anything runs.
 */
if (!ensurePrerequisites(thisHost)) process.exit(1);

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

function jest(name: string, args: string[]): void {
  const out = path.join(artifacts, `jest-${name}.json`);
  fs.rmSync(out, { force: true });
  const result = spawnSync('npx', ['jest', '--ci', ...args, '--json', `--outputFile=${out}`], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
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

const started = Date.now();
console.log('\n== Typecheck ==');
// The site and the server have their own settings (the server's without DOM types): check both.
for (const project of ['tsconfig.json', 'api-server/tsconfig.json']) {
  check(`typecheck (tsc --noEmit -p ${project})`, spawnSync('npx', ['tsc', '--noEmit', '-p', project], { cwd: root, stdio: 'inherit' }).status === 0);
}

console.log('\n== Lint ==');
check('lint (eslint)', spawnSync('npx', ['eslint', '.'], { cwd: root, stdio: 'inherit' }).status === 0);

console.log('\n== Unit, component and API tests (API on SQLite and on a private PostgreSQL) ==');
jest('unit-api', ['--selectProjects', 'unit', 'api', 'api-pg']);

console.log('\n== Production build ==');
const built = ensureBuild(root);
check('site build', built);

if (built) {
  console.log('\n== End-to-end tests (Chromium) ==');
  jest('e2e', ['--selectProjects', 'e2e', '--runInBand']);
}

console.log(`\nTook ${((Date.now() - started) / 1000).toFixed(0)} s.`);
if (failures.length) console.log(`Failed: ${[...new Set(failures)].join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
