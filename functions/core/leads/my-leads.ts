// My Leads (part 3 §2, §3 Lead agent view, §9): one agent's lead sales over a date range in the agent's
// time zone, by distribution, filtered, newest first, 10 a page, and the same rows as a CSV export.
// "received" are the sales delivered to the agent (the recipient index); "distributed" the sales the
// agent's orders bought and delivered to someone else (the buyer index, recipient not the agent); "all"
// both (the two never overlap). Only index Queries over the range and BatchGets of the rows' items: the
// lead, the sale's dispute, the fund and the two agents' names. Lead fields (name, phone, state) and
// dispute filters need those items for every sale of the range; the other filters only for the page.
import { randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Campaign } from '#entities/campaign.ts';
import { Dispute } from '#entities/dispute.ts';
import { Fund } from '#entities/fund.ts';
import { Lead } from '#entities/lead.ts';
import { Vendor } from '#entities/vendor.ts';
import { LeadSale } from '#entities/lead-sale.ts';
import { bucket as configuredBucket } from '#platform/config.ts';
import { getMany, type Ref } from '#platform/entity.ts';
import { NotFound } from '#platform/errors.ts';
import { presignDownload, putFile } from '#platform/s3.ts';
import { LEADS_PAGE_SIZE, type AgentLeadDto, type Distribution, type LeadFilters } from '#shared/api/leads.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES, type TimeZoneName } from '#shared/time-zones.ts';
import { csvFileName, csvText } from '#shared/csv.ts';
import { consentDtoOf } from '#shared/api/consent.ts';
import { disputeOpenUntil } from '#shared/api/disputes.ts';
import { dayRange, EXPORT_URL_SECONDS } from '../money/transactions-view.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export const AGENT_NOT_FOUND = 'Agent not found.';
const DATE_TIME_FORMAT = 'M/D/YYYY, h:mm:ss A';

export interface LeadRange {
  agentId: string;
  /** YYYY-MM-DD, both days included, in the agent's time zone. */
  startDate: string;
  endDate: string;
  distribution: Distribution;
}

export interface AgentLeadsPage {
  agentId: string;
  startDate: string;
  endDate: string;
  timeZone: TimeZoneName;
  distribution: Distribution;
  totalCount: number;
  page: number;
  pageSize: number;
  totalPages: number;
  leads: AgentLeadDto[];
  choices: Choices;
}

export interface Choice {
  id: string;
  name: string;
}

export interface Choices {
  funds: Choice[];
  campaigns: Choice[];
  vendors: Choice[];
}

async function agentZone(agentId: string): Promise<{ name: TimeZoneName; iana: string }> {
  const profile = await AgentProfile.get({ agentId });
  if (!profile) throw new NotFound(AGENT_NOT_FOUND);
  const name = isKnownTimeZone(profile.timeZone) ? profile.timeZone : DEFAULT_TIME_ZONE;
  return { name, iana: TIME_ZONES[name] };
}

/** The range's sales of the distribution, newest first. */
async function salesOf(range: LeadRange, from: string, to: string): Promise<LeadSale[]> {
  const window = { between: [from, to] as const };
  const [received, bought] = await Promise.all([
    range.distribution === 'distributed' ? [] : LeadSale.query.receivedBy(range.agentId).within(window).all(),
    range.distribution === 'received' ? [] : LeadSale.query.boughtBy(range.agentId).within(window).all(),
  ]);
  const distributed = bought.filter((s) => s.recipientAgentId !== range.agentId);
  return [...received, ...distributed].sort((a, b) => (a.at === b.at ? b.leadId.localeCompare(a.leadId) : b.at.localeCompare(a.at)));
}

/** The filters a sale answers by itself. */
function saleMatches(s: LeadSale, f: LeadFilters): boolean {
  if (f.leadId && String(s.userFacingLeadId) !== String(Number(f.leadId))) return false;
  if (f.fundId && s.fundId !== f.fundId) return false;
  if (f.campaignId && s.campaignId !== f.campaignId) return false;
  if (f.vendorId && s.vendorId !== f.vendorId) return false;
  return true;
}

const needsDetails = (f: LeadFilters) => Boolean(f.phone || f.firstName || f.lastName || f.state || f.disputeStatus);

const startsWith = (value: string | undefined, prefix: string) => (value ?? '').toLowerCase().startsWith(prefix.toLowerCase());

/** The filters that need the lead and the dispute. */
function detailMatches(d: Details, f: LeadFilters): boolean {
  if (!d.lead) return false;
  if (f.phone && !d.lead.primaryPhone.replace(/\D/g, '').includes(f.phone)) return false;
  if (f.firstName && !startsWith(d.lead.firstName, f.firstName)) return false;
  if (f.lastName && !startsWith(d.lead.lastName, f.lastName)) return false;
  if (f.state && d.lead.stateCode.toUpperCase() !== f.state.toUpperCase()) return false;
  if (f.disputeStatus && d.dispute?.status !== f.disputeStatus) return false;
  return true;
}

interface Details {
  sale: LeadSale;
  lead?: Lead;
  dispute?: Dispute;
}

const saleKey = (s: LeadSale) => `${s.leadId}#${s.agentId}`;

/** The lead and the dispute of each sale, in one BatchGet round (100 keys a request, side by side). */
async function detailsOf(sales: LeadSale[]): Promise<Details[]> {
  const refs: Record<string, Ref<unknown>> = {};
  sales.forEach((s, i) => {
    refs[`l${i}`] = Lead.ref({ leadId: s.leadId });
    refs[`d${i}`] = Dispute.ref({ leadId: s.leadId, agentId: s.agentId });
  });
  const found = sales.length ? await getMany(refs) : {};
  return sales.map((sale, i) => ({ sale, lead: found[`l${i}`] as Lead | undefined, dispute: found[`d${i}`] as Dispute | undefined }));
}

/** Fund names and agent names of the rows, in one BatchGet round. */
async function namesOf(details: Details[]): Promise<{ funds: Map<string, string>; agents: Map<string, { firstName: string; lastName: string }> }> {
  const fundIds = [...new Set(details.flatMap((d) => (d.sale.fundId ? [d.sale.fundId] : [])))];
  const agentIds = [...new Set(details.flatMap((d) => [d.sale.agentId, d.sale.recipientAgentId]))];
  const refs: Record<string, Ref<unknown>> = {};
  fundIds.forEach((fundId, i) => (refs[`f${i}`] = Fund.ref({ fundId })));
  agentIds.forEach((agentId, i) => (refs[`a${i}`] = AgentProfile.ref({ agentId })));
  const found = Object.keys(refs).length ? await getMany(refs) : {};
  const funds = new Map<string, string>();
  fundIds.forEach((id, i) => {
    const fund = found[`f${i}`] as Fund | undefined;
    if (fund) funds.set(id, fund.name);
  });
  const agents = new Map<string, { firstName: string; lastName: string }>();
  agentIds.forEach((id, i) => {
    const agent = found[`a${i}`] as AgentProfile | undefined;
    if (agent) agents.set(id, { firstName: agent.firstName, lastName: agent.lastName });
  });
  return { funds, agents };
}

const dollars = (cents: number) => cents / 100;

/** A dispute time counts only with a year after 2001 (part 3 §4). */
const realDisputeTime = (at: string | undefined) => (at && Number(at.slice(0, 4)) > 2001 ? at : null);

function toRow(d: Details, viewerId: string, ianaZone: string, names: Awaited<ReturnType<typeof namesOf>>): AgentLeadDto | undefined {
  const { sale, lead, dispute } = d;
  if (!lead) return undefined;
  const buyer = names.agents.get(sale.agentId);
  const recipient = names.agents.get(sale.recipientAgentId);
  return {
    LeadId: sale.leadId,
    UserFacingLeadId: sale.userFacingLeadId,
    UserFacingOrderId: sale.userFacingOrderId,
    LeadTimeStamp: sale.at,
    LeadDate: dayjs(sale.at).tz(ianaZone).format('YYYY-MM-DD'),
    FundId: sale.fundId ?? null,
    FundName: sale.fundId ? (names.funds.get(sale.fundId) ?? null) : null,
    CampaignId: sale.campaignId,
    SourceCampaignName: lead.campaignName,
    VendorId: sale.vendorId ?? null,
    VendorName: lead.vendorName ?? null,
    FirstName: lead.firstName,
    LastName: lead.lastName,
    BirthDate: lead.birthDate ?? null,
    Email: lead.email ?? null,
    PrimaryPhone: lead.primaryPhone,
    Address1: lead.address1 ?? null,
    City: lead.city ?? null,
    StateCode: lead.stateCode,
    ZipCode: lead.zipCode,
    AgentPurchasePrice: dollars(sale.agentPurchasePriceCents),
    CompanyPurchasePrice: dollars(sale.companyPurchasePriceCents),
    Score: lead.score ?? null,
    LeadStatus: lead.leadStatus,
    DisputeStatus: dispute?.status ?? null,
    DisputeDateTime: realDisputeTime(dispute?.at),
    HasDispute: dispute !== undefined,
    AllowDisputes: lead.allowDisputes,
    DisputeOpenUntil: disputeOpenUntil(sale.at).toISOString(),
    AffiliateCode: lead.affiliateCode ?? null,
    UniversalLeadId: lead.universalLeadId ?? null,
    AgentId: sale.agentId,
    AgentFirstName: buyer?.firstName ?? '',
    AgentLastName: buyer?.lastName ?? '',
    RecipientAgentId: sale.recipientAgentId,
    RecipientFirstName: recipient?.firstName ?? '',
    RecipientLastName: recipient?.lastName ?? '',
    Distribution: sale.recipientAgentId === viewerId ? 'received' : 'distributed',
    Why: sale.why,
    Consent: consentDtoOf(lead.consent),
  };
}

/** Every sale of the range that passes the filters, with its lead and dispute when they were read. */
async function filteredSales(range: LeadRange, filters: LeadFilters, iana: string): Promise<{ all: LeadSale[]; sales: LeadSale[]; details?: Map<string, Details> }> {
  const { from, to } = dayRange(range.startDate, range.endDate, iana);
  const all = await salesOf(range, from, to);
  const sales = all.filter((s) => saleMatches(s, filters));
  if (!needsDetails(filters)) return { all, sales };
  const details = (await detailsOf(sales)).filter((d) => detailMatches(d, filters));
  return { all, sales: details.map((d) => d.sale), details: new Map(details.map((d) => [saleKey(d.sale), d])) };
}

/** The distinct funds, campaigns and vendors of the sales, with their names (one BatchGet round), by name. */
async function choicesOf(sales: LeadSale[]): Promise<Choices> {
  const distinct = (pick: (s: LeadSale) => string | undefined) => [...new Set(sales.flatMap((s) => pick(s) ?? []))];
  const fundIds = distinct((s) => s.fundId);
  const campaignIds = distinct((s) => s.campaignId);
  const vendorIds = distinct((s) => s.vendorId);
  const refs: Record<string, Ref<unknown>> = {};
  fundIds.forEach((fundId) => (refs[`f#${fundId}`] = Fund.ref({ fundId })));
  campaignIds.forEach((campaignId) => (refs[`c#${campaignId}`] = Campaign.ref({ campaignId })));
  vendorIds.forEach((vendorId) => (refs[`v#${vendorId}`] = Vendor.ref({ vendorId })));
  const found = Object.keys(refs).length ? await getMany(refs) : {};
  const named = (prefix: string, list: string[]) =>
    list
      .map((id) => ({ id, name: (found[`${prefix}#${id}`] as { name: string } | undefined)?.name ?? id }))
      .sort((a, b) => a.name.localeCompare(b.name));
  return { funds: named('f', fundIds), campaigns: named('c', campaignIds), vendors: named('v', vendorIds) };
}

async function rowsOf(sales: LeadSale[], known: Map<string, Details> | undefined, viewerId: string, iana: string): Promise<AgentLeadDto[]> {
  const details = known ? sales.map((s) => known.get(saleKey(s))!) : await detailsOf(sales);
  const names = await namesOf(details);
  return details.flatMap((d) => toRow(d, viewerId, iana, names) ?? []);
}

/** One page (10 rows) of the agent's leads. */
export async function agentLeadsPage(range: LeadRange, filters: LeadFilters, page = 1): Promise<AgentLeadsPage> {
  const zone = await agentZone(range.agentId);
  const { all, sales, details } = await filteredSales(range, filters, zone.iana);
  const totalPages = Math.max(1, Math.ceil(sales.length / LEADS_PAGE_SIZE));
  const slice = sales.slice((page - 1) * LEADS_PAGE_SIZE, page * LEADS_PAGE_SIZE);
  return {
    agentId: range.agentId,
    startDate: range.startDate,
    endDate: range.endDate,
    timeZone: zone.name,
    distribution: range.distribution,
    totalCount: sales.length,
    page,
    pageSize: LEADS_PAGE_SIZE,
    totalPages,
    ...(await Promise.all([rowsOf(slice, details, range.agentId, zone.iana), choicesOf(all)]).then(([leads, choices]) => ({ leads, choices }))),
  };
}

// ---------------------------------------------------------------------------------------------
// CSV export

interface Column {
  title: string;
  value: (r: AgentLeadDto, ianaZone: string) => string;
}

const text = (v: string | number | null) => (v === null ? '' : String(v));
const columns = (staffView: boolean): Column[] => [
  { title: 'Lead ID', value: (r) => String(r.UserFacingLeadId) },
  { title: 'Order ID', value: (r) => String(r.UserFacingOrderId) },
  { title: 'Date', value: (r, zone) => dayjs(r.LeadTimeStamp).tz(zone).format(DATE_TIME_FORMAT) },
  { title: 'Fund', value: (r) => text(r.FundName) },
  ...(staffView
    ? [
        { title: 'Campaign', value: (r: AgentLeadDto) => r.SourceCampaignName },
        { title: 'Vendor', value: (r: AgentLeadDto) => text(r.VendorName) },
      ]
    : []),
  { title: 'First Name', value: (r) => r.FirstName },
  { title: 'Last Name', value: (r) => r.LastName },
  { title: 'Birth Date', value: (r) => text(r.BirthDate) },
  { title: 'Email', value: (r) => text(r.Email) },
  { title: 'Phone', value: (r) => r.PrimaryPhone },
  { title: 'Address', value: (r) => text(r.Address1) },
  { title: 'City', value: (r) => text(r.City) },
  { title: 'State', value: (r) => r.StateCode },
  { title: 'Zip', value: (r) => r.ZipCode },
  { title: 'Agent Price', value: (r) => r.AgentPurchasePrice.toFixed(2) },
  ...(staffView ? [{ title: 'Company Price', value: (r: AgentLeadDto) => r.CompanyPurchasePrice.toFixed(2) }] : []),
  { title: 'Score', value: (r) => text(r.Score) },
  { title: 'Status', value: (r) => r.LeadStatus },
  { title: 'Dispute Status', value: (r) => text(r.DisputeStatus) },
  { title: 'Dispute Date', value: (r, zone) => (r.DisputeDateTime ? dayjs(r.DisputeDateTime).tz(zone).format(DATE_TIME_FORMAT) : '') },
  { title: 'Agent', value: (r) => `${r.AgentFirstName} ${r.AgentLastName} (${r.AgentId})` },
  { title: 'Recipient', value: (r) => `${r.RecipientFirstName} ${r.RecipientLastName} (${r.RecipientAgentId})` },
  { title: 'Distribution', value: (r) => r.Distribution },
];

export function leadsCsv(rows: AgentLeadDto[], ianaZone: string, staffView: boolean): string {
  const cols = columns(staffView);
  return csvText(cols.map((c) => c.title), rows.map((r) => cols.map((c) => c.value(r, ianaZone))));
}

export interface LeadsExport {
  url: string;
  fileName: string;
}

/**
 * Every filtered row of the range as CSV in the exports bucket, answered with a short-lived link.
 * `staffView`: the admin export, or an agent in fund preview: campaign, vendor and company price too.
 */
export async function exportAgentLeads(range: LeadRange, filters: LeadFilters, opts: { staffView: boolean; now?: Date }): Promise<LeadsExport> {
  const now = opts.now ?? new Date();
  const zone = await agentZone(range.agentId);
  const { sales, details } = await filteredSales(range, filters, zone.iana);
  const rows = await rowsOf(sales, details, range.agentId, zone.iana);
  const csv = leadsCsv(rows, zone.iana, opts.staffView);
  const fileName = csvFileName(`Leads-${range.agentId}-${range.distribution}`, now, zone.iana);
  const key = `leads/${range.agentId}/${dayjs(now).tz(zone.iana).format('YYYY-MM-DD')}/${randomUUID()}/${fileName}`;
  const bucket = configuredBucket('EXPORTS_BUCKET');
  await putFile({ bucket, key, body: csv, contentType: 'text/csv; charset=utf-8', fileName });
  const url = await presignDownload({ bucket, key, fileName, expiresInSeconds: EXPORT_URL_SECONDS });
  return { url, fileName };
}
