// The partner portal's figures (issue 24), kept from a vendor's leads and the disputes of their sales:
// - the day counters (entities/vendor-day.ts): a stored lead ADDs one posted and one to its outcome on
//   the day it arrived (a sold one also its vendor price, the first sale's); a lead whose outcome
//   changes (Unsold to Sold on a retry) moves from the old outcome to the new; a lead's first approved
//   dispute ADDs one returned and takes its vendor price back, once per lead whatever the number of
//   its sales disputed;
// - the returns (entities/vendor-return.ts): each dispute's row for the vendor, written whole from the
//   dispute as it stands, and the returned lead's mark.
// Counting is idempotent through the view's receipts (apply-once.ts): a lead's arrival is the fact
// 'posted', its entering an outcome the fact 'in:{status}'. A lead stored (or replayed by a rebuild)
// with its outcome writes both receipts, so a later record of the change to that outcome adds nothing,
// and a rebuild of a lead counted before adds nothing at all.
import { createHash } from 'node:crypto';
import type { Dispute } from '#entities/dispute.ts';
import { Lead, type LEAD_STATUSES } from '#entities/lead.ts';
import { VendorDay, vendorDayShardOf } from '#entities/vendor-day.ts';
import { VendorLeadReturned, VendorReturn } from '#entities/vendor-return.ts';
import { ViewApplied } from '#entities/view-applied.ts';
import { ConditionFailed, type TxItem } from '#platform/db.ts';
import { reportDay } from '#platform/report-day.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import { isDoNotCallReason } from '#shared/do-not-call.ts';
import { applyOnce, factOf } from './apply-once.ts';
import { salesOfLead } from './shared-reads.ts';
import type { View } from './projector.ts';

const NAME = 'vendor-days';

type LeadStatus = (typeof LEAD_STATUSES)[number];
type Counter = 'sold' | 'unsold' | 'callCenter' | 'duplicate' | 'rejected';

/** The day counter of each outcome. */
export const OUTCOME_COUNTER: Record<LeadStatus, Counter> = { Sold: 'sold', Unsold: 'unsold', CallCenter: 'callCenter', Duplicate: 'duplicate', Rejected: 'rejected' };

type Adds = Partial<Record<Counter | 'posted' | 'doNotCall' | 'returned' | 'soldCents' | 'returnedCents', number>>;

/**
 * What a lead's arrival adds: one posted, one to its outcome, a sold lead's vendor price, and one
 * "rejected: do not call" for a lead refused for a do-not-call list (stored Rejected with that reason,
 * never changed after).
 */
export function arrivalAdds(status: LeadStatus, vendorPriceCents: number, reasons: readonly string[] = []): Adds {
  return {
    posted: 1,
    [OUTCOME_COUNTER[status]]: 1,
    ...(status === 'Sold' ? { soldCents: vendorPriceCents } : {}),
    ...(status === 'Rejected' && reasons.some(isDoNotCallReason) ? { doNotCall: 1 } : {}),
  };
}

/** What a lead's change of outcome adds: one to the new, one off the old, and the vendor price when it sold. */
export function changeAdds(from: LeadStatus, to: LeadStatus, vendorPriceCents: number): Adds {
  return { [OUTCOME_COUNTER[to]]: 1, [OUTCOME_COUNTER[from]]: -1, ...(to === 'Sold' ? { soldCents: vendorPriceCents } : {}) };
}

/** The sale a vendor's row names, without naming its agent. */
export const saleRefOf = (leadId: string, agentId: string) => createHash('sha256').update(`${leadId}#${agentId}`).digest('base64url').slice(0, 16);

const cellOf = (lead: Pick<Lead, 'leadId' | 'at'>, vendorId: string) => ({ vendorId, shard: vendorDayShardOf(lead.leadId), day: reportDay(lead.at) });

/** The vendor's price of a lead: its first sale's (the campaign-vendor VendorPrice when it sold), 0 when it has none. */
async function vendorPriceOf(leadId: string): Promise<number> {
  const sales = await salesOfLead(leadId);
  const first = sales.sort((a, b) => a.at.localeCompare(b.at) || a.agentId.localeCompare(b.agentId))[0];
  return first?.companyPurchasePriceCents ?? 0;
}

class CountedBefore extends Error {}

/** ADDs to the lead's day cell once for `fact`, also writing the receipt of each of `alsoFacts` (any there already: nothing is written). */
async function addOnce(fact: string, alsoFacts: readonly string[], cell: ReturnType<typeof cellOf>, adds: Adds): Promise<void> {
  const receipts = alsoFacts.map((also) => ViewApplied.createTx({ view: NAME, fact: also, at: new Date().toISOString() }, { orFail: () => new CountedBefore() }));
  try {
    await applyOnce(NAME, fact, [...receipts, VendorDay.patchTx(cell, { add: adds }, { upsert: true })]);
  } catch (err) {
    if (!(err instanceof CountedBefore)) throw err;
  }
}

async function applyLead(record: ChangeRecord): Promise<void> {
  const lead = record.newImage as unknown as Lead | undefined;
  if (!lead?.vendorId) return;
  const cell = cellOf(lead, lead.vendorId);
  const entered = (status: LeadStatus) => factOf(record, `in:${status}`);
  if (record.eventName === 'INSERT') {
    // A lead stored sold keeps its price; one stored before it did reads its sales.
    const price = lead.leadStatus !== 'Sold' ? 0 : (lead.companyPurchasePriceCents ?? (await vendorPriceOf(lead.leadId)));
    await addOnce(factOf(record, 'posted'), [entered(lead.leadStatus)], cell, arrivalAdds(lead.leadStatus, price, lead.reasons ?? []));
    return;
  }
  const before = record.oldImage?.leadStatus as LeadStatus | undefined;
  if (record.eventName !== 'MODIFY' || !before || before === lead.leadStatus) return;
  const price = lead.leadStatus === 'Sold' ? await vendorPriceOf(lead.leadId) : 0;
  await addOnce(entered(lead.leadStatus), [], cell, changeAdds(before, lead.leadStatus, price));
}

/** The dispute as its vendor sees it: no agent, no staff user, no notes while it waits. */
export function vendorReturnOf(dispute: Dispute, lead: Pick<Lead, 'sourceId' | 'at' | 'campaignName'>, vendorId: string): VendorReturn {
  const decided = dispute.status !== 'Submitted';
  return {
    vendorId,
    leadId: dispute.leadId,
    userFacingLeadId: dispute.userFacingLeadId,
    sourceId: lead.sourceId,
    leadAt: lead.at,
    campaignId: dispute.campaignId,
    campaignName: lead.campaignName,
    saleRef: saleRefOf(dispute.leadId, dispute.agentId),
    vendorReason: dispute.vendorReason,
    status: dispute.status,
    at: dispute.at,
    ...(decided && dispute.decidedAt ? { decidedAt: dispute.decidedAt } : {}),
    ...(decided && dispute.decidedBy ? { decidedBy: dispute.decidedBy === 'auto' ? ('auto' as const) : ('staff' as const) } : {}),
    // The pre-checks' evidence as the vendor may read it (no other vendor's lead named), else the reason as decided.
    ...(decided && dispute.decisionReason ? { decisionReason: (dispute.decidedBy === 'auto' && dispute.vendorDecisionReason) || dispute.decisionReason } : {}),
  };
}

async function applyDispute(record: ChangeRecord): Promise<void> {
  const dispute = record.newImage as unknown as Dispute | undefined;
  if (!dispute?.vendorId) return;
  const vendorId = dispute.vendorId;
  const lead = await Lead.get({ leadId: dispute.leadId }, { consistent: true });
  if (!lead) throw new Error(`The lead of a dispute is missing (${dispute.leadId})`);

  // The row, whole: a decided row is never put back to Submitted by a slower write of an earlier record.
  const row = vendorReturnOf(dispute, lead, vendorId);
  try {
    await VendorReturn.put(row, row.status === 'Submitted' ? { condition: { expression: 'attribute_not_exists(pk) OR #s = :submitted', names: { '#s': 'status' }, values: { ':submitted': 'Submitted' } } } : {});
  } catch (err) {
    if (!(err instanceof ConditionFailed)) throw err;
  }

  if (dispute.status !== 'Approved' || record.oldImage?.status === 'Approved') return;
  const price = await vendorPriceOf(lead.leadId);
  const items: TxItem[] = [
    VendorDay.patchTx(cellOf(lead, vendorId), { add: { returned: 1, returnedCents: price } }, { upsert: true }),
    VendorLeadReturned.putTx({ vendorId, leadId: lead.leadId, leadAt: lead.at, campaignId: lead.campaignId, returnedAt: dispute.decidedAt ?? dispute.at, returnedCents: price }),
  ];
  // Once per lead: a second sale of a shared lead disputed and approved returns nothing more.
  await applyOnce(NAME, `VENDOR_RETURNED#${lead.leadId}`, items);
}

export const vendorDaysView: View = {
  name: NAME,
  sources: ['Lead', 'Dispute'],
  async apply(record: ChangeRecord): Promise<void> {
    const entity = entityOf(record);
    if (entity === 'Lead') await applyLead(record);
    else if (entity === 'Dispute') await applyDispute(record);
  },
};
