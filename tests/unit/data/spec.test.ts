import { PLANS, PLAN_IDS, getPlan, PLAN_LIMITS, getPlanDocProfile, WHITE_LABEL_PLAN_IDS, hasUpgrade } from '@site/src/data';
import { planEndpointSections } from '@site/src/lib/apiSidebar';
import { SUPPORT_PRIORITIES, SUPPORT_CATEGORIES, BLOG_CATEGORIES, COLOR_PRESETS, BACKGROUND_THEMES, WHITE_LABEL_FONTS, WHITE_LABEL_DEFAULTS, whiteLabelConfigFileName } from '@site/src/data';

// The spec's tables, restated here on purpose: these tests are the drift check of src/data
// against them. That the pages show src/data is checked in ./pages.test.tsx.
describe('plans', () => {
  it('has the three plans with the spec prices', () => {
    expect(PLANS.map((p) => [p.id, p.price, p.period])).toEqual([
      ['starter', 99, '/month'],
      ['business', 299, '/month'],
      ['enterprise', 599, '/month'],
    ]);
    expect(new Set(PLANS.map((p) => p.id)).size).toBe(PLANS.length);
    expect(PLAN_IDS).toEqual(PLANS.map((p) => p.id));
  });
  it('highlights only Business', () => {
    expect(PLANS.filter((p) => p.highlighted).map((p) => p.id)).toEqual(['business']);
  });
  it('lists the spec features, those made from the limits included', () => {
    expect(PLANS.map((p) => p.features)).toEqual([
      ['Basic Xero integration', 'Hosted authentication', 'Standard API access', 'Email support', 'Up to 1,000 transactions'],
      ['Full Xero integration', 'Advanced authentication features', 'Premium API access', 'Priority support', 'Up to 10,000 transactions', 'Custom webhooks'],
      ['White label solution', 'Unlimited transactions', 'Dedicated support', 'Custom integrations', 'SLA guarantee', 'Multi-organization support'],
    ]);
  });
  it('gives the White Label API to enterprise only (spec sections 2 and 6)', () => {
    expect(WHITE_LABEL_PLAN_IDS).toEqual(['enterprise']);
    expect(PLAN_IDS.map((id) => planEndpointSections(id).includes('whiteLabel'))).toEqual([false, false, true]);
  });
  it('falls back to starter for unknown ids', () => {
    expect(getPlan('platinum').id).toBe('starter');
    expect(getPlan(undefined).id).toBe('starter');
  });
});

describe('plan limits (spec section 9)', () => {
  const row = (k: keyof (typeof PLAN_LIMITS)['starter']) => PLAN_IDS.map((id) => PLAN_LIMITS[id][k]);
  it('matches every row of the table', () => {
    expect(row('transactionsPerMonth')).toEqual([1000, 10000, null]);
    expect(row('apiCallsPerMonth')).toEqual([10000, 100000, null]);
    expect(row('webhooks')).toEqual([3, null, null]);
    expect(row('rateLimitPerMinute')).toEqual([100, 500, 2000]);
    expect(row('webhookRetryAttempts')).toEqual([3, 5, 10]);
    expect(row('maxAccounts')).toEqual([3, 10, null]);
    expect(row('sampleTransactionFee')).toEqual([2.99, 1.99, 0.99]);
    expect(row('transactionListLimit')).toEqual([50, 500, null]);
    expect(row('invoicesPerRequest')).toEqual([100, 1000, 1000]);
    expect(row('invoiceWindowDays')).toEqual([30, null, null]);
  });
  it('formats the documentation profile', () => {
    expect(getPlanDocProfile('starter').limits).toEqual({
      transactions: '1,000/month',
      apiCalls: '10,000/month',
      webhooks: '3',
      support: 'Email support',
    });
    expect(getPlanDocProfile('enterprise').limits.transactions).toBe('Unlimited/month');
    expect(getPlanDocProfile('business').priceLabel).toBe('$299/month');
  });
});

describe('support data', () => {
  it('has the priorities with response times', () => {
    expect(Object.entries(SUPPORT_PRIORITIES).map(([id, p]) => [id, p.responseHours])).toEqual([
      ['urgent', 1],
      ['high', 4],
      ['medium', 24],
      ['low', 48],
    ]);
  });
  it('has the categories', () => {
    expect(Object.entries(SUPPORT_CATEGORIES).map(([id, c]) => [id, c.label])).toEqual([
      ['technical', 'Technical Support'],
      ['billing', 'Billing & Payments'],
      ['general', 'General Inquiry'],
      ['security', 'Security & Compliance'],
    ]);
  });
});

describe('blog categories', () => {
  it('has the eight counts of the spec', () => {
    expect(BLOG_CATEGORIES.map((c) => [c.name, c.count])).toEqual([
      ['White Label', 5],
      ['Accounting Integration', 12],
      ['API Development', 8],
      ['Security', 15],
      ['Banking', 20],
      ['Fintech', 10],
      ['Authentication', 7],
      ['Compliance', 6],
    ]);
  });
});

describe('white-label options', () => {
  it('has six fonts, presets and themes with unique names', () => {
    expect(WHITE_LABEL_FONTS).toEqual(['Inter', 'Roboto', 'Open Sans', 'Lato', 'Montserrat', 'Poppins']);
    expect(COLOR_PRESETS.map((p) => p.name)).toEqual(['Purple', 'Blue', 'Green', 'Orange', 'Red', 'Indigo']);
    expect(BACKGROUND_THEMES.map((t) => t.name)).toEqual(['Purple Night', 'Ocean Blue', 'Forest Green', 'Sunset', 'Corporate', 'Midnight']);
    expect(new Set(BACKGROUND_THEMES.map((t) => t.value)).size).toBe(6);
  });
  it('has the spec defaults', () => {
    expect(WHITE_LABEL_DEFAULTS).toMatchObject({
      companyName: 'Your Company',
      primaryColor: '#8080ff',
      secondaryColor: '#6c6cff',
      accentColor: '#00ccff',
      backgroundGradient: 'from-slate-800 via-purple-800 to-slate-800',
      fontFamily: 'Inter',
      isActive: false,
    });
    expect(BACKGROUND_THEMES.some((t) => t.value === WHITE_LABEL_DEFAULTS.backgroundGradient)).toBe(true);
  });
  it('names the download file as the spec says', () => {
    expect(whiteLabelConfigFileName('Your Company')).toBe('your-company-white-label-config.json');
    expect(whiteLabelConfigFileName('Acme  Bank Ltd')).toBe('acme-bank-ltd-white-label-config.json');
  });

  it('orders plans from the cheapest, so the upgrade call ends every reference but the top plan\'s (spec: starter and business)', () => {
    const prices = PLAN_IDS.map((id) => getPlan(id).price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(PLAN_IDS.filter(hasUpgrade)).toEqual(['starter', 'business']);
  });
});
