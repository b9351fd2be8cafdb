import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SupportPage from '@site/src/pages/support';
import { Faq } from '@site/src/pages/support/_components/Faq';
import { SITE, SUPPORT_FAQ } from '@site/src/data';

describe('/support page', () => {
  it('shows phone, email and live-chat cards with real contact details', () => {
    render(<SupportPage />);
    const phone = screen.getByRole('link', { name: SITE.contact.phone });
    expect(phone.getAttribute('href')).toMatch(/^tel:\+\d+$/);
    expect(screen.getByRole('link', { name: SITE.contact.supportEmail })).toHaveAttribute('href', `mailto:${SITE.contact.supportEmail}`);
    expect(screen.getByRole('heading', { name: 'Live Chat' })).toBeInTheDocument();
    const chat = screen.getByRole('link', { name: /Open Help Center chat/ });
    expect(chat).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('lists the response time of every priority', () => {
    render(<SupportPage />);
    const panel = screen.getByRole('region', { name: /Response times/ });
    const rows = within(panel).getAllByRole('term').map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`);
    expect(rows).toEqual(['Urgent 1 hour', 'High 4 hours', 'Medium 24 hours', 'Low 48 hours']);
  });

  it('shows the four support statistics', () => {
    render(<SupportPage />);
    const stats = screen.getByRole('region', { name: 'Support in numbers' });
    for (const value of ['99.9%', '< 30 min', '24/7', '50+']) expect(within(stats).getByText(value)).toBeInTheDocument();
  });

  it('has the ticket form and six FAQ questions', () => {
    render(<SupportPage />);
    expect(screen.getByRole('form', { name: 'Create a support ticket' })).toBeInTheDocument();
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(within(faq).getAllByRole('button')).toHaveLength(6);
  });
});

describe('FAQ accordion', () => {
  it('toggles answers with aria-expanded and aria-controls', async () => {
    const user = userEvent.setup();
    render(<Faq entries={SUPPORT_FAQ} />);
    const button = screen.getByRole('button', { name: SUPPORT_FAQ[2]!.question });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel).not.toBeVisible();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(panel).toHaveAttribute('role', 'region');
    expect(panel).toHaveAttribute('aria-labelledby', button.id);
    expect(panel).toHaveTextContent(SUPPORT_FAQ[2]!.answer[0]!);
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('is operable from the keyboard: Enter/Space toggle, arrows, Home and End move', async () => {
    const user = userEvent.setup();
    render(<Faq entries={SUPPORT_FAQ} />);
    const buttons = screen.getAllByRole('button');
    buttons[0]!.focus();
    await user.keyboard('{Enter}');
    expect(buttons[0]).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(buttons[1]).toHaveFocus();
    await user.keyboard(' ');
    expect(buttons[1]).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{End}');
    expect(buttons[5]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(buttons[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(buttons[5]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(buttons[0]).toHaveFocus();
  });

  it('opens the answer named in the URL hash', () => {
    window.location.hash = '#faq-transaction-fees';
    render(<Faq entries={SUPPORT_FAQ} />);
    expect(screen.getByRole('button', { name: /transaction fees/ })).toHaveAttribute('aria-expanded', 'true');
    window.location.hash = '';
  });
});
