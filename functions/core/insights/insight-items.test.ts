import { describe, expect, it } from 'vitest';
import { marketDayItems, totalShard } from './insight-items.ts';

const keysOf = (items: ReturnType<typeof marketDayItems>) => items.map((i) => (i as { key: { pk: string; sk: string } }).key);

describe('marketDayItems', () => {
  const lead = { leadId: 'a3f0c2de-0000-4000-8000-000000000000', campaignId: 'C1', vendorId: 'V1', state: 'IL' };

  it("merges a lead's arrival and first sale on the same day into one cell update and one total update", () => {
    const items = marketDayItems([
      { ...lead, at: '2026-03-10T15:00:00Z', adds: { sales: 1, revenueCents: 2500, vendorCostCents: 500 } },
      { ...lead, at: '2026-03-10T15:00:00Z', adds: { sold: 1, received: 1 } },
    ]);
    expect(keysOf(items)).toEqual([
      { pk: 'MARKET_DAY#2026-03-10#3', sk: 'C1#V1#IL' },
      { pk: 'MARKET_TOTAL#2026-03-10#3', sk: 'TOTAL' },
    ]);
  });

  it('keeps a retried sale on its own day apart from the arrival day, on the reporting calendar (Central)', () => {
    const items = marketDayItems([
      { ...lead, at: '2026-03-11T03:00:00Z', adds: { sales: 1, revenueCents: 2500 } },
      { ...lead, at: '2026-03-09T20:00:00Z', adds: { sold: 1 } },
    ]);
    expect(keysOf(items).map((k) => k.pk)).toEqual(['MARKET_DAY#2026-03-10#3', 'MARKET_DAY#2026-03-09#3', 'MARKET_TOTAL#2026-03-10#3', 'MARKET_TOTAL#2026-03-09#3']);
  });

  it('a form lead without a vendor is filed under "-"', () => {
    expect(keysOf(marketDayItems([{ leadId: 'x', campaignId: 'C1', state: 'OH', at: '2026-03-10T15:00:00Z', adds: { received: 1 } }]))[0]).toEqual({ pk: 'MARKET_DAY#2026-03-10#0', sk: 'C1#-#OH' });
  });

  it("puts each lead's cells and totals in its shard's own partitions, so no partition takes every lead of the day", () => {
    const pks = keysOf(marketDayItems([{ leadId: '05ab', campaignId: 'C1', state: 'OH', at: '2026-03-10T15:00:00Z', adds: { received: 1 } }])).map((k) => k.pk);
    expect(pks).toEqual(['MARKET_DAY#2026-03-10#5', 'MARKET_TOTAL#2026-03-10#5']);
  });

  it('spreads leads over the shards by the first byte of their id', () => {
    expect([totalShard('00ab'), totalShard('07ab'), totalShard('08ab'), totalShard('ffab'), totalShard('zz'), totalShard(undefined)]).toEqual([0, 7, 0, 7, 0, 0]);
  });
});
