// The rank search of the Transaction History orders (docs/data-model.md #88g) over days held in
// memory: for any digest step, any offset and page size, the keys found are the slice of all days'
// keys merged in DynamoDB's order; separators split keys as DynamoDB compares them.
import { describe, expect, it } from 'vitest';
import { compareUtf8, digestOf, keysByRank, separatorBetween, separatorsOf, type DayOrder } from './ledger-sort-pages.ts';

/** A small seeded generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('separators and UTF-8 order', () => {
  it('orders a character above the surrogates after them, as UTF-8 bytes do', () => {
    expect(compareUtf8('\uffff', '😀')).toBeLessThan(0);
    expect('\uffff' < '😀').toBe(false);
    expect(compareUtf8('ann\u0001', 'anna')).toBeLessThan(0);
  });

  it('gives the shortest beginning of a key above the key before it', () => {
    expect(separatorBetween('ann\u0001z', 'anna\u0001a')).toBe('anna');
    expect(separatorBetween('bob#1', 'cy#0')).toBe('c');
    expect(separatorBetween('a😀a', 'a😀b')).toBe('a😀b');
  });

  it('keeps a digest of a busy day small by a longer step', () => {
    const keys = Array.from({ length: 100_000 }, (_v, i) => `key-${String(i).padStart(8, '0')}-${'x'.repeat(20)}`);
    const digest = digestOf(keys);
    expect(digest.separators.length).toBeLessThanOrEqual(6_000);
    expect(digest.step).toBeGreaterThan(8);
  });
});

describe('keysByRank', () => {
  it('finds every slice of the merged days for any step, offset and size', async () => {
    const next = random(7);
    for (let trial = 0; trial < 40; trial++) {
      const days = 1 + Math.floor(next() * 5);
      const all: string[] = [];
      const orders: DayOrder[] = [];
      for (let d = 0; d < days; d++) {
        const n = Math.floor(next() * 40);
        const keys = [
          ...new Set(Array.from({ length: n }, () => `${['a', 'ab', 'abb', 'b', 'ba', 'Ab', 'é'][Math.floor(next() * 7)]}\u0001${Math.floor(next() * 50)}#${d}#${Math.floor(next() * 1e6)}`)),
        ].sort(compareUtf8);
        all.push(...keys);
        const step = 1 + Math.floor(next() * 9);
        orders.push({ day: `d${d}`, shard: 0, total: keys.length, step, separators: separatorsOf(keys, step), keys: keys.map((k) => ({ k, pk: k, sk: k })) });
      }
      all.sort(compareUtf8);
      for (let first = 0; first < all.length; first++)
        for (const want of [1, 3, 7]) {
          const got = await keysByRank('FirstName', orders, first, Math.min(want, all.length - first));
          expect(got.map((k) => k.k), `trial ${trial} first ${first} want ${want}`).toEqual(all.slice(first, first + want));
        }
    }
  });

  /** Days of time-ordered keys (each day's keys after the day before's), each list with its first and last keys; `read` names the days whose keys were read. */
  function timeOrderDays(sizes: readonly number[], steps: readonly number[], read: Set<number>) {
    const all: string[] = [];
    const orders = sizes.map((n, d): DayOrder => {
      const keys = Array.from({ length: n }, (_v, i) => `2025-01-${String(10 + d).padStart(2, '0')}T${String(i).padStart(6, '0')}`);
      all.push(...keys);
      const refs = keys.map((k) => ({ k, pk: k, sk: k }));
      const order: DayOrder = { day: `d${d}`, shard: 0, total: n, step: steps[d]!, separators: separatorsOf(keys, steps[d]!), ...(n ? { first: keys[0]!, last: keys.at(-1)! } : {}) };
      return Object.defineProperty(order, 'keys', { enumerable: true, get: () => (read.add(d), refs) });
    });
    return { all, orders };
  }

  it('finds every slice when the days carry their first and last keys, and reads none wholly outside the page', async () => {
    const next = random(11);
    for (let trial = 0; trial < 40; trial++) {
      const days = 1 + Math.floor(next() * 6);
      const read = new Set<number>();
      const { all, orders } = timeOrderDays(
        Array.from({ length: days }, () => Math.floor(next() * 30)),
        Array.from({ length: days }, () => 1 + Math.floor(next() * 6)),
        read,
      );
      for (let first = 0; first < all.length; first++)
        for (const want of [1, 4]) {
          const got = await keysByRank('Timestamp', orders, first, Math.min(want, all.length - first));
          expect(got.map((k) => k.k), `trial ${trial} first ${first} want ${want}`).toEqual(all.slice(first, first + want));
        }
    }
  });

  it('reads only the day a page falls in when the days before and after it are known to lie outside it', async () => {
    const read = new Set<number>();
    const { all, orders } = timeOrderDays([40, 40, 40, 0, 40, 40], [4, 4, 4, 4, 4, 4], read);
    expect((await keysByRank('Timestamp', orders, 100, 5)).map((k) => k.k)).toEqual(all.slice(100, 105));
    expect([...read]).toEqual([2]);
  });
});
