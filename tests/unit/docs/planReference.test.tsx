/**
 * Drift test of the per-plan pages: what each page dims and badges must equal the plan gating of
 * the committed OpenAPI document, and the limits shown must be those of src/data/limits.
 */
import { render, screen, within } from '@testing-library/react';
import { parse } from 'yaml';
import { setLocation } from './_router';

jest.mock('@docusaurus/router', () => jest.requireActual('./_router'), { virtual: true });
// The docs chrome (theme layout, docs sidebar provider) needs the Docusaurus client runtime; the
// e2e suite checks it on the built pages (tests/e2e/docs/layout.e2e.ts).
jest.mock('@site/src/components/ApiReferenceLayout', () => ({
  __esModule: true,
  default: ({ children }: { children: React.ReactNode }) => <div data-testid="api-reference-layout">{children}</div>,
}));

import PlanReferencePage from '@site/src/components/PlanReference/PlanReferencePage';
import { PLAN_IDS, type PlanId } from '@site/src/data/plans';
import { PLAN_LIMITS } from '@site/src/data/limits';
import { getPlanDocProfile } from '@site/src/data/planProfiles';
import { PLANS_EXTENSION, SANDBOX_ONLY_EXTENSION } from '@site/src/data/apiReference/openapi';
import { renderOpenApiYaml } from '@site/src/data/apiReference/openapiYaml';
import { apiOutline } from '@site/src/data/apiReference/apiOutline';
import { loadReferenceParts } from '@site/src/components/ReferenceParts/_load';

type Op = { operationId: string; [k: string]: unknown };
const doc = parse(renderOpenApiYaml()) as {
  paths: Record<string, Record<string, Op>>;
  webhooks: Record<string, { post: Record<string, unknown> }>;
};
// The plan pages show the production API: the sandbox-only calls are in the Testing over time guide.
const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops)).filter((op) => !op[SANDBOX_ONLY_EXTENSION]);

// The page's route prop, as src/plugins/planRoutes.ts computes it at build time.
const outline = apiOutline();

// The sections' cards are a chunk of their own; loaded, they render without suspending.
beforeAll(() => loadReferenceParts());

function renderPlan(planId?: PlanId, pathname = `/api-docs/${planId}`) {
  setLocation({ pathname });
  return render(<PlanReferencePage planId={planId} outline={outline} />);
}

describe.each(PLAN_IDS)('/api-docs/%s', (plan) => {
  it('shows the plan header from the documentation profile', () => {
    const { container } = renderPlan(plan);
    const profile = getPlanDocProfile(plan);
    const features = within(container.querySelector('[aria-labelledby="features"]') as HTMLElement);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`${profile.name} API Reference`);
    expect(screen.getByTestId('plan-price')).toHaveTextContent(profile.priceLabel);
    for (const feature of profile.features) expect(features.getByText(feature)).toBeInTheDocument();
  });

  it('dims exactly the operations and events the OpenAPI document denies to the plan', () => {
    const { container } = renderPlan(plan);
    const shownOps = Array.from(container.querySelectorAll('[data-endpoint]'));
    for (const op of operations) {
      const allowed = (op[PLANS_EXTENSION] as string[]).includes(plan);
      const card = shownOps.find((el) => el.getAttribute('data-endpoint') === op.operationId);
      if (!card) {
        // Only the enterprise-only White Label API section may be left out, and only for other plans.
        expect([op.operationId, allowed]).toEqual([op.operationId, false]);
        continue;
      }
      expect([op.operationId, card.getAttribute('data-available')]).toEqual([op.operationId, String(allowed)]);
      expect([op.operationId, within(card as HTMLElement).queryByText('Upgrade Required') !== null]).toEqual([op.operationId, !allowed]);
    }
    for (const [type, w] of Object.entries(doc.webhooks)) {
      const allowed = (w.post[PLANS_EXTENSION] as string[]).includes(plan);
      const card = container.querySelector(`[data-event="${type}"]`);
      expect([type, card?.getAttribute('data-available')]).toEqual([type, String(allowed)]);
    }
  });

  it('shows its API limits', () => {
    const { container } = renderPlan(plan);
    const value = (key: string) => container.querySelector(`[data-limit="${key}"] dd`)?.textContent;
    const l = PLAN_LIMITS[plan];
    expect(value('rateLimitPerMinute')).toBe(l.rateLimitPerMinute.toLocaleString('en-US'));
    expect(value('webhookRetryAttempts')).toBe(String(l.webhookRetryAttempts));
    expect(value('support')).toBe(l.support);
    expect(value('invoicesPerRequest')).toBe(l.invoicesPerRequest.toLocaleString('en-US'));
  });

  it('has the spec sections, White Label API only for enterprise, and the upgrade CTA except for enterprise', () => {
    renderPlan(plan);
    // Sections are accordions, as on /api-docs: the heading holds the title and a summary.
    const h2 = screen.getAllByRole('heading', { level: 2 }).map((h) => h.querySelector('button span span')?.textContent ?? h.textContent);
    expect(h2).toEqual(expect.arrayContaining(['Getting Started', 'Authentication', 'Banking', 'Accounting integration', 'Webhooks']));
    expect(h2.includes('White Label API')).toBe(plan === 'enterprise');
    const cta = screen.queryByTestId('upgrade-cta');
    if (plan === 'enterprise') expect(cta).toBeNull();
    else expect(within(cta!).getByRole('link')).toHaveAttribute('href', '/#pricing');
  });

  it('counts the calls a plan lacks in each section summary in proper English', () => {
    const { container } = renderPlan(plan);
    const text = container.textContent ?? '';
    expect(text).not.toMatch(/\b1 need an upgrade/);
    expect(text).not.toMatch(/\b([02-9]|\d{2,}) needs an upgrade/);
    if (plan === 'starter') expect(text).toMatch(/\b1 needs an upgrade/);
  });

  it('says Upgrade Required only where something is gated, and every gated card links to the plans', () => {
    const { container } = renderPlan(plan);
    const text = container.textContent ?? '';
    if (plan === 'enterprise') {
      expect(text).not.toMatch(/upgrade required/i);
      expect(container.querySelectorAll('[data-available="false"]')).toHaveLength(0);
    } else {
      expect(text).toContain('Calls and events marked Upgrade Required answer');
      const gated = Array.from(container.querySelectorAll<HTMLElement>('[data-available="false"]'));
      expect(gated.length).toBeGreaterThan(0);
      // Most sit in sections closed at load (hidden until opened).
      for (const card of gated) expect(within(card).getByRole('link', { name: /upgrade/i, hidden: true })).toHaveAttribute('href', '/#pricing');
    }
  });

  it("shows its own figures: the payment example carries the plan's fee, the list limit is the plan's", () => {
    const { container } = renderPlan(plan);
    const payment = container.querySelector('[data-endpoint="createPayment"]')!;
    expect(payment.textContent).toContain(`"product_fee": ${PLAN_LIMITS[plan].sampleTransactionFee}`);
    const list = container.querySelector('[data-endpoint="listTransactions"]')!;
    expect(list.textContent).not.toMatch(/at most 100\b/);
    expect(list.textContent).toContain(`${getPlanDocProfile(plan).name.replace(' Plan', '')}: at most`);
  });
});

// Spec section 9 restated, so a changed constant fails here and on the page at once.
it('shows the spec limits of section 9', () => {
  const { container } = renderPlan('starter');
  const value = (key: string) => container.querySelector(`[data-limit="${key}"] dd`)?.textContent;
  expect([value('transactionsPerMonth'), value('apiCallsPerMonth'), value('webhooks'), value('maxAccounts'), value('transactionListLimit'), value('invoiceWindowDays')]).toEqual([
    '1,000', '10,000', '3', '3', '50', 'Last 30 days',
  ]);
});

it('falls back to the starter content for an unknown plan id', () => {
  renderPlan(undefined, '/api-docs/anything');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Starter Plan API Reference');
  expect(screen.getByTestId('upgrade-cta')).toBeInTheDocument();
});
