// The Home insights' day-aggregate updates (issue 12) of a lead's arrival, its first sale and each
// sale, as the projector's insights view (views/insights-view.ts) writes them with its receipt of the
// fact, so the insights equal the leads, the lead sales and the ledger's LeadSpend entries once the
// view has caught up.
import { AgentInsightDay, MARKET_TOTAL_SHARDS, MarketDay, MarketDayTotal } from '#entities/insight-day.ts';
import type { TxItem } from '#platform/db.ts';
import { hashShard } from '#platform/shard.ts';
import { reportDay } from '#platform/report-day.ts';
import { dayIn } from '#shared/insights.ts';

type MarketAdds = Partial<Record<'received' | 'sold' | 'sales' | 'revenueCents' | 'vendorCostCents', number>>;

export interface MarketFact {
  /** The lead: it picks the shard of the day's totals. */
  leadId: string;
  /** The instant that decides the reporting day. */
  at: string;
  campaignId: string;
  vendorId?: string;
  state: string;
  adds: MarketAdds;
}

/** The shard of the day's marketplace items a lead adds to. */
export const totalShard = (leadId: string | undefined): number => hashShard(leadId ?? '', MARKET_TOTAL_SHARDS);

/**
 * The MarketDay and MarketDayTotal updates of some facts, one per item: a transaction may not touch
 * an item twice, so facts of the same day and cell (a lead's arrival and its first sale) are merged.
 */
export function marketDayItems(facts: readonly MarketFact[]): TxItem[] {
  const cells = new Map<string, { id: { day: string; shard: number; campaignId: string; vendorId: string; state: string }; adds: MarketAdds }>();
  const totals = new Map<string, { id: { day: string; shard: number }; adds: MarketAdds }>();
  const merge = <I>(map: Map<string, { id: I; adds: MarketAdds }>, name: string, id: I, adds: MarketAdds) => {
    const entry = map.get(name) ?? { id, adds: {} };
    for (const [k, v] of Object.entries(adds) as [keyof MarketAdds, number][]) entry.adds[k] = (entry.adds[k] ?? 0) + v;
    map.set(name, entry);
  };
  for (const f of facts) {
    const day = reportDay(f.at);
    const shard = totalShard(f.leadId);
    const cell = { day, shard, campaignId: f.campaignId, vendorId: f.vendorId ?? '-', state: f.state };
    merge(cells, `${day}#${shard}#${cell.campaignId}#${cell.vendorId}#${cell.state}`, cell, f.adds);
    merge(totals, `${day}#${shard}`, { day, shard }, f.adds);
  }
  return [
    ...[...cells.values()].map(({ id, adds }) => MarketDay.patchTx(id, { add: adds }, { upsert: true })),
    ...[...totals.values()].map(({ id, adds }) => MarketDayTotal.patchTx(id, { add: adds }, { upsert: true })),
  ];
}

/** The charged agent's lead and spend on the sale's day in their own time zone. */
export function agentInsightItem(agentId: string, saleAt: string, timeZone: string, priceCents: number): TxItem {
  return AgentInsightDay.patchTx({ agentId, day: dayIn(new Date(saleAt), timeZone) }, { add: { leads: 1, spendCents: priceCents } }, { upsert: true });
}
