import { render } from '@testing-library/react';
import UpgradeGuide from '@site/src/components/UpgradeGuide';
import { VERSION_CHANGES } from '@site/src/data/apiReference/versions';
import { API_VERSION_NAMES } from '@site/src/data/apiVersioning';
import { computeChangelog } from '@site/src/plugins/apiChangelog/changelog';

/** Built from the same diff as the changelog: each change with its samples, and every breaking change computed. */
it.each(API_VERSION_NAMES.slice(1))('the %s guide shows each change, its before/after samples and every computed breaking change', (version) => {
  const changelog = computeChangelog();
  const { container } = render(<UpgradeGuide version={version} changelog={changelog} />);
  for (const change of VERSION_CHANGES[version]) {
    const section = container.querySelector(`section[aria-labelledby="${change.id}"]`)!;
    expect(section.textContent).toContain(change.why);
    expect([...section.querySelectorAll('[data-sample]')].map((s) => s.getAttribute('data-sample'))).toEqual([...change.samples]);
    expect(section.textContent).toContain(`X-API-Version: ${version}`);
  }
  const entry = changelog.find((e) => e.version === version && e.since?.version !== version)!;
  const breaking = entry.changes.filter((c) => c.kind === 'breaking').map((c) => c.id);
  expect(breaking.length).toBeGreaterThan(0);
  const shown = [...container.querySelectorAll('section[aria-labelledby="every-breaking-change"] [data-change-id]')].map((li) => li.getAttribute('data-change-id'));
  expect(shown).toEqual(breaking);
});
