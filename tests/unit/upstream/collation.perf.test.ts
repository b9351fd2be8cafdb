/**
 * Guard of src/clientModules/collation.ts (CONTRIBUTING.md, "Performance mechanisms and upstream
 * internals"): the page's first string comparison, which builds ICU's collator, is made in a task
 * of its own before hydration. It pays only while Docusaurus itself compares strings at start-up;
 * if these calls go, the module is dead weight and should be removed.
 */
import fs from 'node:fs';
import path from 'node:path';

// Their package.json is not in their `exports`: found where npm installs them.
const resolveDir = (pkg: string): string => path.resolve(__dirname, '../../../node_modules', pkg);

describe('the collator warm-up (src/clientModules/collation.ts)', () => {
  afterEach(() => jest.useRealTimers());

  it('compares two strings in a task of its own, not during the import', () => {
    jest.useFakeTimers();
    const compare = jest.spyOn(String.prototype, 'localeCompare');
    try {
      jest.isolateModules(() => {
        require('@site/src/clientModules/collation');
      });
      expect(compare).not.toHaveBeenCalled();
      jest.runAllTimers();
      expect(compare).toHaveBeenCalledTimes(1);
    } finally {
      compare.mockRestore();
    }
  });

  it('still has start-up comparisons in Docusaurus to move out of the long tasks', () => {
    const docs = fs.readFileSync(path.join(resolveDir('@docusaurus/plugin-content-docs'), 'lib/client/docsClientUtils.js'), 'utf8');
    const theme = fs.readFileSync(path.join(resolveDir('@docusaurus/theme-common'), 'lib/utils/reactUtils.js'), 'utf8');
    // The active docs plugin is found by sorting the plugins (we have two), and
    // useShallowMemoObject sorts its keys: each builds the collator on first use.
    expect(docs).toMatch(/\.sort\(\(a, b\) => b\[1\]\.path\.localeCompare\(a\[1\]\.path\)\)/);
    expect(theme).toMatch(/deps\.sort\(\(a, b\) => a\[0\]\.localeCompare\(b\[0\]\)\)/);
  });
});
