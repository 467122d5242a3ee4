// The partner portal's Returns (issue 24): the disputes of a vendor's leads' sales, newest first, with
// the reason the agent picked (in the vendor's words), the decision and its evidence, as the vendor may
// see them (views/vendor-days-view.ts `vendorReturnOf`: no buying agent, no staff user, no notes while
// the dispute waits). Read from the vendor's returns partition (entities/vendor-return.ts) by the
// dispute's time, a status filter applied by DynamoDB; a page skips the rows before it (a vendor's
// disputes of a year are a few thousand at most: a small share of the leads they sell).
import { DisputeReason } from '#entities/dispute-reason.ts';
import { VendorReturn } from '#entities/vendor-return.ts';
import { getMany } from '#platform/entity.ts';
import type { Expr } from '#platform/db.ts';
import { timeRange } from '#platform/item-key.ts';
import { reportingRange } from '#core/leads/all-leads.ts';
import type { PartnerReturn, PartnerReturnsPage, PartnerReturnsQuery } from '#shared/api/partner-data.ts';

/** The most rows one Query of a page walk reads. */
const WALK_LIMIT = 1_000;

/** The vendor's words for each reason code of the rows (one batch read); the code where the vendor no longer lists it. */
async function reasonTexts(vendorId: string, codes: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return new Map();
  const read = await getMany(Object.fromEntries(unique.map((code) => [code, DisputeReason.ref({ vendorId, vendorReason: code })])));
  return new Map(unique.map((code) => [code, read[code]?.userFacingReason ?? code]));
}

/** The rows as the API answers them. */
export async function partnerReturnsOf(vendorId: string, rows: readonly VendorReturn[]): Promise<PartnerReturn[]> {
  const texts = await reasonTexts(vendorId, rows.map((r) => r.vendorReason));
  return rows.map((r) => ({
    LeadId: r.leadId,
    UserFacingLeadId: r.userFacingLeadId,
    SourceId: r.sourceId,
    LeadTimeStamp: r.leadAt,
    CampaignName: r.campaignName,
    VendorReason: r.vendorReason,
    Reason: texts.get(r.vendorReason) ?? r.vendorReason,
    Status: r.status,
    DisputedAt: r.at,
    DecidedAt: r.decidedAt ?? null,
    DecidedBy: r.decidedBy === 'auto' ? 'Automatic check' : r.decidedBy === 'staff' ? 'Staff' : null,
    Decision: r.decisionReason ?? null,
  }));
}

/** GET partner/{vendorId}/returns: one page of the disputes submitted in the range's days, newest first. */
export async function listPartnerReturns(vendorId: string, q: PartnerReturnsQuery): Promise<PartnerReturnsPage> {
  const { from, to } = reportingRange({ startDate: q.from, endDate: q.to });
  const query = VendorReturn.query.ofVendor(vendorId).within(timeRange('', from, to));
  const filter: Expr | undefined = q.status ? { expression: '#returnStatus = :returnStatus', names: { '#returnStatus': 'status' }, values: { ':returnStatus': q.status } } : undefined;
  const { count: totalCount } = await query.count(filter ? { filter } : {});
  const skip = (q.page - 1) * q.pageSize;
  const rows: VendorReturn[] = [];
  if (skip < totalCount) {
    let passed = 0;
    let cursor: string | undefined;
    do {
      const page = await query.page({ newestFirst: true, limit: Math.min(WALK_LIMIT, skip + q.pageSize), ...(cursor ? { cursor } : {}), ...(filter ? { filter } : {}) });
      for (const row of page.items) {
        if (passed++ < skip) continue;
        if (rows.length < q.pageSize) rows.push(row);
      }
      cursor = page.cursor;
    } while (cursor && rows.length < q.pageSize);
  }
  return { Data: await partnerReturnsOf(vendorId, rows), TotalCount: totalCount, Pages: Math.ceil(totalCount / q.pageSize) };
}
