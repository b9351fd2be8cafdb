/** The "Testing over time" guide's sample, run as written with Node.js against a real server (the sandbox at the site's address). */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { API_KEY_ENV, API_VERSION, SAMPLE_IDS } from '../../../src/data/apiReference';
import { clockErrors } from '../../../src/data/apiReference/endpoints/sandbox';
import { SANDBOX_BASE_PATH } from '../../../src/data/sandbox';
import { testClockSample } from '../../../src/data/sandboxTime';
import { listen } from '../sandbox/_events';
import { appsClosedAfterEach, mintKey } from '../sandbox/_sandbox';

const exec = promisify(execFile);
const app = appsClosedAfterEach();

it('creates a transfer, advances past its settlement and prints the events at their clock times, then the documented 400', async () => {
  const t = await app();
  const { server, base } = await listen(t.app);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clock-sample-'));
  try {
    const key = await mintKey(t.app, 'starter');
    const file = path.join(dir, 'month.mjs');
    fs.writeFileSync(file, testClockSample(`${base}${SANDBOX_BASE_PATH}`, API_VERSION, API_KEY_ENV, SAMPLE_IDS.account, SAMPLE_IDS.account2));
    const { stdout } = await exec(process.execPath, [file], { env: { ...process.env, [API_KEY_ENV]: key }, timeout: 20_000 });
    const lines = stdout.trim().split('\n');
    expect(lines).toEqual([
      'clock 2026-01-15T10:00:00Z',
      expect.stringMatching(/^txn_\w+ pending$/),
      `2026-01-17T10:00:00.000Z transaction.completed ${lines[1]!.split(' ')[0]}`,
      expect.stringMatching(/^2026-01-17T10:00:00\.000Z transaction\.completed txn_\w+$/),
      `POST /test_clock/advance: 400 test_clock_not_after: ${clockErrors.notAfter('2026-01-17T10:00:00Z').message}`,
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await new Promise((r) => server.close(r));
  }
});
