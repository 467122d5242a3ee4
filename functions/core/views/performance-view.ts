// The performance reports' day cells (entities/lead-contact-index.ts PerformanceDay), kept from the
// sales and the approved dispute credits: a sale ADDs its purchase, prices and the lead's score to the
// cell of its reporting day, fund, campaign and vendor; an approval ADDs a credited lead to the
// disputed sale's cell. Cells are spread over PERFORMANCE_SHARDS partitions by lead, and each write
// also counts on its shard's PerformanceStamp in the same transaction (what a closed day's digest
// checks, performance-digests.ts). With the view's receipt of the fact in that transaction
// (apply-once.ts), a record applied twice adds nothing.
import type { Dispute } from '#entities/dispute.ts';
import { Lead } from '#entities/lead.ts';
import { PerformanceDay, PerformanceStamp } from '#entities/lead-contact-index.ts';
import { LeadSale } from '#entities/lead-sale.ts';
import { totalShard } from '#core/reports/insights/insight-items.ts';
import type { TxItem } from '#platform/db.ts';
import { reportDay } from '#platform/keys.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import { applyOnce, factOf } from './apply-once.ts';
import type { View } from './projector.ts';

const NAME = 'performance';

type Sums = Pick<PerformanceDay, 'leadsPurchased' | 'leadsCredited' | 'totalLeads' | 'scoreSum' | 'agentPriceSumCents' | 'companyPriceSumCents'>;
const NONE: Sums = { leadsPurchased: 0, leadsCredited: 0, totalLeads: 0, scoreSum: 0, agentPriceSumCents: 0, companyPriceSumCents: 0 };

/** The sale's cell ADD and its shard's stamp. */
function cellItems(sale: LeadSale, adds: Partial<Sums>): TxItem[] {
  const day = reportDay(sale.at);
  const shard = totalShard(sale.leadId);
  const missing = Object.fromEntries(Object.entries(NONE).filter(([k]) => !(k in adds))) as Partial<Sums>;
  return [
    PerformanceDay.patchTx({ day, shard, fundId: sale.fundId ?? '-', campaignId: sale.campaignId, vendorId: sale.vendorId ?? '-' }, { add: adds, setIfMissing: missing }, { upsert: true }),
    PerformanceStamp.patchTx({ day, shard }, { add: { writes: 1 } }, { upsert: true }),
  ];
}

async function applySale(record: ChangeRecord): Promise<void> {
  if (record.eventName !== 'INSERT' || !record.newImage) return;
  const sale = record.newImage as unknown as LeadSale;
  const lead = await Lead.get({ leadId: sale.leadId }, { consistent: true });
  if (!lead) throw new Error(`The lead of a sale is missing (${sale.leadId})`);
  await applyOnce(
    NAME,
    factOf(record),
    cellItems(sale, { leadsPurchased: 1, totalLeads: 1, agentPriceSumCents: sale.agentPurchasePriceCents, companyPriceSumCents: sale.companyPurchasePriceCents, scoreSum: Math.max(0, Math.round(lead.score ?? 0)) }),
  );
}

async function applyDispute(record: ChangeRecord): Promise<void> {
  const dispute = record.newImage as unknown as Dispute | undefined;
  if (!dispute || dispute.status !== 'Approved' || record.oldImage?.status === 'Approved') return;
  const sale = await LeadSale.get({ leadId: dispute.leadId, agentId: dispute.agentId }, { consistent: true });
  if (!sale) throw new Error(`The sale of an approved dispute is missing (${dispute.leadId})`);
  await applyOnce(NAME, factOf(record, 'credit'), cellItems(sale, { leadsCredited: 1 }));
}

export const performanceView: View = {
  name: NAME,
  sources: ['LeadSale', 'Dispute'],
  async apply(record: ChangeRecord): Promise<void> {
    const entity = entityOf(record);
    if (entity === 'LeadSale') await applySale(record);
    else if (entity === 'Dispute') await applyDispute(record);
  },
};
