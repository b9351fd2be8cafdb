import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocation } from './_router';

jest.mock('@docusaurus/router', () => jest.requireActual('./_router'), { virtual: true });

import Accordion from '@site/src/components/Accordion';

function renderTwo() {
  return render(
    <>
      <Accordion id="introduction" title="Introduction" defaultOpen>
        <p>Intro body</p>
      </Accordion>
      <Accordion id="security" title="Security">
        <p>Security body</p>
        <h3 id="white-label">White label</h3>
      </Accordion>
    </>,
  );
}

describe('Accordion', () => {
  beforeEach(() => setLocation({ hash: '' }));

  it('is a heading holding a button wired to a labelled region', () => {
    renderTwo();
    const button = screen.getByRole('button', { name: 'Introduction' });
    expect(button.closest('h2')).toHaveAttribute('id', 'introduction');
    const panel = document.getElementById(button.getAttribute('aria-controls')!);
    expect(panel).toHaveAttribute('role', 'region');
    expect(panel).toHaveAttribute('aria-labelledby', button.id);
  });

  it('opens the first section by default only', () => {
    renderTwo();
    expect(screen.getByRole('button', { name: 'Introduction' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Security' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Intro body')).toBeVisible();
    expect(screen.getByText('Security body')).not.toBeVisible();
  });

  it('opens and closes with Enter and Space', async () => {
    const user = userEvent.setup();
    renderTwo();
    const button = screen.getByRole('button', { name: 'Security' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Security body')).toBeVisible();
    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens when the location hash names it or something inside it', () => {
    setLocation({ hash: '#white-label' });
    renderTwo();
    act(() => undefined);
    expect(screen.getByRole('button', { name: 'Security' })).toHaveAttribute('aria-expanded', 'true');
  });
});
