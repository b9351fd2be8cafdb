import { render, screen, within } from '@testing-library/react';
import { LEGAL_DATES, PRIVACY, PRIVACY_SECTIONS, SITE, TERMS, TERMS_SECTIONS } from '@site/src/data';
import { formatPeriod } from '@site/src/data/legal';
import PrivacyPage from '@site/src/pages/privacy';
import TermsPage from '@site/src/pages/terms';

// The spec's section lists (section 2), restated on purpose, each beside the heading the page
// gives that section: the drift check of the rendered pages against the spec.
const SPEC_PRIVACY: readonly (readonly [spec: string, heading: string])[] = [
  ['introduction', 'Introduction'],
  ['information collected', 'Information We Collect'],
  ['use', 'How We Use Your Information'],
  ['sharing', 'How We Share Information'],
  ['security', 'Data Security'],
  ['rights', 'Your Rights'],
  ['cookies', 'Cookies and Similar Technologies'],
  ['international transfers', 'International Data Transfers'],
  ['retention', 'Data Retention'],
  ['contact', 'Contact Us'],
  ['updates', 'Updates to This Policy'],
];
const SPEC_TERMS: readonly (readonly [spec: string, heading: string])[] = [
  ['agreement', 'Agreement to These Terms'],
  ['definitions', 'Definitions'],
  ['registration and eligibility', 'Registration and Eligibility'],
  ['use of services', 'Use of the Services'],
  ['financial services', 'Financial Services'],
  ['fees', 'Fees and Payment'],
  ['data protection', 'Data Protection'],
  ['intellectual property', 'Intellectual Property'],
  ['termination', 'Termination'],
  ['liability', 'Limitation of Liability'],
  ['governing law', 'Governing Law and Disputes'],
  ['general provisions', 'General Provisions'],
  ['updates', 'Updates to These Terms'],
  ['contact', 'Contact Us'],
];

/** The page's section headings in order, each with the text of its section below the heading. */
function renderedSections(): { heading: string; body: string }[] {
  return Array.from(document.querySelectorAll('article h2[id]')).map((h) => ({
    heading: h.textContent ?? '',
    body: (h.closest('section')?.textContent ?? '').replace(h.textContent ?? '', '').trim(),
  }));
}

/** Every spec section is on the page, under its heading, in the spec's order, and says something. */
function expectSpecSections(spec: readonly (readonly [string, string])[]) {
  const sections = renderedSections();
  // Headings are numbered like the table of contents: "7. Cookies and Similar Technologies".
  expect(sections.map((s) => s.heading)).toEqual(spec.map(([, heading], i) => `${i + 1}. ${heading}`));
  for (const s of sections) expect(s.body.length).toBeGreaterThan(80);
}


function sectionText(id: string): string {
  const heading = document.getElementById(id);
  if (!heading) throw new Error(`no section ${id}`);
  return (heading.closest('section')?.textContent ?? '').replace(/\s+/g, ' ');
}

function expectDatesAndContents(sections: readonly { id: string; title: string }[]) {
  const terms = Array.from(document.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
  expect(terms).toEqual(expect.arrayContaining([['Last updated:', LEGAL_DATES.lastUpdated], ['Effective:', LEGAL_DATES.effective]]));
  expect(LEGAL_DATES).toMatchObject({ lastUpdated: '1 October 2024', effective: '1 October 2024', iso: '2024-10-01' });
  const times = Array.from(document.querySelectorAll('time'));
  expect(times.map((t) => [t.getAttribute('datetime'), t.textContent])).toEqual([
    ['2024-10-01', '1 October 2024'],
    ['2024-10-01', '1 October 2024'],
  ]);
  const toc = screen.getByRole('navigation', { name: 'Contents' });
  const links = within(toc).getAllByRole('link');
  expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual(sections.map((s) => [`#${s.id}`, s.title]));
  // Every table-of-contents target is a heading, in the same order.
  const headings = Array.from(document.querySelectorAll('article h2[id]')).map((h) => h.id);
  expect(headings).toEqual(sections.map((s) => s.id));
}

describe('/privacy', () => {
  beforeEach(() => render(<PrivacyPage />));

  it('has the sections of the spec, in order, each a TOC target', () => {
    expectSpecSections(SPEC_PRIVACY);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expectDatesAndContents(PRIVACY_SECTIONS);
  });

  it('states every retention period in the retention section', () => {
    expect(PRIVACY.retention.map((r) => [r.data, r.period])).toEqual([
      ['Account information', '7 years after account closure'],
      ['Transaction records', '7 years'],
      ['Identity verification', '5 years'],
      ['Marketing preferences', 'Until consent is withdrawn'],
    ]);
    const rows = Array.from(document.querySelectorAll('#data-retention ~ table tbody tr')).map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent));
    expect(rows).toEqual(PRIVACY.retention.map((r) => [r.data, r.period]));
  });

  it('answers rights requests within 30 days', () => {
    expect(PRIVACY.rightsResponseDays).toBe(30);
    expect(sectionText('your-rights')).toContain(`within ${formatPeriod(PRIVACY.rightsResponseDays, 'day')}`);
    expect(sectionText('your-rights')).toContain('within 30 days');
  });

  it('makes every security claim of the spec', () => {
    const text = sectionText('data-security');
    for (const claim of ['256-bit encryption at rest', 'TLS 1.3', 'MFA', 'PCI DSS Level 1', 'SOC 2 Type II', 'ISO 27001', 'GDPR']) {
      expect(text).toContain(claim);
    }
    for (const claim of PRIVACY.securityClaims) expect(text).toContain(claim);
  });

  it('gives the privacy contact and links to the terms', () => {
    expect(sectionText('contact')).toContain(SITE.contact.privacyEmail);
    expect(sectionText('contact')).toContain(SITE.contact.address);
    expect(screen.getByRole('link', { name: /Terms of Service/ }).getAttribute('href')).toBe('/terms');
  });
});

describe('/terms', () => {
  beforeEach(() => render(<TermsPage />));

  it('has the sections of the spec, in order, each a TOC target', () => {
    expectSpecSections(SPEC_TERMS);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    expectDatesAndContents(TERMS_SECTIONS);
  });

  it('restates the constants of section 9', () => {
    expect(TERMS).toMatchObject({
      minimumAge: 18,
      billing: 'monthly in advance',
      feesRefundable: false,
      feeChangeNoticeDays: 30,
      suspensionDaysPastDue: 10,
      deletionDaysAfterTermination: 90,
      liabilityCapMonths: 12,
      claimsWithinYears: 1,
      terminationNoticeDays: 30,
      updateNoticeDays: 30,
      governingLaw: 'Delaware',
    });
  });

  it.each([
    ['registration-eligibility', ['at least 18 years old', 'age of majority', 'sanctions']],
    ['fees', ['billed monthly in advance', 'non-refundable', '30 days notice', '10 days past due']],
    ['data-protection', ['Enterprise customers', 'data processing agreement', 'white-label']],
    ['use-of-services', ['White label', 'Enterprise']],
    ['termination', ['30 days notice', '90 days after termination']],
    ['liability', ['12 months', 'within one year']],
    ['governing-law', ['State of Delaware', 'binding arbitration', 'Class-action waiver']],
    ['updates', ['30 days notice']],
  ])('states in %s: %p', (id, phrases) => {
    const text = sectionText(id);
    for (const p of phrases) expect(text).toContain(p);
  });

  it('gives the legal contact and links to the privacy policy', () => {
    expect(sectionText('contact')).toContain(SITE.contact.legalEmail);
    expect(sectionText('contact')).toContain(SITE.contact.address);
    expect(screen.getByRole('link', { name: /Read our Privacy Policy/ }).getAttribute('href')).toBe('/privacy');
  });
});
