import { randomId } from '../../../api-server/src/random';

describe('randomId (the pooled CSPRNG ids of orders, sessions, messages and requests)', () => {
  it('draws ids of the asked length and alphabet, never the same one twice across pool refills', () => {
    const seen = new Set<string>();
    // 20,000 draws of 10 bytes: the 4 KB pool is refilled ~50 times, some draws straddling its end.
    for (let i = 0; i < 20_000; i++) {
      const id = randomId(10);
      expect(id).toMatch(/^[0-9a-f]{20}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(20_000);
    expect(randomId(12, 'base64url')).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('is not a counter: the bits of successive ids are evenly spread', () => {
    let ones = 0;
    const draws = 2_000;
    for (let i = 0; i < draws; i++) {
      for (const byte of Buffer.from(randomId(8), 'hex')) for (let b = 0; b < 8; b++) ones += (byte >> b) & 1;
    }
    const share = ones / (draws * 64);
    expect(share).toBeGreaterThan(0.48);
    expect(share).toBeLessThan(0.52);
  });

  it('refuses sizes it cannot serve from one pool', () => {
    expect(() => randomId(0)).toThrow(RangeError);
    expect(() => randomId(257)).toThrow(RangeError);
    expect(() => randomId(1.5)).toThrow(RangeError);
  });
});
