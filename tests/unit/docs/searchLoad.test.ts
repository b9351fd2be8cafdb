import type { LoadedSearch } from '@site/src/theme/SearchBar/_load';
import { SEARCH_TEXTS_PATH, SEARCH_TITLES_PATH, type SearchTextsFile, type SearchTitlesFile } from '@site/src/lib/search/types';

/**
 * The navbar search's loader (src/theme/SearchBar/_load.ts): first results from the titles while
 * the texts are still on their way, the full index after, one fetch of each file per page, and a
 * failure forgotten so that the next focus tries again.
 */
const TITLES: SearchTitlesFile = { version: 1, docs: [{ id: 0, url: '/documentation/webhooks', kind: 'docs', page: 'Webhooks', section: '', headings: '' }] };
const TEXTS: SearchTextsFile = { version: 1, texts: ['Verify the signature header of every delivery.'] };

type Load = typeof import('@site/src/theme/SearchBar/_load').loadSearch;

interface Pending {
  resolve: (body: unknown) => void;
  fail: () => void;
}

let loadSearch: Load;
let fetched: string[];
let pending: Map<string, Pending[]>;
/** Paths answered at once; the others wait for `answer`. */
let immediate: Map<string, unknown>;

function answer(path: string): Pending {
  const waiting = pending.get(path)?.shift();
  if (!waiting) throw new Error(`no request of ${path} is waiting`);
  return waiting;
}

/** What the loader reads of a response (jsdom has no Response). */
const reply = (body: unknown, status = 200) => ({ ok: status < 300, status, json: () => Promise.resolve(body) }) as Response;

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const finds = (loaded: LoadedSearch, query: string) => loaded.engine.search(query).length > 0;

beforeEach(() => {
  fetched = [];
  pending = new Map();
  immediate = new Map();
  globalThis.fetch = jest.fn((input: RequestInfo | URL) => {
    const path = String(input);
    fetched.push(path);
    if (immediate.has(path)) return Promise.resolve(reply(immediate.get(path)));
    return new Promise<Response>((resolve) => {
      pending.set(path, [
        ...(pending.get(path) ?? []),
        { resolve: (body) => resolve(reply(body)), fail: () => resolve(reply(undefined, 503)) },
      ]);
    });
  }) as typeof fetch;
  // Each test is a fresh page: the loader keeps what it loaded for the page's lifetime.
  jest.isolateModules(() => {
    ({ loadSearch } = require('@site/src/theme/SearchBar/_load') as { loadSearch: Load });
  });
});

describe('loadSearch', () => {
  it('answers from the titles first, then from the texts, and fetches each file once', async () => {
    immediate.set(SEARCH_TITLES_PATH, TITLES);
    const ready: LoadedSearch[] = [];
    const done = loadSearch((loaded) => ready.push(loaded));
    await settle();
    expect(ready.map((r) => r.complete)).toEqual([false]);
    expect([finds(ready[0]!, 'webhooks'), finds(ready[0]!, 'signature')]).toEqual([true, false]);

    answer(SEARCH_TEXTS_PATH).resolve(TEXTS);
    await done;
    expect(ready.map((r) => r.complete)).toEqual([false, true]);
    expect(finds(ready[1]!, 'signature')).toBe(true);

    await loadSearch((loaded) => ready.push(loaded));
    expect(ready.at(-1)!.complete).toBe(true);
    expect(fetched.sort()).toEqual([SEARCH_TEXTS_PATH, SEARCH_TITLES_PATH].sort());
  });

  it('skips the titles-only index when the texts arrive with the titles', async () => {
    immediate.set(SEARCH_TITLES_PATH, TITLES).set(SEARCH_TEXTS_PATH, TEXTS);
    const ready: LoadedSearch[] = [];
    await loadSearch((loaded) => ready.push(loaded));
    await settle();
    expect(ready.map((r) => r.complete)).toEqual([true]);
  });

  it('shares one load between calls made while it is under way', async () => {
    const first: boolean[] = [];
    const second: boolean[] = [];
    const both = Promise.all([loadSearch((l) => first.push(l.complete)), loadSearch((l) => second.push(l.complete))]);
    answer(SEARCH_TITLES_PATH).resolve(TITLES);
    await settle();
    answer(SEARCH_TEXTS_PATH).resolve(TEXTS);
    await both;
    expect([first, second]).toEqual([
      [false, true],
      [false, true],
    ]);
    expect(fetched).toHaveLength(2);
  });

  it('forgets a failure, so the next call fetches again', async () => {
    immediate.set(SEARCH_TITLES_PATH, TITLES);
    const failed = loadSearch(() => undefined);
    await settle();
    answer(SEARCH_TEXTS_PATH).fail();
    await expect(failed).rejects.toThrow(`HTTP 503 for ${SEARCH_TEXTS_PATH}`);

    const ready: LoadedSearch[] = [];
    const retried = loadSearch((loaded) => ready.push(loaded));
    await settle();
    answer(SEARCH_TEXTS_PATH).resolve(TEXTS);
    await retried;
    expect(ready.at(-1)!.complete).toBe(true);
    expect(fetched.filter((p) => p === SEARCH_TEXTS_PATH)).toHaveLength(2);
  });
});
