// Campaign Performance, Campaign Summary Performance and Fund Performance (part 3 §2, §3, §7): read from
// the PerformanceDay aggregates the projector's performance view ADDs to (8 shard partitions per
// reporting day, one item per fund, campaign and vendor in each), each day's summed cells held in memory
// until the day's version moves (performance-cells.ts), so a 31-day report reads 31 small versions, never the leads.
// Names come from the fund, campaign and vendor items of the ids found.
import { Campaign } from '#entities/campaign.ts';
import { Fund } from '#entities/fund.ts';
import { Vendor } from '#entities/vendor.ts';
import { getMany, type Ref } from '#platform/entity.ts';
import type { CampaignPerformanceRowDto, CampaignSummaryRowDto, FundPerformanceRowDto } from '#shared/api/reports-performance.ts';
import { csvText } from '#shared/csv.ts';
import { writeReportCsv, type ReportFile } from './performance-export.ts';
import { heldIdsOf, performanceCellsOfDays } from './performance-cells.ts';

/** The engine's placeholder id of a sale without a fund (campaign orders) or without a vendor. */
const NONE = '-';

export interface DayRange {
  /** YYYY-MM-DD, both included, on the reporting calendar. */
  startDate: string;
  endDate: string;
}

/** Every calendar day of the range, oldest first. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${range.startDate}T00:00:00Z`); t <= Date.parse(`${range.endDate}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** The sums of a group of day items. */
export interface PerformanceSums {
  fundId: string;
  campaignId: string;
  vendorId: string;
  leadsPurchased: number;
  leadsCredited: number;
  totalLeads: number;
  scoreSum: number;
  agentPriceSumCents: number;
  companyPriceSumCents: number;
}

/** The range's day items summed per fund, campaign and vendor. */
export async function performanceSums(range: DayRange): Promise<PerformanceSums[]> {
  const days = await performanceCellsOfDays(daysOf(range));
  const groups = new Map<string, PerformanceSums>();
  for (const item of days.flat()) {
    const key = `${item.fundId}#${item.campaignId}#${item.vendorId}`;
    const sums = groups.get(key) ?? { fundId: item.fundId, campaignId: item.campaignId, vendorId: item.vendorId, leadsPurchased: 0, leadsCredited: 0, totalLeads: 0, scoreSum: 0, agentPriceSumCents: 0, companyPriceSumCents: 0 };
    sums.leadsPurchased += item.leadsPurchased;
    sums.leadsCredited += item.leadsCredited;
    sums.totalLeads += item.totalLeads;
    sums.scoreSum += item.scoreSum;
    sums.agentPriceSumCents += item.agentPriceSumCents;
    sums.companyPriceSumCents += item.companyPriceSumCents;
    groups.set(key, sums);
  }
  return [...groups.values()];
}

interface Names {
  fund: (id: string) => string;
  campaign: (id: string) => string;
  vendor: (id: string) => string;
}

type NameParts = { funds?: boolean; campaigns?: boolean };
type NameRefs = Record<string, Ref<{ name: string }>>;

/** The items to read the names of these ids from: funds, or campaigns and vendors, or all three. */
function nameRefs(ids: { funds: Iterable<string>; campaigns: Iterable<string>; vendors: Iterable<string> }, parts: NameParts): NameRefs {
  const refs: NameRefs = {};
  if (parts.funds) for (const id of ids.funds) if (id !== NONE) refs[`f:${id}`] = Fund.ref({ fundId: id });
  if (parts.campaigns) {
    for (const id of ids.campaigns) refs[`c:${id}`] = Campaign.ref({ campaignId: id });
    for (const id of ids.vendors) if (id !== NONE) refs[`v:${id}`] = Vendor.ref({ vendorId: id });
  }
  return refs;
}

const readNames = async (refs: NameRefs): Promise<Record<string, { name: string } | undefined>> => (Object.keys(refs).length ? await getMany(refs) : {});

/**
 * The range's sums and the names of the ids found, from their items (one BatchGetItem per 100 ids).
 * The ids of the days this Lambda holds are named side by side with the sums' reads; the others after.
 */
async function sumsAndNames(range: DayRange, parts: NameParts): Promise<{ sums: PerformanceSums[]; names: Names }> {
  const early = nameRefs(heldIdsOf(daysOf(range)), parts);
  const [sums, earlyFound] = await Promise.all([performanceSums(range), readNames(early)]);
  const wanted = nameRefs({ funds: sums.map((s) => s.fundId), campaigns: sums.map((s) => s.campaignId), vendors: sums.map((s) => s.vendorId) }, parts);
  const found = { ...earlyFound, ...(await readNames(Object.fromEntries(Object.entries(wanted).filter(([k]) => !(k in early))))) };
  const name = (prefix: string) => (id: string) => (id === NONE ? '' : (found[`${prefix}:${id}`]?.name ?? id));
  return { sums, names: { fund: name('f'), campaign: name('c'), vendor: name('v') } };
}

const dollars = (cents: number) => Math.round(cents) / 100;
/** An average price in dollars, rounded to the cent; 0 without leads. */
const averageDollars = (sumCents: number, count: number) => (count > 0 ? Math.round(sumCents / count) / 100 : 0);
const averageScore = (scoreSum: number, count: number) => (count > 0 ? Math.round((scoreSum / count) * 100) / 100 : 0);
const byText = (...keys: string[]) => keys.join('\u0000').toLowerCase();

/** Campaign Performance: one row per fund, vendor and campaign, by fund, campaign and vendor name. */
export async function campaignPerformance(range: DayRange): Promise<CampaignPerformanceRowDto[]> {
  const { sums, names } = await sumsAndNames(range, { funds: true, campaigns: true });
  return sums
    .map((s) => ({
      Fund: names.fund(s.fundId),
      Vendor: names.vendor(s.vendorId),
      Campaign: names.campaign(s.campaignId),
      AgentPrice: averageDollars(s.agentPriceSumCents, s.leadsPurchased),
      CompanyPrice: averageDollars(s.companyPriceSumCents, s.leadsPurchased),
      LeadsPurchased: s.leadsPurchased,
      LeadsCredited: s.leadsCredited,
      TotalLeads: s.totalLeads,
      AverageScore: averageScore(s.scoreSum, s.leadsPurchased),
      TotalLeadCost: dollars(s.companyPriceSumCents),
    }))
    .sort((a, b) => byText(a.Fund, a.Campaign, a.Vendor).localeCompare(byText(b.Fund, b.Campaign, b.Vendor)));
}

/** Campaign Summary Performance: the same figures summed over funds, one row per campaign and vendor. */
export async function campaignSummaryPerformance(range: DayRange): Promise<CampaignSummaryRowDto[]> {
  const { sums: perFund, names } = await sumsAndNames(range, { campaigns: true });
  const groups = new Map<string, PerformanceSums>();
  for (const s of perFund) {
    const key = `${s.campaignId}#${s.vendorId}`;
    const g = groups.get(key);
    if (!g) groups.set(key, { ...s, fundId: NONE });
    else {
      g.leadsPurchased += s.leadsPurchased;
      g.leadsCredited += s.leadsCredited;
      g.totalLeads += s.totalLeads;
      g.scoreSum += s.scoreSum;
      g.agentPriceSumCents += s.agentPriceSumCents;
      g.companyPriceSumCents += s.companyPriceSumCents;
    }
  }
  const sums = [...groups.values()];
  return sums
    .map((s) => ({
      Vendor: names.vendor(s.vendorId),
      Campaign: names.campaign(s.campaignId),
      AverageAgentPrice: averageDollars(s.agentPriceSumCents, s.leadsPurchased),
      AverageCompanyPrice: averageDollars(s.companyPriceSumCents, s.leadsPurchased),
      TotalLeadsPurchased: s.leadsPurchased,
      TotalLeadsCredited: s.leadsCredited,
      TotalLeads: s.totalLeads,
      AverageScore: averageScore(s.scoreSum, s.leadsPurchased),
      TotalLeadCost: dollars(s.companyPriceSumCents),
    }))
    .sort((a, b) => byText(a.Campaign, a.Vendor).localeCompare(byText(b.Campaign, b.Vendor)));
}

/**
 * Fund Performance: one row per fund, by name. Sales of campaign orders carry no fund and are not
 * part of it. The margin is what agents paid above the company's price, as a percent of what agents paid.
 */
export async function fundPerformance(range: DayRange): Promise<FundPerformanceRowDto[]> {
  const groups = new Map<string, { leads: number; agentCents: number; companyCents: number }>();
  const { sums, names } = await sumsAndNames(range, { funds: true });
  for (const s of sums) {
    if (s.fundId === NONE) continue;
    const g = groups.get(s.fundId) ?? { leads: 0, agentCents: 0, companyCents: 0 };
    g.leads += s.leadsPurchased;
    g.agentCents += s.agentPriceSumCents;
    g.companyCents += s.companyPriceSumCents;
    groups.set(s.fundId, g);
  }
  return [...groups.entries()]
    .map(([fundId, g]) => ({
      Fund: names.fund(fundId),
      LeadsPurchased: g.leads,
      TotalAgentPrice: dollars(g.agentCents),
      AverageAgentPrice: averageDollars(g.agentCents, g.leads),
      TotalCompanyPrice: dollars(g.companyCents),
      AverageCompanyPrice: averageDollars(g.companyCents, g.leads),
      MarginDifference: g.agentCents > 0 ? Math.round(((g.agentCents - g.companyCents) / g.agentCents) * 10_000) / 100 : 0,
    }))
    .sort((a, b) => byText(a.Fund).localeCompare(byText(b.Fund)));
}

const FUND_CSV_COLUMNS = ['Fund', 'Leads Purchased', 'Total Agent Price', 'Average Agent Price', 'Total Company Price', 'Average Company Price', 'Margin Difference (%)'] as const;

/** The day before a YYYY-MM-DD day. */
export const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * Fund Performance as CSV. The export's path names the day after the last day shown (part 3 §7), so
 * its end is exclusive: the file holds exactly the rows the page showed.
 */
export async function exportFundPerformance(path: { startDate: string; endDate: string }, now = new Date()): Promise<ReportFile> {
  const rows = await fundPerformance({ startDate: path.startDate, endDate: dayBefore(path.endDate) });
  const money = (n: number) => n.toFixed(2);
  const csv = csvText(
    FUND_CSV_COLUMNS,
    rows.map((r) => [r.Fund, r.LeadsPurchased, money(r.TotalAgentPrice), money(r.AverageAgentPrice), money(r.TotalCompanyPrice), money(r.AverageCompanyPrice), r.MarginDifference.toFixed(2)]),
  );
  return writeReportCsv('FundPerformance', csv, now);
}
