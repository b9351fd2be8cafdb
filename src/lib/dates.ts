/**
 * The one date-and-time format of the admin pages: medium date, short time and the time zone,
 * so "saved 09:14" can never be read in the wrong zone. Rendered after the page loads (the
 * values come from the API), so the viewer's locale and zone cause no hydration mismatch.
 */
const FORMAT: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' };

export function formatDateTime(iso: string, locale?: string, timeZone?: string): string {
  return new Date(iso).toLocaleString(locale, timeZone ? { ...FORMAT, timeZone } : FORMAT);
}
