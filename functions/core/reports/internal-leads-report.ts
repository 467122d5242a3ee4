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
import { queryPage } from '#platform/db.ts';
import { getMany, type Ref } from '#platform/entity.ts';
import { reportDay } from '#platform/report-day.ts';
import { COMPANY_TIME_ZONE } from '#shared/time-zones.ts';
import type { InternalLeadRowDto, InternalLeadSourceDto } from '#shared/api/reports-performance.ts';
import { mapLimited } from './ledger-reports.ts';
import { csvText } from '#shared/csv.ts';
import { reportDate, writeReportCsv, type ReportFile } from './performance-export.ts';

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

/** What a row shows of a lead: all a read of the range projects (not the consent, address or notes). */
const ROW_FIELDS = { firstName: true, lastName: true, city: true, state: true, zipCode: true, status: true, intake: true, email: true, phone: true, campaignId: true, contractId: true, receivedAt: true } as const;
const rowLead = PublicFormLead.schema.pick(ROW_FIELDS);
type RowLead = Pick<PublicFormLead, keyof typeof ROW_FIELDS>;

/** What became of the lead: not yet taken, refused by the campaign's criteria, or the engine's result. */
function statusOf(lead: RowLead): string {
  if (lead.status !== 'Routed' || !lead.intake?.result) return lead.status;
  const result = lead.intake.result;
  return result.charAt(0).toUpperCase() + result.slice(1);
}

/** The range as instants: from its first second to the start of the second after its last. */
function instants(q: InternalLeadsQuery): { from: string; to: string } {
  return {
    from: dayjs.tz(q.startDate, COMPANY_TIME_ZONE).toISOString(),
    // The end second is included: the range runs to the start of the next second.
    to: dayjs.tz(q.endDate, COMPANY_TIME_ZONE).add(1, 'second').toISOString(),
  };
}

async function rowsOf(leads: RowLead[]): Promise<InternalLeadRowDto[]> {
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

/** Days of a whole-range read read at once. */
const DAYS_AT_ONCE = 8;

/**
 * The source's leads of the range, oldest first (the spec's call: the whole range). Read day by day,
 * several at once, and only the row's attributes: a busy month is thousands of leads whose consent
 * evidence alone is most of their bytes.
 */
export async function internalLeads(q: InternalLeadsQuery): Promise<InternalLeadRowDto[]> {
  const perDay = await mapLimited(rangeDays(q), DAYS_AT_ONCE, async ({ start, until }) => {
    const key = PublicFormLead.query.bySource(q.source, start, until).key;
    const leads: RowLead[] = [];
    let cursor: string | undefined;
    do {
      const page = await queryPage({ ...key, projection: Object.keys(ROW_FIELDS), ...(cursor ? { cursor } : {}) });
      for (const item of page.items) leads.push(rowLead.parse(item));
      cursor = page.cursor;
    } while (cursor);
    return leads;
  });
  return rowsOf(perDay.flat());
}

const CSV_COLUMNS = ['Date', 'First Name', 'Last Name', 'City', 'State', 'Zip Code', 'Status', 'Email', 'Phone', 'Targeted', 'Vendor', 'Lead Type', 'Contract ID', 'CRM LOB'] as const;

/**
 * Every lead of the range as CSV in the exports bucket, oldest first, the table's columns with dates
 * MM/DD/YYYY: the page's Export. The file, not the rows, is what is answered, so a busy source's month
 * never meets Lambda's 6 MB answer limit.
 */
export async function exportInternalLeads(q: InternalLeadsQuery, now = new Date()): Promise<ReportFile> {
  const rows = await internalLeads(q);
  const csv = csvText(
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
const dayStart = (day: string) => dayjs.tz(`${day}T00:00:00`, COMPANY_TIME_ZONE).toISOString();
const nextDay = (day: string) => dayjs.utc(`${day}T00:00:00Z`).add(1, 'day').format('YYYY-MM-DD');

/** The range's reporting days, each as the part of it the range covers: [start, until), and whether that is the whole day. */
function rangeDays(q: InternalLeadsQuery): { day: string; start: string; until: string; whole: boolean }[] {
  const { from, to } = instants(q);
  const days = [];
  for (let day = reportDay(from); day <= reportDay(new Date(Date.parse(to) - 1).toISOString()); day = nextDay(day)) {
    const [first, next] = [dayStart(day), dayStart(nextDay(day))];
    days.push({ day, start: first > from ? first : from, until: next < to ? next : to, whole: first >= from && next <= to });
  }
  return days;
}

/**
 * One page of the range, oldest first, with the range's count. Whole days are counted by their
 * InternalLeadDay items; a first or last day the range only partly covers is counted from the index
 * (at most one day's keys). The page is read from the start of the day holding its first row,
 * skipping that day's earlier leads by a key count.
 */
export async function internalLeadsPage(q: InternalLeadsQuery, paging: { page: number; pageSize: number }): Promise<InternalLeadsPage> {
  const { to } = instants(q);
  const ranged = rangeDays(q);
  const counted = new Map((await InternalLeadDay.query.ofSource(q.source, ranged[0]!.day, ranged.at(-1)!.day).all()).map((d) => [d.day, d.count]));
  // Partly covered edge days: count the covered part from the index.
  const days = await Promise.all(
    ranged.map(async (d) => {
      const count = counted.get(d.day) ?? 0;
      return { ...d, count: d.whole || count === 0 ? count : (await PublicFormLead.query.bySource(q.source, d.start, d.until).count()).count };
    }),
  );
  const totalCount = days.reduce((sum, d) => sum + d.count, 0);
  const pages = Math.ceil(totalCount / paging.pageSize);
  const offset = (paging.page - 1) * paging.pageSize;
  if (offset >= totalCount) return { rows: [], totalCount, pages };
  let before = 0;
  let at = 0;
  while (before + days[at]!.count <= offset) before += days[at++]!.count;
  const query = PublicFormLead.query.bySource(q.source, days[at]!.start, to);
  const skip = offset - before;
  const cursor = skip > 0 ? (await query.count({ limit: skip })).cursor : undefined;
  const leads = skip > 0 && !cursor ? [] : (await query.page({ limit: paging.pageSize, ...(cursor ? { cursor } : {}) })).items;
  return { rows: await rowsOf(leads), totalCount, pages };
}
