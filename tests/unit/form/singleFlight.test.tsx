import { act, renderHook } from '@testing-library/react';
import { useSingleFlight } from '@site/src/components/Form';

describe('useSingleFlight', () => {
  it('ignores a second submission while the first still runs, then accepts the next', async () => {
    const { result } = renderHook(() => useSingleFlight());
    let finish!: () => void;
    const runs: string[] = [];
    const first = result.current(() => new Promise<string>((resolve) => (finish = () => resolve('first'))).then((v) => (runs.push(v), v)));
    // The second click of a double click, before the first has done anything visible.
    await expect(result.current(async () => (runs.push('second'), 'second'))).resolves.toBeUndefined();
    await act(async () => finish());
    await expect(first).resolves.toBe('first');
    await expect(result.current(async () => (runs.push('third'), 'third'))).resolves.toBe('third');
    expect(runs).toEqual(['first', 'third']);
  });
});
