import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Home from '@site/src/pages/index';
import { CLAIMS, LANDING_STATS } from '@site/src/data/claims';
import { EXTERNAL_LINKS } from '@site/src/data/site';
import { PLANS } from '@site/src/data/plans';
import { LANDING_FEATURES } from '@site/src/data/landing';
import { collectedAnchors } from '../../mocks/docusaurus/useBrokenLinks';

describe('landing page', () => {
  it('has the sections in the spec order, with the anchors the navbar uses', () => {
    const { container } = render(<Home />);
    const ids = [...container.querySelectorAll('main > section')].map((s) => s.id || 'hero');
    expect(ids).toEqual(['hero', 'why-us', 'features', 'guides', 'services', 'pricing', 'statistics', 'contact']);
    for (const id of ['services', 'features', 'pricing', 'contact']) expect(collectedAnchors.has(id)).toBe(true);
  });

  it('shows a features grid of 6 cards', () => {
    const { container } = render(<Home />);
    const features = container.querySelector('#features')!;
    expect(within(features as HTMLElement).getAllByRole('listitem')).toHaveLength(6);
    expect(LANDING_FEATURES.items).toHaveLength(6);
  });

  it('states every marketing claim of the spec', () => {
    const { container } = render(<Home />);
    const text = container.textContent ?? '';
    for (const claim of ['500+', '99.9%', '1M+', '24/7', '0.1%', 'up to 60%', '256-bit', 'PCI DSS']) expect(text).toContain(claim);
    for (const claim of Object.values(CLAIMS)) expect(text).toContain(claim);
    const stats = container.querySelector('#statistics')!;
    for (const s of LANDING_STATS) expect(stats).toHaveTextContent(s.value);
  });

  it('links GET SUBSCRIBE and Get Started to the external sites with rel=noopener', () => {
    render(<Home />);
    const subscribe = screen.getByRole('link', { name: 'GET SUBSCRIBE' });
    expect(subscribe).toHaveAttribute('href', EXTERNAL_LINKS.subscribe);
    expect(subscribe.getAttribute('rel')).toContain('noopener');
    const start = screen.getByRole('link', { name: 'Get Started' });
    expect(start).toHaveAttribute('href', EXTERNAL_LINKS.authFlow);
    expect(start.getAttribute('rel')).toContain('noopener');
  });

  it('shows three plan cards from the plan data, Business as Most Popular', () => {
    const { container } = render(<Home />);
    const pricing = container.querySelector('#pricing') as HTMLElement;
    const cards = within(pricing).getAllByRole('heading', { level: 3 }).map((h) => h.closest('li')!);
    expect(cards).toHaveLength(3);
    PLANS.forEach((plan, i) => {
      expect(cards[i]).toHaveTextContent(plan.name);
      expect(cards[i]).toHaveTextContent(`$${plan.price}/month`);
      for (const f of plan.features) expect(cards[i]).toHaveTextContent(f);
      expect(within(cards[i]!).getByRole('button', { name: /Choose Plan/ })).toHaveTextContent('Choose Plan');
    });
    expect(within(pricing).getAllByText('Most Popular')).toHaveLength(1);
    expect(cards[1]).toHaveTextContent('Most Popular');
  });

  it.each(PLANS.map((p) => [p.name, p] as const))('Choose Plan on %s opens the checkout for that plan; closing clears it', async (_name, plan) => {
    const user = userEvent.setup();
    render(<Home />);
    await user.click(screen.getByRole('button', { name: `Choose Plan: ${plan.name}` }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { level: 3 })).toHaveTextContent(plan.name);
    expect(dialog).toHaveTextContent(`$${plan.price}`);
    await user.click(within(dialog).getByRole('button', { name: 'Close checkout' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has the contact information, the form and the 24-hour promise', () => {
    const { container } = render(<Home />);
    const contact = container.querySelector('#contact') as HTMLElement;
    expect(contact).toHaveTextContent('within 24 hours');
    expect(within(contact).getByRole('form', { name: 'Contact sales' })).toBeInTheDocument();
    expect(within(contact).getByRole('complementary', { name: 'Contact information' })).toHaveTextContent('@');
  });
});
