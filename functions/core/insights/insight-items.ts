// The lead engine's part of the Home insights (issue 12): the day-aggregate updates it puts in the
// same TransactWriteItems as the lead it stores or the sale it charges, so the insights always equal
// the leads, the lead sales and the ledger's LeadSpend entries.
import { AgentInsightDay, MarketDay } from '#entities/insight-day.ts';
import type { TxItem } from '#platform/db.ts';
import { reportDay } from '#platform/keys.ts';
import { dayIn } from '#shared/insights.ts';

type MarketAdds = Partial<Record<'received' | 'sold' | 'sales' | 'revenueCents' | 'vendorCostCents', number>>;

export interface MarketFact {
  /** The instant that decides the reporting day. */
  at: string;
  campaignId: string;
  vendorId?: string;
  state: string;
  adds: MarketAdds;
}

/**
 * The MarketDay updates of some facts, one per item: a transaction may not touch an item twice, so
 * facts of the same day, campaign, vendor and state (a lead's arrival and its first sale) are merged.
 */
export function marketDayItems(facts: readonly MarketFact[]): TxItem[] {
  const merged = new Map<string, { id: { day: string; campaignId: string; vendorId: string; state: string }; adds: MarketAdds }>();
  for (const f of facts) {
    const id = { day: reportDay(f.at), campaignId: f.campaignId, vendorId: f.vendorId ?? '-', state: f.state };
    const name = `${id.day}#${id.campaignId}#${id.vendorId}#${id.state}`;
    const entry = merged.get(name) ?? { id, adds: {} };
    for (const [k, v] of Object.entries(f.adds) as [keyof MarketAdds, number][]) entry.adds[k] = (entry.adds[k] ?? 0) + v;
    merged.set(name, entry);
  }
  return [...merged.values()].map(({ id, adds }) => MarketDay.patchTx(id, { add: adds }, { upsert: true }));
}

/** The charged agent's lead and spend on the sale's day in their own time zone. */
export function agentInsightItem(agentId: string, saleAt: string, timeZone: string, priceCents: number): TxItem {
  return AgentInsightDay.patchTx({ agentId, day: dayIn(new Date(saleAt), timeZone) }, { add: { leads: 1, spendCents: priceCents } }, { upsert: true });
}
