import { describe, expect, it } from 'vitest';
import { hashShard } from '#platform/shard.ts';
import { MARKET_TOTAL_SHARDS } from '#entities/insight-day.ts';
import { marketDayItems, totalShard } from './insight-items.ts';

/** The shard a lead id's items go to. */
const sh = (leadId: string) => hashShard(leadId, MARKET_TOTAL_SHARDS);

const keysOf = (items: ReturnType<typeof marketDayItems>) => items.map((i) => (i as { key: { pk: string; sk: string } }).key);

describe('marketDayItems', () => {
  const lead = { leadId: 'a3f0c2de-0000-4000-8000-000000000000', campaignId: 'C1', vendorId: 'V1', state: 'IL' };

  it("merges a lead's arrival and first sale on the same day into one cell update and one total update", () => {
    const items = marketDayItems([
      { ...lead, at: '2026-03-10T15:00:00Z', adds: { sales: 1, revenueCents: 2500, vendorCostCents: 500 } },
      { ...lead, at: '2026-03-10T15:00:00Z', adds: { sold: 1, received: 1 } },
    ]);
    expect(keysOf(items)).toEqual([
      { pk: `MARKET_DAY#2026-03-10#${sh(lead.leadId)}`, sk: 'C1#V1#IL' },
      { pk: `MARKET_TOTAL#2026-03-10#${sh(lead.leadId)}`, sk: 'TOTAL' },
    ]);
  });

  it('keeps a retried sale on its own day apart from the arrival day, on the reporting calendar (Central)', () => {
    const items = marketDayItems([
      { ...lead, at: '2026-03-11T03:00:00Z', adds: { sales: 1, revenueCents: 2500 } },
      { ...lead, at: '2026-03-09T20:00:00Z', adds: { sold: 1 } },
    ]);
    expect(keysOf(items).map((k) => k.pk)).toEqual([10, 9, 10, 9].map((d, i) => `${i < 2 ? 'MARKET_DAY' : 'MARKET_TOTAL'}#2026-03-${String(d).padStart(2, '0')}#${sh(lead.leadId)}`));
  });

  it('a form lead without a vendor is filed under "-"', () => {
    expect(keysOf(marketDayItems([{ leadId: 'x', campaignId: 'C1', state: 'OH', at: '2026-03-10T15:00:00Z', adds: { received: 1 } }]))[0]).toEqual({ pk: `MARKET_DAY#2026-03-10#${sh('x')}`, sk: 'C1#-#OH' });
  });

  it("puts each lead's cells and totals in its shard's own partitions, so no partition takes every lead of the day", () => {
    const pks = keysOf(marketDayItems([{ leadId: '05ab', campaignId: 'C1', state: 'OH', at: '2026-03-10T15:00:00Z', adds: { received: 1 } }])).map((k) => k.pk);
    expect(pks).toEqual([`MARKET_DAY#2026-03-10#${sh('05ab')}`, `MARKET_TOTAL#2026-03-10#${sh('05ab')}`]);
  });

  it('spreads leads over every shard by a hash of their id, one lead always to one shard', () => {
    const ids = Array.from({ length: 200 }, (_v, i) => `${i.toString(16)}-lead`);
    expect(new Set(ids.map(totalShard)).size).toBe(MARKET_TOTAL_SHARDS);
    expect(ids.every((id) => totalShard(id) === totalShard(id) && totalShard(id) < MARKET_TOTAL_SHARDS)).toBe(true);
    expect(totalShard(undefined)).toBe(totalShard(''));
  });
});
