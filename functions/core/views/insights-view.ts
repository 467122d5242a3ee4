// The Home insights' day aggregates (entities/insight-day.ts), kept from the leads and their sales:
// a lead's arrival counts as received on its arrival day; the lead's becoming sold counts as sold on
// that day with the vendor cost on its first sale's day; each sale adds a sale and its revenue on the
// sale's day, and the charged agent's lead and spend on the sale's day in the agent's time zone. Each
// fact's ADDs go in one transaction with the view's receipt of the fact (apply-once.ts), so a record
// applied twice adds nothing. The marketplace items are spread over shards by lead (insight-items.ts).
import { AgentProfile } from '#entities/agent-profile.ts';
import type { Lead } from '#entities/lead.ts';
import type { LeadSale } from '#entities/lead-sale.ts';
import { agentInsightItem, marketDayItems, type MarketFact } from '#core/reports/insights/insight-items.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';
import { applyOnce, factOf } from './apply-once.ts';
import { leadOf, salesOfLead } from './shared-reads.ts';
import type { View } from './projector.ts';

const NAME = 'insights';

type LeadFacts = Pick<Lead, 'leadId' | 'at' | 'campaignId' | 'vendorId' | 'stateCode'>;

const marketFact = (lead: LeadFacts, at: string, adds: MarketFact['adds']): MarketFact => ({
  leadId: lead.leadId,
  at,
  campaignId: lead.campaignId,
  ...(lead.vendorId ? { vendorId: lead.vendorId } : {}),
  state: lead.stateCode,
  adds,
});

/** The lead's first sale (the earliest; ties by agent), which carries the vendor's cost. */
async function firstSaleOf(leadId: string): Promise<LeadSale | undefined> {
  const sales = await salesOfLead(leadId);
  return sales.sort((a, b) => a.at.localeCompare(b.at) || a.agentId.localeCompare(b.agentId))[0];
}

/** Sold on the arrival day, and the vendor's cost on the first sale's day (a lead stored sold: its arrival, at the price it keeps). */
async function soldFacts(lead: LeadFacts & Pick<Lead, 'companyPurchasePriceCents'>, stored: boolean): Promise<MarketFact[]> {
  const first = stored && lead.companyPurchasePriceCents !== undefined ? { at: lead.at, companyPurchasePriceCents: lead.companyPurchasePriceCents } : await firstSaleOf(lead.leadId);
  return [marketFact(lead, lead.at, { sold: 1 }), ...(first ? [marketFact(lead, first.at, { vendorCostCents: first.companyPurchasePriceCents })] : [])];
}

async function applyLead(record: ChangeRecord): Promise<void> {
  const lead = record.newImage as unknown as Lead | undefined;
  if (!lead) return;
  const sold = (lead.saleCount ?? 0) > 0;
  if (record.eventName === 'INSERT') {
    // A lead first stored (or replayed by a rebuild) already sold counts its sale here: a later MODIFY cannot make it sold again.
    const facts = [marketFact(lead, lead.at, { received: 1 }), ...(sold ? await soldFacts(lead, true) : [])];
    await applyOnce(NAME, factOf(record, 'arrived'), marketDayItems(facts));
  } else if (record.eventName === 'MODIFY' && sold && ((record.oldImage?.saleCount as number | undefined) ?? 0) === 0) {
    await applyOnce(NAME, factOf(record, 'sold'), marketDayItems(await soldFacts(lead, false)));
  }
}

async function applySale(record: ChangeRecord): Promise<void> {
  if (record.eventName !== 'INSERT' || !record.newImage) return;
  const sale = record.newImage as unknown as LeadSale;
  // A sale keeps what it needs of its lead and its agent's zone; one made before it did reads them.
  const [lead, timeZone] = await Promise.all([
    sale.stateCode !== undefined ? { leadId: sale.leadId, at: sale.at, campaignId: sale.campaignId, vendorId: sale.vendorId, stateCode: sale.stateCode } : leadOf(sale.leadId),
    sale.agentTimeZone ?? AgentProfile.get({ agentId: sale.agentId }, { consistent: true }).then((owner) => owner?.timeZone),
  ]);
  if (!lead) throw new Error(`The lead of a sale is missing (${sale.leadId})`);
  const zone = TIME_ZONES[isKnownTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE];
  await applyOnce(NAME, factOf(record), [
    agentInsightItem(sale.agentId, sale.at, zone, sale.agentPurchasePriceCents),
    ...marketDayItems([marketFact(lead, sale.at, { sales: 1, revenueCents: sale.agentPurchasePriceCents })]),
  ]);
}

export const insightsView: View = {
  name: NAME,
  sources: ['Lead', 'LeadSale'],
  async apply(record: ChangeRecord): Promise<void> {
    const entity = entityOf(record);
    if (entity === 'Lead') await applyLead(record);
    else if (entity === 'LeadSale') await applySale(record);
  },
};
