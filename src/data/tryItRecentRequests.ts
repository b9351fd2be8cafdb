/**
 * "Recent requests" in the Try it panel (issue 26): the page key's log, one entry in detail,
 * Replay, Copy as curl. Kept apart from ./tryIt.ts, whose texts ship with the reference pages'
 * start-up code: these load only with the view, when a reader expands the section.
 */
import { COPIED_LABEL } from './clipboard';

export const RECENT_REQUESTS_COPY = {
  toggle: 'Recent requests',
  loading: 'Loading recent requests…',
  intro: 'Requests made with this test key, newest first: from this page, from your terminal or your code.',
  noKey: 'No test key yet: send a request first, then its log shows here.',
  listLabel: 'Recent requests of this test key, newest first',
  refresh: 'Refresh',
  refreshing: 'Refreshing…',
  empty: 'No requests with this key yet. Send one, or call the sandbox with it from a terminal.',
  count: (n: number) => (n === 1 ? '1 request, newest first.' : `${n} requests, newest first.`),
  duration: (ms: number) => `${ms} ms`,
  detailLabel: (call: string) => `Details of ${call}`,
  requestIdLabel: 'Request-Id',
  timeLabel: 'Time',
  /** The key's test clock when the request was answered (Testing over time). */
  clockTimeLabel: 'Clock time',
  durationLabel: 'Duration',
  versionLabel: 'API version',
  requestHeaders: 'Request headers',
  requestBody: 'Request body',
  responseBody: 'Response body',
  emptyBody: '(empty body)',
  replay: 'Replay',
  replaying: 'Replaying…',
  replayed: (status: string) => `Replayed: ${status}. The new request is at the top of the list.`,
  replayHint: 'Replay sends the same method, path, query and body with this key again (without its Idempotency-Key, so it runs anew).',
  copyCurl: 'Copy as curl',
  curlCopied: COPIED_LABEL,
  expired: 'This test key has expired or the sandbox no longer knows it, so its log is gone. Send a request to get a new key.',
  loadError: (reason: string) => `The recent requests could not be loaded: ${reason}`,
  notSandbox: 'Only sandbox requests can be replayed from the docs.',
  truncated: 'This request body was cut to the log’s size limit, so it cannot be sent again as it was.',
} as const;
