import { render } from '@testing-library/react';
import ApiChangelog from '@site/src/components/ApiChangelog';
import { computeChangelog } from '@site/src/plugins/apiChangelog/changelog';

/** The page shows every computed change: notes add a title and context, never a filter. */
it('shows every computed change of every release, under its release', () => {
  const entries = computeChangelog();
  const { container } = render(<ApiChangelog entries={entries} />);
  for (const entry of entries) {
    const section = container.querySelector(`section[data-release="${entry.id}"]`)!;
    expect(section).not.toBeNull();
    const shown = [...section.querySelectorAll('[data-change-id]')].map((li) => li.getAttribute('data-change-id'));
    expect(shown.sort()).toEqual(entry.changes.map((c) => c.id).sort());
  }
  expect(entries.some((e) => e.changes.length > 0)).toBe(true);
});
