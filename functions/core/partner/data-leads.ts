// The partner portal's Leads (issue 24): a vendor's leads of a date range, newest first, filtered by
// campaign and outcome, one page at a time, and one lead with the consent evidence the vendor sent and
// its returns. As All Leads does (core/leads/all-leads.ts), with no Scan: the vendor's month index (or
// the campaign-vendor pair's), LEAD_MONTH_SHARDS partitions a month merged by arrival, an outcome
// filtered by DynamoDB on the lead's status; Returned from the vendor's returned-lead marks by the month
// the lead arrived (entities/vendor-return.ts). A row is what the vendor sent and what became of it:
// never the buying agent, the order or the engine's trace.
import { Dispute } from '#entities/dispute.ts';
import { Lead } from '#entities/lead.ts';
import { VendorLeadReturned } from '#entities/vendor-return.ts';
import { queryCount, queryPage, type Expr, type Page } from '#platform/db.ts';
import { getMany, type EntityQuery } from '#platform/entity.ts';
import { NotFound } from '#platform/errors.ts';
import { timeRange } from '#platform/item-key.ts';
import { reportDay } from '#platform/report-day.ts';
import { monthsOf, reportingRange } from '#core/leads/all-leads.ts';
import { arrivalKey, mergeInOrder, monthShards } from '#core/leads/lead-months.ts';
import { vendorReturnOf } from '#core/views/vendor-days-view.ts';
import { consentDtoOf } from '#shared/api/consent.ts';
import { PARTNER_DATA_MESSAGES, type PartnerLeadDetail, type PartnerLeadRow, type PartnerLeadsPage, type PartnerLeadsQuery } from '#shared/api/partner-data.ts';
import { partnerReturnsOf } from './data-returns.ts';

type Key = { at: string; leadId: string };

/** Per month of the range (newest first), the Queries whose entries merge into that month's leads, and how an entry names its lead. */
interface Selection {
  months: { key: EntityQuery<unknown>['key'] }[][];
  filter?: Expr;
  /** The attributes of an entry that give its lead's arrival and id. */
  at: 'at' | 'leadAt';
}

function select(vendorId: string, q: PartnerLeadsQuery): Selection {
  const { from, to } = reportingRange({ startDate: q.from, endDate: q.to });
  const sk = timeRange('', from, to);
  const months = monthsOf(from, to).reverse();
  if (q.outcome === 'Returned') {
    const filter: Expr | undefined = q.campaignId ? { expression: '#campaign = :campaign', names: { '#campaign': 'campaignId' }, values: { ':campaign': q.campaignId } } : undefined;
    return { months: months.map((month) => [VendorLeadReturned.query.ofVendorMonth(vendorId, month).within(sk)]), ...(filter ? { filter } : {}), at: 'leadAt' };
  }
  const filter: Expr | undefined = q.outcome ? { expression: '#leadStatus = :leadStatus', names: { '#leadStatus': 'leadStatus' }, values: { ':leadStatus': q.outcome } } : undefined;
  return { months: months.map((month) => monthShards(month, { vendorId, campaignId: q.campaignId }).map((s) => s.within(sk))), ...(filter ? { filter } : {}), at: 'at' };
}

/** One Query's count of the entries it keeps (a COUNT Query; DynamoDB applies the filter). */
async function countOf(s: { key: EntityQuery<unknown>['key'] }, filter: Expr | undefined): Promise<number> {
  return (await queryCount({ ...s.key, ...(filter ? { filter } : {}) })).count;
}

/** The keys of one page: the months' counts, the months before the page's skipped whole, its month's entries merged newest first. */
async function pageKeys(sel: Selection, page: number, pageSize: number): Promise<{ keys: Key[]; totalCount: number }> {
  const counts = await Promise.all(sel.months.map(async (sources) => (await Promise.all(sources.map((s) => countOf(s, sel.filter)))).reduce((a, b) => a + b, 0)));
  const totalCount = counts.reduce((a, b) => a + b, 0);
  const skip = (page - 1) * pageSize;
  const keys: Key[] = [];
  if (skip >= totalCount) return { keys, totalCount };
  let at = 0;
  let offset = skip;
  for (; offset >= counts[at]!; at++) offset -= counts[at]!;
  for (; at < sel.months.length && keys.length < pageSize; at++, offset = 0) {
    const want = offset + pageSize - keys.length;
    const sources = sel.months[at]!.map(
      (s) => async (cursor: string | undefined): Promise<Page<Key>> => {
        const read = await queryPage({ ...s.key, projection: [sel.at, 'leadId'], newestFirst: true, limit: Math.min(want, 1_000), ...(sel.filter ? { filter: sel.filter } : {}), ...(cursor ? { cursor } : {}) });
        return { items: read.items.map((i) => ({ at: String(i[sel.at]), leadId: String(i.leadId) })), ...(read.cursor ? { cursor: read.cursor } : {}) };
      },
    );
    let passed = 0;
    for await (const key of mergeInOrder(sources, arrivalKey, true)) {
      if (passed++ < offset) continue;
      keys.push(key);
      if (keys.length >= pageSize) break;
    }
  }
  return { keys, totalCount };
}

export function partnerLeadRowOf(l: Lead, returned: boolean): PartnerLeadRow {
  return {
    LeadId: l.leadId,
    UserFacingLeadId: l.userFacingLeadId,
    SourceId: l.sourceId,
    LeadTimeStamp: l.at,
    LeadDate: reportDay(l.at),
    CampaignId: l.campaignId,
    CampaignName: l.campaignName,
    FirstName: l.firstName,
    LastName: l.lastName,
    StateCode: l.stateCode,
    ZipCode: l.zipCode,
    LeadStatus: l.leadStatus,
    Returned: returned,
    Reasons: l.reasons,
  };
}

/** GET partner/{vendorId}/leads: one page of the vendor's leads, newest first, with whether each was returned. */
export async function listPartnerLeads(vendorId: string, q: PartnerLeadsQuery): Promise<PartnerLeadsPage> {
  const { keys, totalCount } = await pageKeys(select(vendorId, q), q.page, q.pageSize);
  const leads = keys.length ? await getMany(Object.fromEntries(keys.map((k) => [k.leadId, Lead.ref({ leadId: k.leadId })]))) : {};
  const found = keys.flatMap((k) => leads[k.leadId] ?? []);
  const sold = found.filter((l) => l.leadStatus === 'Sold');
  const marks = sold.length ? await getMany(Object.fromEntries(sold.map((l) => [l.leadId, VendorLeadReturned.ref({ leadId: l.leadId })]))) : {};
  return { Data: found.map((l) => partnerLeadRowOf(l, marks[l.leadId] !== undefined)), TotalCount: totalCount, Pages: Math.ceil(totalCount / q.pageSize) };
}

/** GET partner/{vendorId}/leads/{leadId}: the lead by its id or number; another vendor's lead is not found, exactly like one that does not exist. */
export async function partnerLeadDetail(vendorId: string, idOrNumber: string): Promise<PartnerLeadDetail> {
  const lead = /^\d+$/.test(idOrNumber) ? await Lead.query.byNumber(Number(idOrNumber)).first() : await Lead.get({ leadId: idOrNumber });
  if (!lead || lead.vendorId !== vendorId) throw new NotFound(PARTNER_DATA_MESSAGES.leadNotFound);
  const [disputes, mark] = await Promise.all([Dispute.query.ofLead(lead.leadId).all(), VendorLeadReturned.get({ leadId: lead.leadId })]);
  const returns = await partnerReturnsOf(
    vendorId,
    disputes.sort((a, b) => a.at.localeCompare(b.at)).map((d) => vendorReturnOf(d, lead, vendorId)),
  );
  const returned = mark !== undefined || disputes.some((d) => d.status === 'Approved');
  return {
    Lead: {
      ...partnerLeadRowOf(lead, returned),
      Answer: lead.answer ? { Result: lead.answer.result, Reasons: lead.answer.reasons ?? [] } : null,
      Consent: consentDtoOf(lead.consent),
    },
    Returns: returns,
  };
}
