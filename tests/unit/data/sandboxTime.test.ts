import { SAMPLE_EXPIRIES } from '@site/src/data/timings';
import {
  ACCOUNTING_TOKEN_LIFETIME_MS,
  allowanceMonth,
  nextMonthStart,
  overdueAt,
  SETTLEMENT_DELAY_DAYS,
  SETTLEMENT_DELAY_MS,
  TEST_CLOCK,
  TEST_CLOCK_MAX_ADVANCE_MS,
} from '@site/src/data/sandboxTime';

const DAY = 86_400_000;

describe('the sandbox time rules (issue 47)', () => {
  it('lets one advance cross a whole calendar month, and settles within a few days', () => {
    // The issue asks for at least 31 days per advance; the longest month must fit in one step.
    expect(TEST_CLOCK.maxAdvanceDays).toBeGreaterThanOrEqual(31);
    expect(TEST_CLOCK_MAX_ADVANCE_MS).toBe(TEST_CLOCK.maxAdvanceDays * DAY);
    expect(SETTLEMENT_DELAY_DAYS).toBeGreaterThan(0);
    expect(SETTLEMENT_DELAY_DAYS).toBeLessThanOrEqual(5);
    expect(SETTLEMENT_DELAY_MS).toBe(SETTLEMENT_DELAY_DAYS * DAY);
  });

  it('expires the accounting token after the spec\'s accounting-provider token lifetime', () => {
    expect(ACCOUNTING_TOKEN_LIFETIME_MS).toBe(SAMPLE_EXPIRIES.accountingTokenSeconds * 1000);
    expect(ACCOUNTING_TOKEN_LIFETIME_MS).toBe(30 * 60_000);
  });

  it('counts allowances per UTC month of the clock and starts the next one at its first instant', () => {
    expect(allowanceMonth(Date.parse('2026-12-31T23:59:59Z'))).toBe('2026-12');
    expect(new Date(nextMonthStart(Date.parse('2026-12-31T23:59:59Z'))).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(new Date(nextMonthStart(Date.parse('2026-02-01T00:00:00Z'))).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('makes an invoice overdue at the start of the day after its due date', () => {
    expect(new Date(overdueAt('2026-02-28')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
