/** waitedFor (http/activity.ts): what RequestActivity and load shedding count of each response. */
import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { notWaiting, waitedFor } from '../../../api-server/src/http/activity';

/** A response whose request still has `bodyLeft` bytes to arrive, or none. */
function pending(bodyLeft: number): { res: Response; arrive: () => void; close: () => void } {
  const req = Object.assign(new EventEmitter(), { complete: false, headers: bodyLeft ? { 'content-length': String(bodyLeft) } : {} });
  const res = Object.assign(new EventEmitter(), { req });
  return { res: res as unknown as Response, arrive: () => req.emit('end'), close: () => res.emit('close') };
}

function counter(): { change: (by: 1 | -1) => void; value: () => number; calls: number[] } {
  const calls: number[] = [];
  return { change: (by) => calls.push(by), value: () => calls.reduce((a, b) => a + b, 0), calls };
}

describe('waitedFor', () => {
  it('counts a request once its body has arrived, for every counter, until its response closes', () => {
    const { res, arrive, close } = pending(10);
    const shedding = counter();
    const activity = counter();
    waitedFor(res, shedding.change);
    waitedFor(res, activity.change);
    expect([shedding.value(), activity.value()]).toEqual([0, 0]);
    arrive();
    arrive();
    expect([shedding.calls, activity.calls]).toEqual([[1], [1]]);
    close();
    close();
    expect([shedding.calls, activity.calls]).toEqual([
      [1, -1],
      [1, -1],
    ]);
  });

  it('counts a request without a body at once, and a counter added later too', () => {
    const { res, close } = pending(0);
    const first = counter();
    const later = counter();
    waitedFor(res, first.change);
    waitedFor(res, later.change);
    expect([first.calls, later.calls]).toEqual([[1], [1]]);
    close();
    expect([first.value(), later.value()]).toEqual([0, 0]);
  });

  it('never counts a request whose client left before its body arrived, or a response already closed', () => {
    const { res, arrive, close } = pending(10);
    const c = counter();
    waitedFor(res, c.change);
    close();
    arrive();
    const late = counter();
    waitedFor(res, late.change);
    expect([c.calls, late.calls]).toEqual([[], []]);
  });

  it('stops counting an event stream when it says so (notWaiting), once for all', () => {
    const { res, close } = pending(0);
    const a = counter();
    const b = counter();
    waitedFor(res, a.change);
    waitedFor(res, b.change);
    notWaiting(res);
    close();
    expect([a.calls, b.calls]).toEqual([
      [1, -1],
      [1, -1],
    ]);
  });

  it('keeps one listener per event on a response, however many count it', () => {
    const { res } = pending(10);
    for (let i = 0; i < 3; i++) waitedFor(res, counter().change);
    const emitter = res as unknown as EventEmitter & { req: EventEmitter };
    expect([emitter.listenerCount('close'), emitter.req.listenerCount('end')]).toEqual([1, 1]);
  });
});
