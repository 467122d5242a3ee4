// All Leads for staff (spec part 3 §2, §7): the leads of a date range in arrival order, filtered by
// campaign, vendor, lead number or phone, one page at a time; the same rows as a CSV export; and one
// lead with its sales, disputes, routing and decision trace. No Scan: every read is a Query of a
// time-ordered Lead index (the month's, the campaign's, the vendor's, the pair's or the phone's), or
// GetItems by key. A month index is LEAD_MONTH_SHARDS partitions (lead-months.ts): a page is the
// counts of the range's month shards (COUNT Queries, summed), the month's shards merged by arrival
// (only the keys read) up to the page's rows, and one BatchGet of those leads.
import { randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Campaign } from '#entities/campaign.ts';
import { Dispute } from '#entities/dispute.ts';
import { DisputeReason } from '#entities/dispute-reason.ts';
import { Fund } from '#entities/fund.ts';
import { Lead } from '#entities/lead.ts';
import { LeadSale } from '#entities/lead-sale.ts';
import { Order } from '#entities/order.ts';
import { RoutingRule } from '#entities/routing-rule.ts';
import { Vendor } from '#entities/vendor.ts';
import { bucket as configuredBucket } from '#platform/config.ts';
import { queryPage, type Page } from '#platform/db.ts';
import { getMany, type EntityQuery, type Ref } from '#platform/entity.ts';
import { NotFound, ValidationFailed } from '#platform/errors.ts';
import { lower, timeRange } from '#platform/item-key.ts';
import { reportDay, reportMonth } from '#platform/report-day.ts';
import { COMPANY_TIME_ZONE } from '#shared/time-zones.ts';
import { csvFileName, csvText } from '#shared/csv.ts';
import { presignDownload, putFile } from '#platform/s3.ts';
import { arrivalKey, mergeInOrder, monthShards } from './lead-months.ts';
import { ALL_LEADS_EXPORT_MAX, ALL_LEADS_MESSAGES, type AllLeadRow, type AllLeadsQuery, type LeadDetail } from '#shared/api/all-leads.ts';
import { consentDtoOf } from '#shared/api/consent.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** How long an export's download link works. */
export const EXPORT_URL_SECONDS = 300;
const DATE_TIME_FORMAT = 'M/D/YYYY, h:mm:ss A';

export interface AllLeadsRange {
  /** YYYY-MM-DD, both days included, in the reporting time zone. */
  startDate: string;
  endDate: string;
}

export type AllLeadsFilters = Pick<AllLeadsQuery, 'campaignId' | 'vendorId' | 'campaignName' | 'vendorName' | 'leadId' | 'phone'>;

export interface AllLeadsPageResult {
  rows: AllLeadRow[];
  totalCount: number;
  pages: number;
}

/** The instants [from, to) from the start of `startDate` to the end of `endDate` in the reporting zone. */
export function reportingRange(range: AllLeadsRange): { from: string; to: string } {
  const dayAfterEnd = dayjs.utc(range.endDate).add(1, 'day').format('YYYY-MM-DD');
  return { from: dayjs.tz(range.startDate, COMPANY_TIME_ZONE).toISOString(), to: dayjs.tz(dayAfterEnd, COMPANY_TIME_ZONE).toISOString() };
}

/** The reporting months (YYYY-MM) the instants [from, to) touch, oldest first. */
export function monthsOf(from: string, to: string): string[] {
  const last = reportMonth(new Date(Date.parse(to) - 1).toISOString());
  const months: string[] = [];
  for (let m = reportMonth(from); m <= last; ) {
    months.push(m);
    const [y, mm] = m.split('-').map(Number) as [number, number];
    m = mm === 12 ? `${y + 1}-01` : `${y}-${String(mm + 1).padStart(2, '0')}`;
  }
  return months;
}

// ---------------------------------------------------------------------------------------------
// Which leads a request selects

type Selection =
  /** Nothing can match (an unknown name, a lead number that does not exist). */
  | { kind: 'none' }
  /** A few leads read whole (a lead number, a phone), then filtered and paged in memory. */
  | { kind: 'few'; leads: Lead[] }
  /** Per month of the range, oldest first, its shards: time-ordered Queries to merge. */
  | { kind: 'months'; months: EntityQuery<Lead>[][] };

async function resolveName(kind: 'campaign' | 'vendor', name: string): Promise<string[]> {
  const prefix = { beginsWith: `${lower(name)}#` };
  if (kind === 'campaign') {
    const found = await Campaign.query.byName().within(prefix).all();
    return found.filter((c) => lower(c.name) === lower(name)).map((c) => c.campaignId);
  }
  const found = await Vendor.query.byName().within(prefix).all();
  return found.filter((v) => lower(v.name) === lower(name)).map((v) => v.vendorId);
}

/** The campaign or vendor a filter names: its id, none (nothing matches), or all (no filter). */
async function pick(kind: 'campaign' | 'vendor', id: string | undefined, name: string | undefined): Promise<string | null | undefined> {
  if (id) return id;
  if (!name) return undefined;
  const ids = await resolveName(kind, name);
  if (ids.length > 1) throw new ValidationFailed(kind === 'campaign' ? ALL_LEADS_MESSAGES.ambiguousCampaign : ALL_LEADS_MESSAGES.ambiguousVendor);
  return ids[0] ?? null;
}

async function select(range: AllLeadsRange, filters: AllLeadsFilters): Promise<Selection> {
  const { from, to } = reportingRange(range);
  const [campaignId, vendorId] = await Promise.all([pick('campaign', filters.campaignId, filters.campaignName), pick('vendor', filters.vendorId, filters.vendorName)]);
  if (campaignId === null || vendorId === null) return { kind: 'none' };
  const keep = (l: Lead) =>
    l.at >= from &&
    l.at < to &&
    (campaignId === undefined || l.campaignId === campaignId) &&
    (vendorId === undefined || l.vendorId === vendorId) &&
    (filters.phone === undefined || l.primaryPhone === filters.phone);

  if (filters.leadId !== undefined) {
    const lead = await Lead.query.byNumber(filters.leadId).first();
    return lead && keep(lead) ? { kind: 'few', leads: [lead] } : { kind: 'none' };
  }
  const sk = timeRange('', from, to);
  if (filters.phone !== undefined) {
    // A phone's leads are few: read them whole in the range, the other filters applied here.
    const leads = await Lead.query.withPhone(filters.phone).within(sk).all();
    return { kind: 'few', leads: leads.filter(keep) };
  }
  const months = monthsOf(from, to).map((month) => monthShards(month, { campaignId, vendorId }).map((q) => q.within(sk)));
  return { kind: 'months', months };
}

// ---------------------------------------------------------------------------------------------
// The table

/** The month indexes' order, newest first when `descending` (ties, one millisecond, by lead id). */
const byArrival = (descending: boolean) => (a: Lead, b: Lead) => (descending ? -1 : 1) * (arrivalKey(a) < arrivalKey(b) ? -1 : arrivalKey(a) > arrivalKey(b) ? 1 : 0);

export async function listAllLeads(range: AllLeadsRange, q: AllLeadsQuery): Promise<AllLeadsPageResult> {
  const selection = await select(range, q);
  const descending = q.sortOrder === 'desc';
  const skip = (q.page - 1) * q.pageSize;
  const result = (leads: Lead[], totalCount: number): AllLeadsPageResult => ({ rows: leads.map(toRow), totalCount, pages: Math.ceil(totalCount / q.pageSize) });

  if (selection.kind === 'none') return result([], 0);
  if (selection.kind === 'few') {
    const sorted = [...selection.leads].sort(byArrival(descending));
    return result(sorted.slice(skip, skip + q.pageSize), sorted.length);
  }

  // Newest first walks the months from the last; a month's count is the sum of its shards' COUNT Queries.
  const months = descending ? [...selection.months].reverse() : selection.months;
  const counts = await Promise.all(months.map(async (shards) => (await Promise.all(shards.map((s) => s.count()))).reduce((n, c) => n + c.count, 0)));
  const totalCount = counts.reduce((a, b) => a + b, 0);
  if (skip >= totalCount) return result([], totalCount);
  let at = 0;
  let offset = skip;
  for (; offset >= counts[at]!; at++) offset -= counts[at]!;
  // The page's leads by key: the month's shards merged by arrival, the first `offset` passed over.
  // Only the index keys come back (ProjectionExpression); a shard's Query asks for at most the rows
  // still wanted, 1,000 at most. A first page reads pageSize entries of each shard. A deep page reads
  // (and is charged for, whole items) the index entries of every row before it in its month, as the
  // unsharded COUNT skip did, plus at most one unused page per shard, in round trips of up to 1,000
  // entries or 1 MB (a shard's next page when the merge reaches its end): page 1,000 of 100 reads
  // ~100,000 entries in ~150 round trips.
  const keys: { at: string; leadId: string }[] = [];
  for (; at < months.length && keys.length < q.pageSize; at++, offset = 0) {
    const want = offset + q.pageSize - keys.length;
    const shards = months[at]!.map(
      (s) => async (cursor: string | undefined) => (await queryPage({ ...s.key, projection: ['at', 'leadId'], newestFirst: descending, limit: Math.min(want, 1_000), cursor })) as Page<{ at: string; leadId: string }>,
    );
    let passed = 0;
    for await (const key of mergeInOrder(shards, arrivalKey, descending)) {
      if (passed++ < offset) continue;
      keys.push(key);
      if (keys.length >= q.pageSize) break;
    }
  }
  const read = await getMany(Object.fromEntries(keys.map((k) => [k.leadId, Lead.ref({ leadId: k.leadId })])));
  return result(keys.flatMap((k) => read[k.leadId] ?? []), totalCount);
}

function toRow(l: Lead): AllLeadRow {
  return {
    LeadId: l.leadId,
    UserFacingLeadId: l.userFacingLeadId,
    LeadTimeStamp: l.at,
    LeadDate: reportDay(l.at),
    CampaignId: l.campaignId,
    SourceCampaignName: l.campaignName,
    VendorId: l.vendorId ?? null,
    VendorName: l.vendorName ?? null,
    FirstName: l.firstName,
    LastName: l.lastName,
    PrimaryPhone: l.primaryPhone,
    Email: l.email ?? null,
    City: l.city ?? null,
    StateCode: l.stateCode,
    ZipCode: l.zipCode,
    Score: l.score ?? null,
    LeadStatus: l.leadStatus,
    SaleCount: l.saleCount,
  };
}

// ---------------------------------------------------------------------------------------------
// CSV export

const CSV_COLUMNS = ['Lead ID', 'Date', 'Campaign', 'Vendor', 'First Name', 'Last Name', 'Phone', 'Email', 'City', 'State', 'Zip Code', 'Score', 'Status', 'Sales'] as const;

export function allLeadsCsv(rows: AllLeadRow[]): string {
  const data = rows.map((r) => [
    String(r.UserFacingLeadId),
    dayjs(r.LeadTimeStamp).tz(COMPANY_TIME_ZONE).format(DATE_TIME_FORMAT),
    r.SourceCampaignName,
    r.VendorName ?? '',
    r.FirstName,
    r.LastName,
    r.PrimaryPhone,
    r.Email ?? '',
    r.City ?? '',
    r.StateCode,
    r.ZipCode,
    r.Score === null ? '' : String(r.Score),
    r.LeadStatus,
    String(r.SaleCount),
  ]);
  return csvText(CSV_COLUMNS, data);
}

/** 'AllLeads-{MM-DD-YYYY}.csv': the subject and the day of the export, in the company's zone (spec part 3 §9). */
export const allLeadsFileName = (exportedAt: Date) => csvFileName('AllLeads', exportedAt);

/** Every lead the table's filters select (all pages, oldest or newest first as asked) as a CSV in the exports bucket. */
export async function exportAllLeads(range: AllLeadsRange, q: AllLeadsQuery, now = new Date()): Promise<{ url: string; fileName: string }> {
  const selection = await select(range, q);
  const descending = q.sortOrder === 'desc';
  let leads: Lead[] = [];
  if (selection.kind === 'few') leads = selection.leads;
  if (selection.kind === 'months') {
    const shards = selection.months.flat();
    // Counted first, so an export too large for one Lambda is refused before anything is read.
    const counts = await Promise.all(shards.map((s) => s.count({ limit: ALL_LEADS_EXPORT_MAX + 1 }).then((c) => c.count)));
    if (counts.reduce((a, b) => a + b, 0) > ALL_LEADS_EXPORT_MAX) throw new ValidationFailed(ALL_LEADS_MESSAGES.exportTooLarge);
    for (const month of selection.months) for (const found of await Promise.all(month.map((s) => s.all()))) leads.push(...found);
  }
  leads.sort(byArrival(descending));
  const csv = allLeadsCsv(leads.map(toRow));
  const fileName = allLeadsFileName(now);
  const key = `all-leads/${dayjs(now).tz(COMPANY_TIME_ZONE).format('YYYY-MM-DD')}/${randomUUID()}/${fileName}`;
  const bucket = configuredBucket('EXPORTS_BUCKET');
  await putFile({ bucket, key, body: csv, contentType: 'text/csv; charset=utf-8', fileName });
  const url = await presignDownload({ bucket, key, fileName, expiresInSeconds: EXPORT_URL_SECONDS });
  return { url, fileName };
}

// ---------------------------------------------------------------------------------------------
// One lead, for staff

const dollars = (cents: number) => cents / 100;

/** The lead by its user-facing number (digits) or its id, with its sales, disputes, routing and trace. */
export async function leadDetail(idOrNumber: string): Promise<LeadDetail> {
  const byNumber = /^\d+$/.test(idOrNumber) ? await Lead.query.byNumber(Number(idOrNumber)).first() : undefined;
  if (/^\d+$/.test(idOrNumber) && !byNumber) throw new NotFound(ALL_LEADS_MESSAGES.leadNotFound);
  const leadId = byNumber?.leadId ?? idOrNumber;
  const [lead, sales, disputes] = await Promise.all([byNumber ?? Lead.get({ leadId }), LeadSale.query.ofLead(leadId).all(), Dispute.query.ofLead(leadId).all()]);
  if (!lead) throw new NotFound(ALL_LEADS_MESSAGES.leadNotFound);

  // Names and order numbers of everyone the lead touched, in one batch read.
  const agentIds = new Set<string>([...sales.flatMap((s) => [s.agentId, s.recipientAgentId]), ...lead.trace.map((t) => t.agentId)]);
  const orderIds = new Set<string>([...sales.map((s) => s.orderId), ...lead.trace.map((t) => t.orderId)]);
  const fundIds = new Set<string>(sales.flatMap((s) => (s.fundId ? [s.fundId] : [])));
  const refs: Record<string, Ref<unknown>> = {};
  for (const id of agentIds) refs[`a:${id}`] = AgentProfile.ref({ agentId: id });
  for (const id of orderIds) refs[`o:${id}`] = Order.ref({ orderId: id });
  for (const id of fundIds) refs[`f:${id}`] = Fund.ref({ fundId: id });
  if (lead.ruleId) refs['rule'] = RoutingRule.ref({ ruleId: lead.ruleId });
  // The vendor's words for each dispute's reason (one dispute per buying agent).
  for (const d of disputes) if (d.vendorId) refs[`r:${d.agentId}`] = DisputeReason.ref({ vendorId: d.vendorId, vendorReason: d.vendorReason });
  const read = Object.keys(refs).length ? ((await getMany(refs)) as Record<string, unknown>) : {};
  const person = (agentId: string) => {
    const p = read[`a:${agentId}`] as AgentProfile | undefined;
    return { AgentId: agentId, FirstName: p?.firstName ?? null, LastName: p?.lastName ?? null };
  };
  const orderNumber = (orderId: string) => (read[`o:${orderId}`] as Order | undefined)?.userFacingOrderId ?? null;
  const rule = read['rule'] as RoutingRule | undefined;

  return {
    Lead: {
      ...toRow(lead),
      Source: lead.source,
      Address1: lead.address1 ?? null,
      BirthDate: lead.birthDate ?? null,
      Gender: lead.gender ?? null,
      UniversalLeadId: lead.universalLeadId ?? null,
      AffiliateCode: lead.affiliateCode ?? null,
      AllowDisputes: lead.allowDisputes,
      MaxSales: lead.maxSales,
      Reasons: lead.reasons,
      Consent: consentDtoOf(lead.consent),
    },
    Routing: {
      RuleId: lead.ruleId ?? null,
      RuleName: rule?.name ?? null,
      RoutedTo: lead.routedTo ?? null,
      CallCenterList: lead.callCenterList ?? null,
    },
    Sales: sales
      .sort((a, b) => a.at.localeCompare(b.at))
      .map((s) => ({
        Agent: person(s.agentId),
        Recipient: person(s.recipientAgentId),
        OrderId: s.orderId,
        UserFacingOrderId: s.userFacingOrderId,
        FundId: s.fundId ?? null,
        FundName: s.fundId ? ((read[`f:${s.fundId}`] as Fund | undefined)?.name ?? null) : null,
        AgentPurchasePrice: dollars(s.agentPurchasePriceCents),
        CompanyPurchasePrice: dollars(s.companyPurchasePriceCents),
        SoldAt: s.at,
        Why: s.why,
      })),
    Disputes: disputes.map((d) => ({
      AgentId: d.agentId,
      SubmittedBy: d.submittedBy,
      VendorReason: d.vendorReason,
      UserFacingReason: (read[`r:${d.agentId}`] as DisputeReason | undefined)?.userFacingReason ?? d.vendorReason,
      UserComments: d.userComments,
      DisputeStatus: d.status,
      DisputeDateTime: d.at,
      DecidedAt: d.decidedAt ?? null,
      DecidedBy: d.decidedBy ?? null,
      DecisionReason: d.decisionReason ?? null,
    })),
    Trace: lead.trace.map((t) => ({
      OrderId: t.orderId,
      UserFacingOrderId: orderNumber(t.orderId),
      Agent: person(t.agentId),
      TookLead: t.passedOver === '',
      Reason: t.passedOver,
    })),
    TraceOmitted: (lead.traceOmitted ?? []).map((o) => ({ Reason: o.passedOver, Count: o.count })),
  };
}
