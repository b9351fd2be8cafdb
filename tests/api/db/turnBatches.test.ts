import type { Db } from '../../../api-server/src/db/database';
import { TurnBatches, type WriteJob } from '../../../api-server/src/db/turnBatches';

/** The batching core alone, with a `write` that records its batches instead of a database. */
function recorder(options: { maxBatches?: number; maxJobs?: number; gate?: () => Promise<unknown> | undefined } = {}) {
  const batches: string[][] = [];
  /** Lets a test hold a batch "on its connection" until it says so. */
  let hold: Promise<void> | undefined;
  const turns = new TurnBatches({
    maxBatches: options.maxBatches ?? 1,
    maxJobs: options.maxJobs ?? Infinity,
    gate: options.gate,
    write: async (jobs: WriteJob[]) => {
      const names = await Promise.all(jobs.map((job) => job.work(undefined as unknown as Db)));
      batches.push(names as string[]);
      await hold;
      jobs.forEach((job, i) => job.resolve(names[i]));
    },
  });
  const add = (name: string) => turns.add(async () => name, true);
  return { turns, batches, add, holdUntil: (p: Promise<void>) => (hold = p) };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnBatches: the batching core of SQLite and PostgreSQL writes', () => {
  it('hands the jobs of one turn over together, and those of a later turn in another batch', async () => {
    const { batches, add } = recorder();
    const first = [add('a'), add('b'), add('c')];
    expect(batches).toEqual([]); // nothing is written before the turn ends
    await Promise.all(first);
    await add('d');
    expect(batches).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('puts at most maxJobs in one batch; the rest follow in order', async () => {
    const { batches, add } = recorder({ maxJobs: 2 });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map(add));
    expect(batches).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('while maxBatches are being written, later jobs wait and then leave together', async () => {
    const { batches, add, holdUntil } = recorder({ maxBatches: 1 });
    let release!: () => void;
    holdUntil(new Promise<void>((resolve) => (release = resolve)));
    const first = add('a');
    await nextTurn();
    await nextTurn();
    const later = [add('b')];
    await nextTurn();
    later.push(add('c')); // a turn later, still while 'a' holds the only connection
    await nextTurn();
    expect(batches).toEqual([['a']]);
    holdUntil(Promise.resolve());
    release();
    await Promise.all([first, ...later]);
    expect(batches).toEqual([['a'], ['b', 'c']]);
  });

  it('writes two batches at once when maxBatches allows it', async () => {
    const { batches, add, holdUntil } = recorder({ maxBatches: 2 });
    let release!: () => void;
    holdUntil(new Promise<void>((resolve) => (release = resolve)));
    const first = add('a');
    await nextTurn();
    const second = add('b');
    await nextTurn();
    await nextTurn();
    expect(batches).toEqual([['a'], ['b']]);
    release();
    await Promise.all([first, second]);
  });

  it('a closed gate holds the batch, and what arrives meanwhile joins it', async () => {
    let open!: () => void;
    const closed = new Promise<void>((resolve) => (open = resolve));
    let gateShut = true;
    const { batches, add } = recorder({ gate: () => (gateShut ? closed : undefined) });
    const jobs = [add('a')];
    await nextTurn();
    jobs.push(add('b'));
    await nextTurn();
    expect(batches).toEqual([]);
    gateShut = false;
    open();
    await Promise.all(jobs);
    expect(batches).toEqual([['a', 'b']]);
  });

  it('a write that throws rejects its jobs instead of leaving their callers waiting, and the next batch still runs', async () => {
    let fail = true;
    const turns = new TurnBatches({
      maxBatches: 1,
      maxJobs: Infinity,
      write: async (jobs) => {
        if (fail) throw new Error('connection lost');
        for (const job of jobs) job.resolve(await job.work(undefined as unknown as Db));
      },
    });
    await expect(turns.add(async () => 'a', true)).rejects.toThrow('connection lost');
    fail = false;
    await expect(turns.add(async () => 'b', true)).resolves.toBe('b');
  });

  it('idle waits for every job, queued or being written; takeQueued hands back the jobs not yet in a batch', async () => {
    const { turns, add } = recorder();
    const a = add('a');
    const queued = turns.takeQueued();
    expect(queued.map((job) => job.durable)).toEqual([true]);
    expect(turns.pending).toBe(false);
    let idle = false;
    const waiting = turns.idle().then(() => (idle = true));
    await nextTurn();
    expect(idle).toBe(false); // 'a' was taken but is not settled
    queued[0]!.reject(new Error('refused'));
    await expect(a).rejects.toThrow('refused');
    await waiting;
    expect(idle).toBe(true);
  });
});
