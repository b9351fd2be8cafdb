/**
 * Texts of the Try it panel's "Test clock" view (issue 47). Apart from ./tryIt.ts, whose texts
 * ship with the reference pages' start-up code: these load with the view, when it is expanded.
 */
import { SETTLEMENT_DELAY_DAYS, TEST_CLOCK } from './sandboxTime';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The quick steps the view offers, each from the clock's time. */
export const CLOCK_STEPS = [
  { label: '+1 hour', ms: DAY_MS / 24 },
  { label: '+1 day', ms: DAY_MS },
  { label: `+${SETTLEMENT_DELAY_DAYS} days (settlement)`, ms: SETTLEMENT_DELAY_DAYS * DAY_MS },
] as const;

export const TRY_IT_CLOCK_COPY = {
  toggle: 'Test clock',
  loading: 'Reading the test clock…',
  intro: `This test key's clock: every object and event of the key is stamped with it. Advance it (at most ${TEST_CLOCK.maxAdvanceDays} days at a time) to settle transactions, pass due dates and start a new month.`,
  noKey: 'No test key yet: send a request first, then its clock shows here.',
  timeLabel: 'Clock time',
  monthLabel: (month: string) => `Used in ${month}`,
  used: (what: string, used: number, limit: string) => `${what}: ${used} of ${limit}`,
  nextMonth: 'Next month',
  advanceToLabel: 'Advance to (ISO 8601)',
  advance: 'Advance',
  advancing: 'Advancing…',
  eventsTitle: (n: number) => (n === 0 ? 'The advance produced no events.' : n === 1 ? 'The advance produced 1 event:' : `The advance produced ${n} events:`),
  error: (message: string) => `The clock could not be read or advanced: ${message}`,
} as const;
