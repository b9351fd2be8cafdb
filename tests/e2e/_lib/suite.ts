import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startServer, type RunningServer, type StartOptions } from './server';

export interface LiveSite {
  /** The real production server; set before the first test runs. */
  readonly server: RunningServer;
  /** Debian's Chromium, shared by the tests of the block. */
  readonly browser: Browser;
}

/**
 * Starts the production server and Chromium once for the enclosing describe block and stops both
 * after it. `options` may be a function, read when the block starts, for values other hooks set
 * first (e.g. the URL of an SMTP server started in an earlier beforeAll).
 */
export function useLiveSite(options: StartOptions | (() => StartOptions) = {}): LiveSite {
  const live = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    live.server = await startServer(typeof options === 'function' ? options() : options);
    live.browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await live.browser?.close();
    await live.server?.stop();
  });
  return live;
}
