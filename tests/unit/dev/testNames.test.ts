/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * One naming convention for test files (CONTRIBUTING.md, "How to test"): camelCase (a component's
 * test takes its PascalCase name, `ContactForm.test.tsx`), then the
 * markers that say where a test runs or what it guards, then the project's ending:
 * `outboxClaimPlan.perf.test.ts` guards an optimisation, `groupCommit.sqlite.test.ts` and
 * `postgres.pg.test.ts` run on one engine only, `zodJitless.node.test.ts` outside jsdom.
 */
const TESTS = path.resolve(__dirname, '../..');
const NAME = /^([a-z][A-Za-z0-9]*(\.(perf|sqlite|pg|node))*\.(test\.tsx?|e2e\.ts)|[A-Z][A-Za-z0-9]*\.test\.tsx)$/;

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return e.name === '.artifacts' ? [] : testFiles(path.join(dir, e.name));
    return /\.(test\.tsx?|e2e\.ts)$/.test(e.name) ? [path.relative(TESTS, path.join(dir, e.name))] : [];
  });
}

it('every test file is named camelCase, with its markers before the ending', () => {
  const files = testFiles(TESTS);
  expect(files.length).toBeGreaterThan(100);
  expect(files.filter((f) => !NAME.test(path.basename(f)))).toEqual([]);
});

it('the convention refuses kebab-case and markers in the wrong place', () => {
  expect(['admin-access.test.ts', 'Thing.test.ts', 'a.test.perf.ts', 'x.fast.test.ts'].filter((n) => NAME.test(n))).toEqual([]);
  expect(['adminAccess.test.ts', 'outboxClaimPlan.perf.test.ts', 'namedStatements.perf.pg.test.ts', 'bundleGuards.perf.e2e.ts', 'page.test.tsx', 'ContactForm.test.tsx'].every((n) => NAME.test(n))).toBe(true);
});
