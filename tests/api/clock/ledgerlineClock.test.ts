/** `ledgerline clock` (issue 47): shows the key's clock, advances it to a time or by a step, and lists the events produced. */
import { endpointById as endpoint } from '../../../src/data/apiReference';
import { run, EXIT } from '../../../api-server/src/cli/ledgerline/main';
import { listen } from '../sandbox/_events';
import { appsClosedAfterEach, headersFor, mintKey, send } from '../sandbox/_sandbox';

const app = appsClosedAfterEach();

async function ledgerline(argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: {}, signal: new AbortController().signal });
  return { code, out, err };
}

it('shows the clock, advances it by a step and to a time, printing each event at its clock time', async () => {
  const t = await app();
  const { server, base } = await listen(t.app);
  try {
    const key = await mintKey(t.app, 'starter');
    const txn = (await send(t.app, endpoint('createTransaction'), headersFor(key, 'starter'))).body as { id: string };
    const opts = ['--key', key, '--api', base];
    expect(await ledgerline(['clock', ...opts])).toEqual({
      code: EXIT.ok,
      out: ['Test clock: 2026-01-15T10:00:00Z (ready). 2026-01: transactions 1/1,000, API calls 1/10,000; next month starts 2026-02-01T00:00:00Z.'],
      err: [],
    });
    const step = await ledgerline(['clock', 'advance', '+2d', ...opts]);
    expect(step.code).toBe(EXIT.ok);
    expect(step.out).toEqual([
      expect.stringMatching(new RegExp(`^2026-01-17T10:00:00Z  transaction\\.completed  evt_\\w+  ${txn.id} \\(completed\\)$`)),
      expect.stringMatching(/^2026-01-17T10:00:00Z {2}transaction\.completed {2}evt_\w+ {2}txn_\w+ \(completed\)$/),
      '2 event(s). Test clock: 2026-01-17T10:00:00Z (ready). 2026-01: transactions 1/1,000, API calls 1/10,000; next month starts 2026-02-01T00:00:00Z.',
    ]);
    const month = await ledgerline(['clock', 'advance', '2026-02-01T00:00:00Z', ...opts]);
    expect(month.out).toEqual(['0 event(s). Test clock: 2026-02-01T00:00:00Z (ready). 2026-02: transactions 0/1,000, API calls 0/10,000; next month starts 2026-03-01T00:00:00Z.']);
    const back = await ledgerline(['clock', 'advance', '2026-01-01T00:00:00Z', ...opts]);
    expect([back.code, back.err]).toEqual([EXIT.refused, [expect.stringContaining("The API refused: Invalid frozen_time: it must be after the clock's time, 2026-02-01T00:00:00Z.")]]);
    const bad = await ledgerline(['clock', 'advance', 'tomorrow', ...opts]);
    expect([bad.code, bad.err[0]]).toEqual([EXIT.usage, expect.stringContaining('advance takes an ISO 8601 time')]);
  } finally {
    await new Promise((r) => server.close(r));
  }
});
