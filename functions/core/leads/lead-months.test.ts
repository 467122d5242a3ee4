// The merge of a month index's shards: sources each in key order, read a page at a time, come out in
// one order (either direction), and a reader that stops early reads no further pages.
import { describe, expect, it } from 'vitest';
import type { Page } from '#platform/db.ts';
import { mergeInOrder } from './lead-months.ts';

/** A source over `keys` (already in the order asked), `size` per page; counts its reads. */
function source(keys: string[], size: number, reads: { n: number }) {
  return async (cursor: string | undefined): Promise<Page<string>> => {
    reads.n++;
    const from = cursor ? Number(cursor) : 0;
    const items = keys.slice(from, from + size);
    return from + size < keys.length ? { items, cursor: String(from + size) } : { items };
  };
}

const collect = async (gen: AsyncGenerator<string>) => {
  const out: string[] = [];
  for await (const k of gen) out.push(k);
  return out;
};

describe('mergeInOrder', () => {
  const shards = [['a1', 'a4', 'a5', 'a9'], ['a2', 'a3'], [], ['a6', 'a7', 'a8']];

  it('merges oldest first and newest first across pages and empty sources', async () => {
    const reads = { n: 0 };
    expect(await collect(mergeInOrder(shards.map((s) => source(s, 2, reads)), (k) => k, false))).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9']);
    const desc = shards.map((s) => [...s].reverse());
    expect(await collect(mergeInOrder(desc.map((s) => source(s, 1, reads)), (k) => k, true))).toEqual(['a9', 'a8', 'a7', 'a6', 'a5', 'a4', 'a3', 'a2', 'a1']);
  });

  it('reads only the first page of each source for the first rows', async () => {
    const reads = { n: 0 };
    const taken: string[] = [];
    for await (const k of mergeInOrder(shards.map((s) => source(s, 2, reads)), (k) => k, false)) {
      taken.push(k);
      if (taken.length === 2) break;
    }
    expect(taken).toEqual(['a1', 'a2']);
    expect(reads.n).toBe(4);
  });
});
