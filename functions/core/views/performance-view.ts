// The performance reports' day cells (entities/lead-contact-index.ts PerformanceDay), kept from the
// sales and the approved dispute credits: a sale ADDs its purchase, prices and the lead's score to the
// cell of its reporting day, fund, campaign and vendor; an approval ADDs a credited lead to the
// disputed sale's cell. Cells are spread over PERFORMANCE_SHARDS partitions by lead. With the view's
// receipt of the fact in the cell's transaction (apply-once.ts), a record applied twice adds nothing.
// After a batch, each day it wrote has its version raised once: the reports hold a day's summed cells
// until it moves (core/reports/performance-cells.ts).
import type { Dispute } from '#entities/dispute.ts';
import { PerformanceDay, PerformanceDayVersion } from '#entities/lead-contact-index.ts';
import { LeadSale } from '#entities/lead-sale.ts';
import { totalShard } from '#core/reports/insights/insight-items.ts';
import { reportDay } from '#platform/report-day.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import { applyOnce, factOf } from './apply-once.ts';
import { leadOf } from './shared-reads.ts';
import { shardVersionRaiser } from './held-shards.ts';
import type { View } from './projector.ts';

const NAME = 'performance';

type Sums = Pick<PerformanceDay, 'leadsPurchased' | 'leadsCredited' | 'totalLeads' | 'scoreSum' | 'agentPriceSumCents' | 'companyPriceSumCents'>;
const NONE: Sums = { leadsPurchased: 0, leadsCredited: 0, totalLeads: 0, scoreSum: 0, agentPriceSumCents: 0, companyPriceSumCents: 0 };

/** Notes the days written, and raises their versions once after a batch. */
const written = shardVersionRaiser((day: string) => PerformanceDayVersion.patch({ day }, { add: { version: 1 } }, { upsert: true }));

/** ADDs to the sale's cell (once per fact), and notes its day. */
async function addToCell(fact: string, sale: LeadSale, adds: Partial<Sums>): Promise<void> {
  const day = reportDay(sale.at);
  const missing = Object.fromEntries(Object.entries(NONE).filter(([k]) => !(k in adds))) as Partial<Sums>;
  const cell = { day, shard: totalShard(sale.leadId), fundId: sale.fundId ?? '-', campaignId: sale.campaignId, vendorId: sale.vendorId ?? '-' };
  await applyOnce(NAME, fact, [PerformanceDay.patchTx(cell, { add: adds, setIfMissing: missing }, { upsert: true })]);
  // Noted also when the fact was applied before (a batch delivered again): a raise too many is harmless.
  written.wrote(day);
}

async function applySale(record: ChangeRecord): Promise<void> {
  if (record.eventName !== 'INSERT' || !record.newImage) return;
  const sale = record.newImage as unknown as LeadSale;
  // A sale keeps its lead's score; one made before it did reads the lead.
  const lead = sale.stateCode !== undefined ? { score: sale.score } : await leadOf(sale.leadId);
  if (!lead) throw new Error(`The lead of a sale is missing (${sale.leadId})`);
  await addToCell(factOf(record), sale, { leadsPurchased: 1, totalLeads: 1, agentPriceSumCents: sale.agentPurchasePriceCents, companyPriceSumCents: sale.companyPurchasePriceCents, scoreSum: Math.max(0, Math.round(lead.score ?? 0)) });
}

async function applyDispute(record: ChangeRecord): Promise<void> {
  const dispute = record.newImage as unknown as Dispute | undefined;
  if (!dispute || dispute.status !== 'Approved' || record.oldImage?.status === 'Approved') return;
  const sale = await LeadSale.get({ leadId: dispute.leadId, agentId: dispute.agentId }, { consistent: true });
  if (!sale) throw new Error(`The sale of an approved dispute is missing (${dispute.leadId})`);
  await addToCell(factOf(record, 'credit'), sale, { leadsCredited: 1 });
}

export const performanceView: View = {
  name: NAME,
  sources: ['LeadSale', 'Dispute'],
  async apply(record: ChangeRecord): Promise<void> {
    const entity = entityOf(record);
    if (entity === 'LeadSale') await applySale(record);
    else if (entity === 'Dispute') await applyDispute(record);
  },
  afterBatch: written.afterBatch,
};
