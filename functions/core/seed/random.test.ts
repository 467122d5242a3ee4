import { describe, expect, it } from 'vitest';
import { seededRandom } from './random.ts';

describe('seededRandom', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const draws = Array.from({ length: 20 }, () => [a.next(), b.next()]);
    for (const [x, y] of draws) expect(x).toBe(y);
  });

  it('gives a different sequence for a different seed', () => {
    const a = seededRandom(1);
    const b = seededRandom(2);
    expect(Array.from({ length: 5 }, () => a.next())).not.toEqual(Array.from({ length: 5 }, () => b.next()));
  });

  it('draws integers inside the inclusive range and covers it', () => {
    const random = seededRandom(7);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) {
      const n = random.int(3, 6);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(6);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });
});
