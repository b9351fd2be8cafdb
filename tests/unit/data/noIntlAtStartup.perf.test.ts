/**
 * @jest-environment node
 */
/**
 * Every docs page imports the plan limits and /blog formats its cards' dates while it hydrates.
 * A page's first Intl formatter loads the locale data (about 100-130 ms on a phone-speed CPU), so
 * these format by hand; each must still write what en-US Intl writes.
 */
const numberFormat = jest.spyOn(Intl, 'NumberFormat');
const dateTimeFormat = jest.spyOn(Intl, 'DateTimeFormat');

// Required after the spies, so that a formatter built at module load is seen.
const { formatLimit, formatNumber, PLAN_LIMITS } = require('@site/src/data/limits') as typeof import('@site/src/data/limits');
const { formatPostDate } = require('@site/src/components/BlogPostCard/blogCard') as typeof import('@site/src/components/BlogPostCard/blogCard');

afterAll(() => {
  numberFormat.mockRestore();
  dateTimeFormat.mockRestore();
});

it('loads and formats the limits and post dates without building an Intl formatter', () => {
  for (const limits of Object.values(PLAN_LIMITS)) for (const value of Object.values(limits)) if (typeof value === 'number' || value === null) formatLimit(value);
  formatPostDate('2024-10-01T00:00:00.000Z');
  expect(numberFormat).not.toHaveBeenCalled();
  expect(dateTimeFormat).not.toHaveBeenCalled();
});

it('writes numbers as en-US Intl does', () => {
  const intl = new Intl.NumberFormat('en-US');
  const values = [0, 1, 12, 999, 1000, 10_000, 100_000, 1_000_000, 123_456_789, 2.99, 0.99, 1234.5, 1234.5678, -1500, -0.25, 25000, 149.99];
  for (const v of values) expect(formatNumber(v)).toBe(intl.format(v));
  expect(formatLimit(null)).toBe('Unlimited');
  expect(formatLimit(2000, 'requests')).toBe('2,000 requests');
});

it('writes post dates as en-US Intl does, in UTC', () => {
  const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  for (const iso of ['2024-10-01T00:00:00.000Z', '2025-01-31T23:59:59.000Z', '2023-12-25T12:00:00.000Z', '2026-02-28T00:30:00+02:00']) {
    expect(formatPostDate(iso)).toBe(intl.format(new Date(iso)));
  }
});
