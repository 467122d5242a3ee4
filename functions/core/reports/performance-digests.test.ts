import { describe, expect, it } from 'vitest';
import { decodeCells, encodeCells } from './performance-digests.ts';

const cell = (fundId: string, campaignId: string, vendorId: string, n: number) => ({
  day: '2025-01-02', fundId, campaignId, vendorId, leadsPurchased: n, leadsCredited: n % 2, totalLeads: n, scoreSum: 700 * n, agentPriceSumCents: 2_500 * n, companyPriceSumCents: 900 * n,
});

describe('performance digest cells', () => {
  it('decode what they encode, in the same order, each id stored once', () => {
    const cells = [cell('-', 'c1', 'v1', 3), cell('f1', 'c1', 'v1', 1), cell('f1', 'c2', '-', 7), cell('f2', 'c1', 'v2', 2)];
    const text = encodeCells(cells);
    expect(decodeCells('2025-01-02', text)).toEqual(cells);
    expect(text.match(/"c1"/g)).toHaveLength(1);
    expect(decodeCells('2025-01-02', encodeCells([]))).toEqual([]);
  });

  it('refuse a text that is not what they encode', () => {
    const good = JSON.parse(encodeCells([cell('f1', 'c1', 'v1', 1)])) as { n: number[][] };
    expect(() => decodeCells('d', JSON.stringify({ ...good, n: [[0, 0, 5, 1, 0, 1, 1, 1, 1]] }))).toThrow('unknown id');
    expect(() => decodeCells('d', JSON.stringify({ ...good, n: [[0, 0, 0, 1, 0, 1, 1, 1]] }))).toThrow('malformed cell');
    expect(() => decodeCells('d', JSON.stringify({ ...good, n: [[0, 0, 0, -1, 0, 1, 1, 1, 1]] }))).toThrow('malformed cell');
    expect(() => decodeCells('d', JSON.stringify({ f: [], n: [] }))).toThrow('malformed');
  });

});
