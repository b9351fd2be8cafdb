/**
 * @jest-environment node
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The import boundaries in eslint.config.mjs, checked on small samples with the real config.
 * ESLint loads its flat config with a dynamic import(), which Jest's module sandbox refuses,
 * so the samples are linted by ESLint's Node API in a child process.
 */
const root = path.resolve(__dirname, '../..');
const RULE = '@typescript-eslint/no-restricted-imports';

interface Sample {
  filePath: string;
  code: string;
}

const LINT_SCRIPT = `
import { ESLint } from 'eslint';
const samples = JSON.parse(await new Promise((resolve) => {
  let text = '';
  process.stdin.on('data', (chunk) => (text += chunk)).on('end', () => resolve(text));
}));
const eslint = new ESLint({ overrideConfigFile: 'eslint.config.mjs' });
const out = [];
for (const s of samples) {
  const [result] = await eslint.lintText(s.code, { filePath: s.filePath });
  out.push(result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message })));
}
process.stdout.write(JSON.stringify(out));
`;

/** The no-restricted-imports messages of each sample, in order. */
function restrictedImports(samples: Sample[]): string[][] {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', LINT_SCRIPT], {
    cwd: root,
    input: JSON.stringify(samples),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`eslint child failed: ${run.stderr}`);
  const results = JSON.parse(run.stdout) as { ruleId: string | null; message: string }[][];
  return results.map((messages) => messages.filter((m) => m.ruleId === RULE).map((m) => m.message));
}

const sample = (filePath: string, source: string): Sample => ({ filePath, code: `import { x } from '${source}';\nexport { x };\n` });

const forbidden: Sample[] = [
  sample('api-server/src/white-label/x.ts', '../../../src/lib/whiteLabel'),
  sample('api-server/src/x.ts', '../../src/components/Form'),
  sample('api-server/src/x.ts', '../../src/pages/white-label/_utils/useWhiteLabel'),
  sample('api-server/src/x.ts', '../../src/theme/BlogListPage/_utils'),
  sample('api-server/src/x.ts', '@site/src/lib/contrast'),
  sample('api-server/src/x.ts', '@theme/Heading'),
  sample('api-server/src/x.ts', '@docusaurus/Link'),
  sample('api-server/src/x.ts', 'react'),
  sample('src/data/x.ts', 'react'),
  { filePath: 'src/schemas/x.ts', code: "import type { ReactNode } from 'react';\nexport type X = ReactNode;\n" },
  sample('src/data/x.ts', '@docusaurus/Link'),
  sample('src/data/x.ts', '../lib/whiteLabel'),
  sample('src/data/apiReference/x.ts', '../../components/Form'),
  sample('src/schemas/x.ts', '@site/src/lib/contrast'),
  sample('src/domain/x.ts', 'node:fs'),
  sample('src/domain/x.ts', '../pages/white-label/_utils/useWhiteLabel'),
  sample('src/components/BlogPostCard/x.tsx', '@site/src/theme/BlogListPage/_utils'),
  sample('src/components/BlogPostCard/x.tsx', '../../theme/BlogListPage/_utils'),
  // Browser code never imports the server, not even a type (wire types live in src/schemas).
  { filePath: 'src/components/TryIt/x.ts', code: "import type { X } from '../../../api-server/src/sandbox/requestLog';\nexport type { X };\n" },
  sample('src/pages/x.tsx', '@site/api-server/src/config'),
  sample('src/lib/x.ts', '../../api-server/src/http/errors'),
  sample('src/plugins/x/index.ts', '../../../api-server/src/db/database'),
  sample('src/schemas/x.ts', '../../api-server/src/sandbox/requestLog'),
];

const allowed: Sample[] = [
  sample('api-server/src/x.ts', '../../src/data/plans'),
  sample('api-server/src/x.ts', '../../src/schemas/common'),
  sample('api-server/src/white-label/x.ts', '../../../src/domain/whiteLabel'),
  sample('api-server/src/x.ts', 'express'),
  sample('src/data/x.ts', './plans'),
  sample('src/schemas/x.ts', '../data/support'),
  sample('src/domain/x.ts', '../schemas/whiteLabel'),
  sample('src/schemas/x.ts', 'zod'),
  sample('src/components/X/index.tsx', '@theme/Heading'),
  sample('src/components/X/index.tsx', '@site/src/data/blog'),
  sample('src/pages/x.tsx', '@site/src/lib/whiteLabel'),
];

describe('import boundaries (eslint.config.mjs)', () => {
  const results = restrictedImports([...forbidden, ...allowed]);

  it.each(forbidden.map((s, i) => [s.filePath, s.code.split('\n')[0], i] as const))('%s may not %s', (_file, _line, i) => {
    expect(results[i]).toHaveLength(1);
  });

  it.each(allowed.map((s, i) => [s.filePath, s.code.split('\n')[0], forbidden.length + i] as const))('%s may %s', (_file, _line, i) => {
    expect(results[i]).toEqual([]);
  });

  it('explains a refused server import in words', () => {
    expect(results[0]?.[0]).toMatch(/server imports only shared domain code/);
    expect(results[forbidden.findIndex((s) => s.filePath === 'src/components/TryIt/x.ts')]?.[0]).toMatch(/does not import api-server/);
  });
});
