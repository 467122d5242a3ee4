// Internal Leads (part 3 §2, §3, §7): the leads visitors submitted through the public forms, by source
// (the contract map whose number the form carried: GET internalleadusers lists them) in time order,
// read through the public-form leads' index by contract and time (#92), never a scan. A page (#92a) is
// counted from the source's day counts (InternalLeadDay, written with each lead) and read from the day
// it starts in, so it costs the days of the range and at most a day's leads plus its own rows.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { Campaign } from '#entities/campaign.ts';
import { ContractMap } from '#entities/contract-map.ts';
import { PublicFormLead } from '#entities/public-form-lead.ts';
import { InternalLeadDay } from '#entities/internal-lead-day.ts';
import { getMany, type Ref } from '#platform/entity.ts';
import { REPORTING_TIME_ZONE, reportDay } from '#platform/report-day.ts';
import type { InternalLeadRowDto, InternalLeadSourceDto } from '#shared/api/reports-performance.ts';
import { reportDate, toCsv, writeReportCsv, type ReportFile } from './performance-export.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** GET internalleadusers: every contract map, by name. */
export async function internalLeadSources(): Promise<InternalLeadSourceDto[]> {
  const contracts = await ContractMap.query.all().all();
  return contracts
    .map((c) => ({ Source: c.contractId, Name: c.contractName }))
    .sort((a, b) => a.Name.localeCompare(b.Name, 'en', { sensitivity: 'base' }) || a.Source.localeCompare(b.Source));
}

export interface InternalLeadsQuery {
  /** Local date-times YYYY-MM-DDTHH:mm:ss on the reporting calendar, both included. */
  startDate: string;
  endDate: string;
  /** The contract number. */
  source: string;
}

/** What became of the lead: not yet taken, refused by the campaign's criteria, or the engine's result. */
function statusOf(lead: PublicFormLead): string {
  if (lead.status !== 'Routed' || !lead.intake?.result) return lead.status;
  const result = lead.intake.result;
  return result.charAt(0).toUpperCase() + result.slice(1);
}

/** The range as instants: from its first second to the start of the second after its last. */
function instants(q: InternalLeadsQuery): { from: string; to: string } {
  return {
    from: dayjs.tz(q.startDate, REPORTING_TIME_ZONE).toISOString(),
    // The end second is included: the range runs to the start of the next second.
    to: dayjs.tz(q.endDate, REPORTING_TIME_ZONE).add(1, 'second').toISOString(),
  };
}

async function rowsOf(leads: PublicFormLead[]): Promise<InternalLeadRowDto[]> {
  const refs: Record<string, Ref<Campaign>> = {};
  for (const l of leads) refs[l.campaignId] = Campaign.ref({ campaignId: l.campaignId });
  const campaigns = leads.length ? ((await getMany(refs)) as Record<string, Campaign | undefined>) : {};
  return leads.map((l) => {
    const campaign = campaigns[l.campaignId];
    return {
      FirstName: l.firstName,
      LastName: l.lastName,
      City: l.city,
      StateCode: l.state,
      ZipCode: l.zipCode,
      Status: statusOf(l),
      Email: l.email,
      PrimaryPhone: l.phone,
      IsTargeted: l.intake?.result === 'sold',
      // A form lead comes from no vendor: the company's own forms are its source.
      VendorName: '',
      LeadType: campaign?.leadType ?? '',
      ContractId: l.contractId,
      CrmLob: campaign?.crmLob ?? '',
      Date: l.receivedAt,
    };
  });
}

/** The source's leads of the range, oldest first (the spec's call: the whole range). */
export async function internalLeads(q: InternalLeadsQuery): Promise<InternalLeadRowDto[]> {
  const { from, to } = instants(q);
  return rowsOf(await PublicFormLead.query.bySource(q.source, from, to).all());
}

const CSV_COLUMNS = ['Date', 'First Name', 'Last Name', 'City', 'State', 'Zip Code', 'Status', 'Email', 'Phone', 'Targeted', 'Vendor', 'Lead Type', 'Contract ID', 'CRM LOB'] as const;

/**
 * Every lead of the range as CSV in the exports bucket, oldest first, the table's columns with dates
 * MM/DD/YYYY: the page's Export. The file, not the rows, is what is answered, so a busy source's month
 * never meets Lambda's 6 MB answer limit.
 */
export async function exportInternalLeads(q: InternalLeadsQuery, now = new Date()): Promise<ReportFile> {
  const rows = await internalLeads(q);
  const csv = toCsv(
    CSV_COLUMNS,
    rows.map((r) => [reportDate(r.Date), r.FirstName, r.LastName, r.City, r.StateCode, r.ZipCode, r.Status, r.Email, r.PrimaryPhone, r.IsTargeted ? 'Yes' : 'No', r.VendorName, r.LeadType, r.ContractId, r.CrmLob]),
  );
  return writeReportCsv('InternalLeads', csv, now);
}

export interface InternalLeadsPage {
  rows: InternalLeadRowDto[];
  totalCount: number;
  pages: number;
}

/** The first instant of a reporting day. */
const dayStart = (day: string) => dayjs.tz(`${day}T00:00:00`, REPORTING_TIME_ZONE).toISOString();
const nextDay = (day: string) => dayjs.utc(`${day}T00:00:00Z`).add(1, 'day').format('YYYY-MM-DD');

/**
 * One page of the range, oldest first, with the range's count. Whole days are counted by their
 * InternalLeadDay items; a first or last day the range only partly covers is counted from the index
 * (at most one day's keys). The page is read from the start of the day holding its first row,
 * skipping that day's earlier leads by a key count.
 */
export async function internalLeadsPage(q: InternalLeadsQuery, paging: { page: number; pageSize: number }): Promise<InternalLeadsPage> {
  const { from, to } = instants(q);
  const firstDay = reportDay(from);
  const lastDay = reportDay(new Date(Date.parse(to) - 1).toISOString());
  const counted = new Map((await InternalLeadDay.query.ofSource(q.source, firstDay, lastDay).all()).map((d) => [d.day, d.count]));
  const days: { day: string; start: string; count: number }[] = [];
  for (let day = firstDay; day <= lastDay; day = nextDay(day)) days.push({ day, start: dayStart(day), count: counted.get(day) ?? 0 });
  // Partly covered edge days: count the covered part from the index.
  await Promise.all(
    days.map(async (d, i) => {
      const start = d.start > from ? d.start : from;
      const end = i + 1 < days.length ? days[i + 1]!.start : dayStart(nextDay(d.day));
      const until = end < to ? end : to;
      if (start === d.start && until === end) return;
      d.count = d.count === 0 ? 0 : (await PublicFormLead.query.bySource(q.source, start, until).count()).count;
    }),
  );
  const totalCount = days.reduce((sum, d) => sum + d.count, 0);
  const pages = Math.ceil(totalCount / paging.pageSize);
  const offset = (paging.page - 1) * paging.pageSize;
  if (offset >= totalCount) return { rows: [], totalCount, pages };
  let before = 0;
  let at = 0;
  while (before + days[at]!.count <= offset) before += days[at++]!.count;
  const start = days[at]!.start > from ? days[at]!.start : from;
  const query = PublicFormLead.query.bySource(q.source, start, to);
  const skip = offset - before;
  const cursor = skip > 0 ? (await query.count({ limit: skip })).cursor : undefined;
  const leads = skip > 0 && !cursor ? [] : (await query.page({ limit: paging.pageSize, ...(cursor ? { cursor } : {}) })).items;
  return { rows: await rowsOf(leads), totalCount, pages };
}
