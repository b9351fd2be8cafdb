import { render, screen, within } from '@testing-library/react';
import BlogCategories from '@site/src/components/BlogCategories';
import PlanLimitsTable from '@site/src/components/PlanLimitsTable';
import Home from '@site/src/pages/index';
import SupportPage from '@site/src/pages/support';
import {
  BLOG_CATEGORIES,
  CLAIMS,
  LANDING_STATS,
  PLAN_IDS,
  PLAN_LIMITS,
  PLANS,
  SUPPORT_CATEGORIES,
  SUPPORT_FAQ,
  SUPPORT_PRIORITIES,
  formatLimit,
  formatPrice,
  getPlan,
} from '@site/src/data';

/*
 * The pages show what src/data says: each figure and text is read from the rendered page and
 * compared with the data module, so a page that types a figure itself, drops an entry or shows
 * another one fails here. (./spec.test.ts checks the data against the spec.)
 */
const flat = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('landing page', () => {
  it('prices every plan and lists its features, in order, from the plan data', () => {
    const { container } = render(<Home />);
    const cards = within(container.querySelector('#pricing') as HTMLElement)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.closest('li')!);
    expect(cards.map((c) => flat(within(c).getByRole('heading', { level: 3 })))).toEqual(PLANS.map((p) => p.name));
    PLANS.forEach((plan, i) => {
      expect(flat(cards[i]!)).toContain(`${formatPrice(plan)}${plan.period}`);
      const features = within(cards[i]!).getAllByRole('listitem').map(flat);
      expect(features).toEqual(plan.features);
    });
  });

  it('states every claim, and the statistics band shows the claims data', () => {
    const { container } = render(<Home />);
    const text = flat(container);
    for (const claim of Object.values(CLAIMS)) expect(text).toContain(claim);
    const stats = within(container.querySelector('#statistics') as HTMLElement);
    for (const s of LANDING_STATS) expect(flat(stats.getByText(s.value).parentElement)).toContain(s.label);
  });
});

describe('plan limits table (MDX, plan pages)', () => {
  it('shows each plan limit as src/data/limits gives it', () => {
    render(<PlanLimitsTable />);
    const table = screen.getByRole('table', { name: 'API limits by plan' });
    const header = within(table).getAllByRole('columnheader').map(flat);
    expect(header.slice(1)).toEqual(PLAN_IDS.map((id) => expect.stringContaining(getPlan(id).name)));
    const rows = new Map(within(table).getAllByRole('row').slice(1).map((tr) => {
      const [label, ...cells] = Array.from(tr.querySelectorAll('th, td')).map(flat);
      return [label!, cells] as const;
    }));
    const row = (label: string) => rows.get(label);
    expect(row('Transactions per month')).toEqual(PLAN_IDS.map((id) => formatLimit(PLAN_LIMITS[id].transactionsPerMonth)));
    expect(row('API calls per month')).toEqual(PLAN_IDS.map((id) => formatLimit(PLAN_LIMITS[id].apiCallsPerMonth)));
    expect(row('Webhooks')).toEqual(PLAN_IDS.map((id) => formatLimit(PLAN_LIMITS[id].webhooks)));
    expect(row('Rate limit per minute')).toEqual(PLAN_IDS.map((id) => formatLimit(PLAN_LIMITS[id].rateLimitPerMinute)));
    expect(row('Webhook retry attempts')).toEqual(PLAN_IDS.map((id) => String(PLAN_LIMITS[id].webhookRetryAttempts)));
    expect(row('Max accounts')).toEqual(PLAN_IDS.map((id) => formatLimit(PLAN_LIMITS[id].maxAccounts)));
    expect(row('Support')).toEqual(PLAN_IDS.map((id) => PLAN_LIMITS[id].support));
    expect(row('Sample transaction fee')).toEqual(PLAN_IDS.map((id) => `$${PLAN_LIMITS[id].sampleTransactionFee.toFixed(2)}`));
  });
});

describe('/support', () => {
  it('asks and answers every FAQ entry, in order', () => {
    render(<SupportPage />);
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(within(faq).getAllByRole('button').map(flat)).toEqual(SUPPORT_FAQ.map((e) => e.question));
    const text = flat(faq);
    for (const entry of SUPPORT_FAQ) for (const paragraph of entry.answer) expect(text).toContain(paragraph.replace(/\s+/g, ' '));
  });

  it('offers the ticket categories and priorities of the support data', () => {
    render(<SupportPage />);
    const options = (label: RegExp) => within(screen.getByLabelText(label)).getAllByRole('option').map(flat);
    expect(options(/^Category/)).toEqual(Object.values(SUPPORT_CATEGORIES).map((c) => c.label));
    expect(options(/^Priority/)).toEqual(Object.values(SUPPORT_PRIORITIES).map((p) => expect.stringContaining(p.label)));
  });
});

describe('/blog', () => {
  it('shows every category tile with its article count', () => {
    render(<BlogCategories />);
    const tiles = screen.getAllByRole('listitem').map((li) => Array.from(li.children).map(flat));
    expect(tiles).toEqual(BLOG_CATEGORIES.map((c) => [c.name, `${c.count} articles`]));
  });
});
