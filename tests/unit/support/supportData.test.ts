import {
  CLAIMS,
  formatPrice,
  getPlan,
  PLAN_LIMITS,
  SUPPORT_CHANNELS,
  SUPPORT_FAQ,
  SUPPORT_PRIORITIES,
  SUPPORT_STATS,
  WHITE_LABEL_FONTS,
} from '@site/src/data';

const text = (id: string) => {
  const entry = SUPPORT_FAQ.find((e) => e.id === id);
  if (!entry) throw new Error(`no FAQ ${id}`);
  return `${entry.question}\n${entry.answer.join('\n')}`;
};

describe('support data', () => {
  it('has the spec response times', () => {
    expect(Object.fromEntries(Object.entries(SUPPORT_PRIORITIES).map(([k, v]) => [k, v.responseHours]))).toEqual({ urgent: 1, high: 4, medium: 24, low: 48 });
  });

  it('has the spec statistics', () => {
    expect(SUPPORT_STATS.map((s) => s.value)).toEqual(['99.9%', '< 30 min', '24/7', '50+']);
  });

  it('has phone, email and chat channels', () => {
    expect(SUPPORT_CHANNELS.map((c) => c.id)).toEqual(['phone', 'email', 'chat']);
  });

  it('has six FAQ entries on the spec topics, with unique ids', () => {
    expect(SUPPORT_FAQ.map((e) => e.id)).toEqual([
      'getting-started',
      'subscription-contents',
      'data-security',
      'existing-accounting-organisation',
      'transaction-fees',
      'white-label',
    ]);
    for (const e of SUPPORT_FAQ) expect(e.answer.join('').length).toBeGreaterThan(80);
  });

  it('states the plan, limit and claim figures the data holds', () => {
    expect(text('getting-started')).toContain(formatPrice(getPlan('starter')));
    const contents = text('subscription-contents');
    for (const id of ['starter', 'business', 'enterprise'] as const) expect(contents).toContain(formatPrice(getPlan(id)));
    expect(contents).toContain('1,000 transactions');
    expect(contents).toContain('100,000 API calls');
    expect(contents).toContain('unlimited transactions');
    expect(text('data-security')).toContain(CLAIMS.encryption);
    expect(text('data-security')).toContain(CLAIMS.compliance);
    expect(text('existing-accounting-organisation')).toContain('Xero');
    expect(text('existing-accounting-organisation')).toContain(`last ${PLAN_LIMITS.starter.invoiceWindowDays} days`);
    expect(text('transaction-fees')).toContain(`start at ${CLAIMS.transactionFee}`);
    expect(text('white-label')).toContain('Enterprise');
    expect(text('white-label')).toContain(formatPrice(getPlan('enterprise')));
    expect(text('white-label')).toContain(WHITE_LABEL_FONTS.join(', '));
  });
});
