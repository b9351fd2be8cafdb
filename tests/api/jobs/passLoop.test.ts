/**
 * The loop both queue workers (mail outbox, webhook deliveries) run on: one pass at a time, a
 * kick during a pass runs exactly one more after it, a failed pass is reported and the next
 * kick starts afresh, and stop waits for the pass in progress.
 */
import { PassLoop } from '../../../api-server/src/jobs/passLoop';

function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PassLoop', () => {
  it('runs one pass at a time, and one more after kicks that came during a pass', async () => {
    const gates = [gate(), gate()];
    let passes = 0;
    let concurrent = 0;
    let most = 0;
    const loop = new PassLoop(async () => {
      const n = passes++;
      most = Math.max(most, ++concurrent);
      await gates[n]?.promise;
      concurrent--;
    }, () => undefined, 60_000);
    loop.start();
    loop.kick();
    loop.kick();
    loop.kick();
    expect(passes).toBe(1);
    gates[0]!.open();
    await settle();
    expect(passes).toBe(2);
    gates[1]!.open();
    await settle();
    expect([passes, most]).toEqual([2, 1]);
    await loop.stop();
  });

  it('reports a failed pass, and the next kick runs again', async () => {
    const errors: unknown[] = [];
    let fail = true;
    let passes = 0;
    const loop = new PassLoop(async () => {
      passes++;
      if (fail) throw new Error('disk full');
    }, (err) => errors.push(err), 60_000);
    loop.start();
    await settle();
    expect(errors).toEqual([new Error('disk full')]);
    fail = false;
    loop.kick();
    await settle();
    expect([passes, errors.length]).toEqual([2, 1]);
    await loop.stop();
  });

  it('stop waits for the pass in progress, and nothing runs after it', async () => {
    const g = gate();
    let passes = 0;
    let done = false;
    const loop = new PassLoop(async () => {
      passes++;
      await g.promise;
      done = true;
    }, () => undefined, 60_000);
    expect(loop.stopped).toBe(true);
    loop.start();
    expect(loop.stopped).toBe(false);
    const stopping = loop.stop();
    expect(loop.stopped).toBe(true);
    setTimeout(g.open, 20);
    await stopping;
    expect(done).toBe(true);
    loop.kick();
    await settle();
    expect(passes).toBe(1);
  });

  it('polls', async () => {
    jest.useFakeTimers();
    try {
      let passes = 0;
      const loop = new PassLoop(async () => void passes++, () => undefined, 1_000);
      loop.start();
      await jest.advanceTimersByTimeAsync(3_000);
      expect(passes).toBe(4);
      await loop.stop();
      await jest.advanceTimersByTimeAsync(3_000);
      expect(passes).toBe(4);
    } finally {
      jest.useRealTimers();
    }
  });
});
