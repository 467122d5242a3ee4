// The ledger reports (part 3 §2, §3, §7): Account Summary and Transaction History, and their CSV
// exports as jobs. Account Summary's figures read no ledger entry: each agent's figures come from its
// DaySummary items (the projector's day-sums view of the ledger), one Query of at most 32 items per agent —
// the range's days newest first plus the last day before it, whose closing balance is the starting
// balance. The agents are a page of the agent directory (its indexes, filters and sorts), read
// side by side with a concurrency cap. Its export reads the range's day sums by day instead (the
// by-day index: only agents with activity), settling quiet agents from their balance item. A range in
// which no agent moved money is an empty report, page and export alike (part 3 §8: 'No results found
// for the selected date period.'): a page with an agent who did needs no other read to know it, a page
// of quiet agents asks each day's ledger index (one Limit 1 Query a shard).
// Transaction History reads the ledger's sort copies (LedgerHistoryKey, the ledger-history view:
// one list per order, reporting day and shard): the total is the time order's lists counted side by
// side, and a page in any order is found by rank through the lists and their closed days' digests
// (ledger-sort-pages.ts). A filter reads its matching entries through the copies of an agent id, name
// or type filter (a key prefix), else the range's entries (at most TRANSACTION_SORT_MAX_ROWS), and
// sorts them in memory.
import { randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import {
  LEDGER_REPORT_MAX_DAYS,
  TOO_MANY_TRANSACTIONS,
  TOO_MANY_TRANSACTIONS_TO_SORT,
  TRANSACTION_LIST_MAX_ROWS,
  TRANSACTION_SORT_MAX_ROWS,
  type AccountSummaryPage,
  type AccountSummaryQuery,
  type AccountSummaryRow,
  type TransactionHistoryPage,
  type TransactionHistoryQuery,
  type TransactionHistoryRow,
} from '#shared/api/reports-ledger.ts';
import type { AgentExportStarted } from '#shared/api/agents.ts';
import { AGENT_TYPE_NAMES } from '#shared/agent-list.ts';
import { LEDGER_TYPES, type LedgerType } from '#shared/ledger-types.ts';
import { AgentExport } from '#entities/agent-export.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Balance } from '#entities/balance.ts';
import { Campaign } from '#entities/campaign.ts';
import { DaySummary } from '#entities/day-summary.ts';
import { LeadSale } from '#entities/lead-sale.ts';
import { Vendor } from '#entities/vendor.ts';
import { LedgerEntry } from '#entities/ledger-entry.ts';
import { ledgerSortKeys, nameSortKey, type HistoryColumn } from '#entities/ledger-history-key.ts';
import { ReportExport, type LedgerReportKind } from '#entities/report-export.ts';
import { bucket } from '#platform/config.ts';
import { ConditionFailed } from '#platform/db.ts';
import { getMany } from '#platform/entity.ts';
import { ValidationFailed } from '#platform/errors.ts';
import { reportDay } from '#platform/report-day.ts';
import { COMPANY_TIME_ZONE } from '#shared/time-zones.ts';
import { CSV_NEWLINE, csvFileName, csvLines } from '#shared/csv.ts';
import { logger } from '#platform/logger.ts';
import { putFile } from '#platform/s3.ts';
import { forEachAgentChunk, listAgents, type DirectoryEntry, type DirectoryViewer } from '#core/directory/agent-directory.ts';
import { dayRange } from '#core/money/transactions-view.ts';
import { daySummariesOfDays, salesOfDays } from './day-summary-index.ts';
import { compareUtf8, countsOf, dayHasEntries, dayOrders, entriesOfDay, entriesOfDays, entriesOfKeys, keysByRank, keysWithPrefix, listsOf } from './ledger-sort-pages.ts';
import { claimExport, EXPORT_CHUNK_ROWS, EXPORT_REQUEST_PREFIX, EXPORT_TTL_SECONDS } from '#core/directory/agent-exports.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface DayRange {
  /** YYYY-MM-DD, reporting days (Central), both included. */
  startDate: string;
  endDate: string;
}

/** Per-agent DaySummary Queries in flight at once (each reads ≤ 32 small items, ~1 RCU): a page of 25 is one wave. */
export const SUMMARY_CONCURRENCY = 25;
/** The export job's: it reads every agent, a chunk of 1,000 at a time. */
export const EXPORT_SUMMARY_CONCURRENCY = 32;
/** Days of the Transaction History export read at once. */
const EXPORT_DAYS_AT_ONCE = 4;

/** Staff see every agent; the report's rows carry no permission-gated columns. */
const STAFF_VIEWER: DirectoryViewer = { scope: { kind: 'all' }, canSeePriority: false, canSeeCreditLine: false };

const dollars = (cents: number) => cents / 100;

/** Runs `work` over `items` with at most `limit` in flight, keeping the order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      out[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Account Summary

/** One agent's figures over a range, in cents: balances and the net (credits − debits) of each ledger type. */
export interface AgentLedgerSummary {
  startingCents: number;
  endingCents: number;
  netByType: Partial<Record<LedgerType, number>>;
  /** Whether the agent has ledger entries in the range (a day sum of it). */
  movedMoney: boolean;
}

/** From the agent's day sums alone: one Query, newest first, of the range's days and the day before them. */
export async function summarizeAgent(agentId: string, range: DayRange): Promise<AgentLedgerSummary> {
  const days = dayCount(range);
  const { items } = await DaySummary.query.before(agentId, range.endDate).page({ newestFirst: true, limit: days + 1 });
  const before = items.find((d) => d.day < range.startDate);
  return summaryOfDays(
    items.filter((d) => d.day >= range.startDate),
    before?.closingBalanceCents ?? 0,
  );
}

/**
 * The figures of an agent's day sums in a range (newest first): the starting balance is the oldest
 * day's opening balance, or `quietBalanceCents` (the balance all through a range without entries).
 */
export function summaryOfDays(inRange: readonly DaySummary[], quietBalanceCents: number): AgentLedgerSummary {
  const oldest = inRange.at(-1);
  const startingCents = oldest ? oldest.openingBalanceCents : quietBalanceCents;
  const endingCents = inRange[0]?.closingBalanceCents ?? startingCents;
  const netByType: Partial<Record<LedgerType, number>> = {};
  for (const day of inRange)
    for (const [key, value] of Object.entries(day)) {
      const match = /^(credit|debit)(\w+)Cents$/.exec(key);
      if (!match || typeof value !== 'number') continue;
      const type = match[2] as LedgerType;
      netByType[type] = (netByType[type] ?? 0) + (match[1] === 'credit' ? value : -value);
    }
  return { startingCents, endingCents, netByType, movedMoney: inRange.length > 0 };
}

/**
 * The figures of a chunk of agents for the export. With the by-day index (`active`: the range's day
 * sums of every agent that moved money in it) an active agent costs nothing more; a quiet one is
 * settled by its balance item when its latest entry (the balance's `updatedAt`, set by every ledger
 * write) is older than the range, the balance then holding all through it; only a quiet agent with
 * entries after the range needs its own Query.
 */
async function summariesOfChunk(agents: readonly DirectoryEntry[], range: DayRange, active: Map<string, DaySummary[]>): Promise<AgentLedgerSummary[]> {
  const quiet = agents.filter((a) => !active.has(a.agentId));
  const balances = await getMany(Object.fromEntries(quiet.map((a) => [a.agentId, Balance.ref({ agentId: a.agentId })])));
  return mapLimited(agents, EXPORT_SUMMARY_CONCURRENCY, async (agent) => {
    const days = active.get(agent.agentId);
    if (days) return summaryOfDays(days, 0);
    const balance = balances[agent.agentId];
    if (balance && reportDay(balance.updatedAt) < range.startDate) return summaryOfDays([], balance.balanceCents);
    return summarizeAgent(agent.agentId, range);
  });
}

export function accountSummaryRow(agent: DirectoryEntry, s: AgentLedgerSummary): AccountSummaryRow {
  const net = (type: LedgerType) => dollars(s.netByType[type] ?? 0);
  return {
    AgentId: agent.agentId,
    FirstName: agent.firstName,
    LastName: agent.lastName,
    Status: agent.status === 1 ? 'Active' : 'Termed',
    StartingBalance: dollars(s.startingCents),
    EndingBalance: dollars(s.endingCents),
    AgentContribution: net('AgentContribution'),
    CompanyMatch: net('CompanyMatch'),
    LeadSpend: net('LeadSpend'),
    PointAndClickLeadSpend: net('PointAndClickTransfer'),
    LeadBonus: net('LeadBonus'),
    LeadCredit: net('LeadCredit'),
    LeadReimbursement: net('LeadReimbursement'),
    CreditCardPayment: net('CreditCardPayment'),
    FundsTransfer: net('FundsTransfer'),
    ProStoreTransfer: net('ProStoreTransfer'),
    ClickToCall: net('ClickToCall'),
    FinalAccountTermination: net('FinalAccountTermination'),
    Other: net('Other'),
    TerminationDate: agent.terminationDate ?? null,
  };
}

/**
 * Whether any agent moved money on a day of the range: one Limit 1 Query of each day's shards of the
 * Transaction History's time order, side by side. A range without any is part 3 §8's empty report.
 */
export async function rangeHasEntries(range: DayRange): Promise<boolean> {
  return (await mapLimited(daysOf(range), LEDGER_REPORT_MAX_DAYS, dayHasEntries)).some(Boolean);
}

/** The answer for a period in which no agent moved money: no rows, so the page says 'No results found for the selected date period.'. */
const EMPTY_SUMMARY: AccountSummaryPage = { Result: [], TotalCount: 0, Pages: 0 };

/**
 * One page of agents (the directory's filters and sort) with their figures over the range; no agents
 * at all for a range without ledger activity (part 3 §8: a report with dates that found nothing).
 */
export async function accountSummaryPage(range: DayRange, q: AccountSummaryQuery): Promise<AccountSummaryPage> {
  const page = await listAgents(STAFF_VIEWER, {
    filters: { agentId: q.filters.AgentId, firstName: q.filters.FirstName, lastName: q.filters.LastName },
    sort: { column: q.sortColumnName, descending: q.sortOrder },
    page: q.page,
    pageSize: q.pageSize,
  });
  const summaries = await mapLimited(page.entries, SUMMARY_CONCURRENCY, (agent) => summarizeAgent(agent.agentId, range));
  // An agent of the page with entries in the range answers whether anyone moved money; only a page of
  // quiet agents (or none) asks every day of the range.
  if (!summaries.some((s) => s.movedMoney) && !(await rangeHasEntries(range))) return EMPTY_SUMMARY;
  const rows = page.entries.map((agent, i) => accountSummaryRow(agent, summaries[i]!));
  return { Result: rows, TotalCount: page.totalCount, Pages: Math.ceil(page.totalCount / q.pageSize) };
}

// ---------------------------------------------------------------------------------------------
// Transaction History

/** The reporting days of a range, oldest first. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let d = dayjs.utc(range.startDate); !d.isAfter(dayjs.utc(range.endDate)); d = d.add(1, 'day')) days.push(d.format('YYYY-MM-DD'));
  return days;
}

function dayCount(range: DayRange): number {
  const n = dayjs.utc(range.endDate).diff(dayjs.utc(range.startDate), 'day') + 1;
  if (n < 1 || n > LEDGER_REPORT_MAX_DAYS) throw new Error(`A ledger report range of ${n} days`);
  return n;
}

/** What a Transaction History row shows of its agent (a profile, or the directory's entry of it). */
type RowAgent = Pick<AgentProfile, 'firstName' | 'lastName' | 'type' | 'status'>;
type ProfileOf = (agentId: string) => RowAgent | undefined;

/** The profiles of the entries' agents, read 100 keys a call side by side. */
async function profilesOf(entries: readonly LedgerEntry[]): Promise<ProfileOf> {
  const ids = [...new Set(entries.map((e) => e.agentId))];
  const found = await getMany(Object.fromEntries(ids.map((agentId) => [agentId, AgentProfile.ref({ agentId })])));
  return (agentId) => found[agentId];
}

/** What a lead purchase's row adds: the lead's vendor and campaign codes and what the company paid. */
export interface LeadFacts {
  vendorCode: string | null;
  campaignCode: string | null;
  companyPriceCents: number;
}

/** A sale is written in the ledger transaction, at most this long before its entry (the entry's time is nudged past the balance's last change). */
const SALE_BEFORE_ENTRY_MS = 10 * 60_000;

/**
 * The lead facts of the LeadSpend entries: each entry's sale (the agent's bought leads, gsi1
 * `AGENT_LEADS#{agentId}`, in the minutes up to the entry, matched by ledgerEntryId), then one
 * BatchGetItem of the campaigns and vendors for their codes.
 */
async function leadFactsOf(entries: readonly LedgerEntry[], salesByEntry?: ReadonlyMap<string, LeadSale>): Promise<(entryId: string) => LeadFacts | undefined> {
  const spends = entries.filter((e) => e.type === 'LeadSpend');
  const sales = new Map<string, LeadSale>();
  // The export passes the range's sales read by day; a page finds its few purchases' sales one by one.
  if (salesByEntry)
    for (const e of spends) {
      const sale = salesByEntry.get(e.entryId);
      if (sale) sales.set(e.entryId, sale);
    }
  else await mapLimited(spends, SUMMARY_CONCURRENCY, async (e) => {
    const from = new Date(Date.parse(e.at) - SALE_BEFORE_ENTRY_MS).toISOString();
    const found = await LeadSale.query.boughtBy(e.agentId).within({ between: [from, `${e.at}#\uffff`] }).all();
    const sale = found.find((s) => s.ledgerEntryId === e.entryId);
    if (sale) sales.set(e.entryId, sale);
  });
  const campaignIds = [...new Set([...sales.values()].map((s) => s.campaignId))];
  const vendorIds = [...new Set([...sales.values()].flatMap((s) => (s.vendorId ? [s.vendorId] : [])))];
  const catalogue = await getMany({
    ...Object.fromEntries(campaignIds.map((campaignId) => [`c:${campaignId}`, Campaign.ref({ campaignId })])),
    ...Object.fromEntries(vendorIds.map((vendorId) => [`v:${vendorId}`, Vendor.ref({ vendorId })])),
  } as Record<string, ReturnType<typeof Campaign.ref> | ReturnType<typeof Vendor.ref>>);
  return (entryId) => {
    const sale = sales.get(entryId);
    if (!sale) return undefined;
    const campaign = catalogue[`c:${sale.campaignId}`] as Campaign | undefined;
    const vendor = sale.vendorId ? (catalogue[`v:${sale.vendorId}`] as Vendor | undefined) : undefined;
    return { campaignCode: campaign?.code ?? null, vendorCode: vendor?.code ?? null, companyPriceCents: sale.companyPurchasePriceCents };
  };
}

/** The rows of entries: their agents' profiles and, for lead purchases, the lead's facts. */
async function rowsOf(entries: readonly LedgerEntry[], salesByEntry?: ReadonlyMap<string, LeadSale>): Promise<TransactionHistoryRow[]> {
  const [profileOf, factsOf] = await Promise.all([profilesOf(entries), leadFactsOf(entries, salesByEntry)]);
  return entries.map((e) => transactionHistoryRow(e, profileOf(e.agentId), factsOf(e.entryId)));
}

export function transactionHistoryRow(e: LedgerEntry, profile: RowAgent | undefined, lead?: LeadFacts): TransactionHistoryRow {
  return {
    AgentId: e.agentId,
    FirstName: profile?.firstName ?? '',
    LastName: profile?.lastName ?? '',
    AgentType: profile ? AGENT_TYPE_NAMES[profile.type] : '',
    AgentStatus: profile?.status === 0 ? 'Termed' : 'Active',
    Timestamp: e.at,
    Type: e.type,
    Credit: dollars(e.creditCents),
    Debit: dollars(e.debitCents),
    Description: e.description,
    VendorCode: lead?.vendorCode ?? null,
    CampaignCode: lead?.campaignCode ?? null,
    CompanyPurchasePrice: lead ? dollars(lead.companyPriceCents) : null,
  };
}

/** The names an entry is sorted and filtered by: its own (copied from the balance item when written), else its agent's. */
type NamesOf = (e: LedgerEntry) => { firstName: string; lastName: string };

/** Names for entries: theirs, and for those written without names their agents' profiles (read 100 keys a call). */
async function namesOf(entries: readonly LedgerEntry[]): Promise<NamesOf> {
  const lacking = entries.filter((e) => e.firstName === undefined || e.lastName === undefined);
  const profileOf = lacking.length ? await profilesOf(lacking) : () => undefined;
  return (e) =>
    e.firstName !== undefined && e.lastName !== undefined
      ? { firstName: e.firstName, lastName: e.lastName }
      : { firstName: profileOf(e.agentId)?.firstName ?? '', lastName: profileOf(e.agentId)?.lastName ?? '' };
}

const startsWith = (value: string, prefix: string | undefined) => prefix === undefined || nameSortKey(value).startsWith(nameSortKey(prefix));

/** What the filters and orders read of an entry: its fields and its agent's names (a description only where a copy is not the entry). */
type Sortable = Pick<LedgerEntry, 'agentId' | 'at' | 'entryId' | 'type' | 'creditCents' | 'debitCents'> & { firstName: string; lastName: string; description?: string };

/** The spec's filters on an entry: prefixes of AgentId, FirstName, LastName; the exact Type; words of Description; all case-insensitive. */
function matchesFilters(filters: TransactionHistoryQuery['filters']): (e: Sortable) => boolean {
  return (e) =>
    startsWith(e.agentId, filters.AgentId) &&
    startsWith(e.firstName, filters.FirstName) &&
    startsWith(e.lastName, filters.LastName) &&
    (filters.Type === undefined || e.type.toLowerCase() === filters.Type.toLowerCase()) &&
    (filters.Description === undefined || (e.description ?? '').toLowerCase().includes(filters.Description.toLowerCase()));
}

/**
 * The report's order: the column's sort key (the key its day index keeps, docs/data-model.md #88g),
 * compared as DynamoDB compares keys; descending is exactly the reverse.
 */
function sortRows<T>(items: readonly T[], column: TransactionHistoryQuery['sortColumnName'], descending: boolean, fields: (item: T) => Sortable): T[] {
  const keyed = items.map((item) => ({ item, k: ledgerSortKeys[column](fields(item)) }));
  keyed.sort((a, b) => compareUtf8(a.k, b.k));
  const sorted = keyed.map((x) => x.item);
  return descending ? sorted.reverse() : sorted;
}

const hasFilters = (filters: TransactionHistoryQuery['filters']) => Object.values(filters).some((v) => v !== undefined);

/** Whether a reporting day can still gain entries (today and yesterday can: a write that began just before midnight may still land). */
function closedDays(now = new Date()): (day: string) => boolean {
  const yesterday = dayjs(now).tz(COMPANY_TIME_ZONE).subtract(1, 'day').format('YYYY-MM-DD');
  return (day) => day < yesterday;
}

/** The order a filter reads through (the most selective given), with the key prefix it names; null: the filter matches nothing. */
function filterIndex(filters: TransactionHistoryQuery['filters']): { column: HistoryColumn; prefix: string } | null | undefined {
  if (filters.AgentId !== undefined) return { column: 'AgentId', prefix: nameSortKey(filters.AgentId) };
  if (filters.LastName !== undefined) return { column: 'LastName', prefix: nameSortKey(filters.LastName) };
  if (filters.FirstName !== undefined) return { column: 'FirstName', prefix: nameSortKey(filters.FirstName) };
  if (filters.Type !== undefined) {
    const type = LEDGER_TYPES.find((t) => t.toLowerCase() === filters.Type!.toLowerCase());
    return type ? { column: 'Type', prefix: `${type}#` } : null;
  }
  return undefined;
}

/** An agent id filter that matches at most this many agents reads their own ledgers instead of the range's lists. */
const OWN_LEDGERS_AT_MOST = 25;

/**
 * The range's entries of the agents whose ids start with `prefix` (the directory's agents, as the
 * filter matches them), one Query of each agent's ledger; undefined when more agents match than
 * OWN_LEDGERS_AT_MOST. An id never changes, so these are the entries the AgentId lists would give.
 */
async function entriesOfAgents(prefix: string, range: DayRange): Promise<LedgerEntry[] | undefined> {
  const { entries, totalCount } = await listAgents(STAFF_VIEWER, { filters: { agentId: prefix }, sort: { column: 'AgentId', descending: false }, page: 1, pageSize: OWN_LEDGERS_AT_MOST });
  if (totalCount > OWN_LEDGERS_AT_MOST) return undefined;
  const { from, to } = dayRange(range.startDate, range.endDate, COMPANY_TIME_ZONE);
  return (await mapLimited(entries, SUMMARY_CONCURRENCY, (agent) => LedgerEntry.query.byTime(agent.agentId, from, to).all())).flat();
}

/**
 * The paged form: 25 rows of the range in the asked order, the page count and the total. Unfiltered,
 * every order pages by rank through its lists and digests (#88g). Filtered by an agent id that
 * matches a few agents, their own ledgers are read. Filtered by agent, name or type otherwise,
 * the copies of that order with the filter's prefix are read; they carry what every filter but
 * Description and every order read, so the matches are sorted from them and only the page's own
 * entries are read. With a Description filter (or copies written before they carried those fields),
 * the matching entries themselves are read and sorted in memory, through the copies or else the whole
 * range. Nothing is refused below TRANSACTION_SORT_MAX_ROWS entries read.
 */
export async function transactionHistoryPage(range: DayRange, q: TransactionHistoryQuery): Promise<TransactionHistoryPage> {
  const days = daysOf(range);
  const offset = (q.page - 1) * q.pageSize;
  const lists = listsOf(days);
  if (!hasFilters(q.filters)) {
    const orders = await dayOrders(q.sortColumnName, lists, await countsOf(lists, closedDays()), closedDays());
    if (orders) {
      const total = orders.reduce((n, o) => n + o.total, 0);
      const want = Math.max(0, Math.min(q.pageSize, total - offset));
      const entries = await entriesOfKeys(await keysByRank(q.sortColumnName, orders, q.sortOrder ? total - offset - want : offset, want));
      return { Histories: await rowsOf(q.sortOrder ? entries.reverse() : entries), Pages: Math.ceil(total / q.pageSize), TotalHistoryCount: total };
    }
  }
  const tooMany = () => new ValidationFailed(TOO_MANY_TRANSACTIONS_TO_SORT(TRANSACTION_SORT_MAX_ROWS, q.sortColumnName));
  const index = filterIndex(q.filters);
  let entries: LedgerEntry[];
  let own: LedgerEntry[] | undefined;
  if (index === null) entries = [];
  else if (index?.column === 'AgentId' && (own = await entriesOfAgents(q.filters.AgentId!, range))) {
    if (own.length > TRANSACTION_SORT_MAX_ROWS) throw tooMany();
    entries = own;
  } else if (index) {
    const copies = await keysWithPrefix(index.column, days, index.prefix);
    if (copies.length > TRANSACTION_SORT_MAX_ROWS) throw tooMany();
    if (q.filters.Description === undefined && copies.every((c) => c.sortable)) {
      const fields = (c: (typeof copies)[number]): Sortable => ({ agentId: c.agentId, at: c.at, entryId: c.entryId, ...c.sortable! });
      const matches = matchesFilters(q.filters);
      const matched = sortRows(copies.filter((c) => matches(fields(c))), q.sortColumnName, q.sortOrder, fields);
      const page = await entriesOfKeys(matched.slice(offset, offset + q.pageSize));
      return { Histories: await rowsOf(page), Pages: Math.ceil(matched.length / q.pageSize), TotalHistoryCount: matched.length };
    }
    entries = await entriesOfKeys(copies);
  } else {
    // The range's size before its entries are read; a filter with an index (above) reads no count.
    if ((await countsOf(lists, closedDays())).reduce((a, b) => a + b, 0) > TRANSACTION_SORT_MAX_ROWS) throw tooMany();
    entries = await entriesOfDays(days);
  }
  // Filtered and sorted on the entries' names; the page's rows then read their agents' type and status and the lead facts.
  const names = await namesOf(entries);
  const fields = (e: LedgerEntry): Sortable => ({ ...e, ...names(e) });
  const matches = matchesFilters(q.filters);
  const rows = sortRows(entries.filter((e) => matches(fields(e))), q.sortColumnName, q.sortOrder, fields);
  return { Histories: await rowsOf(rows.slice(offset, offset + q.pageSize)), Pages: Math.ceil(rows.length / q.pageSize), TotalHistoryCount: rows.length };
}

/** The first form: every row of the range in time order (at most 5,000; more is for the paged form or the export). */
export async function transactionHistoryList(range: DayRange): Promise<{ Result: TransactionHistoryRow[] }> {
  const days = daysOf(range);
  const total = (await countsOf(listsOf(days), closedDays())).reduce((a, b) => a + b, 0);
  if (total > TRANSACTION_LIST_MAX_ROWS) throw new ValidationFailed(TOO_MANY_TRANSACTIONS(TRANSACTION_LIST_MAX_ROWS));
  return { Result: await rowsOf(await entriesOfDays(days)) };
}

// ---------------------------------------------------------------------------------------------
// Exports: the agentExport job writes them (functions/jobs/agent-export.ts). The status, progress
// and file live in an AgentExport record of the same id, so GET exports/{exportId} serves them as
// it serves the agents export; the ReportExport item beside it says what to write.

const FILE_SUBJECTS: Record<LedgerReportKind, string> = { accountSummary: 'AccountSummary', transactionHistory: 'TransactionHistory' };

/** Part 3 §9: the subject and the day (MM-DD-YYYY, the company's zone) of the export. */
export function ledgerReportFileName(report: LedgerReportKind, at: Date): string {
  return csvFileName(FILE_SUBJECTS[report], at);
}

/** Records the export (Pending) and drops its trigger object where the export job listens. */
export async function requestLedgerReportExport(report: LedgerReportKind, range: DayRange, userId: string, now = new Date()): Promise<AgentExportStarted> {
  dayCount(range);
  const exportId = randomUUID();
  const ttl = Math.floor(now.getTime() / 1000) + EXPORT_TTL_SECONDS;
  await ReportExport.create({ exportId, report, startDate: range.startDate, endDate: range.endDate, ttl });
  await AgentExport.create({
    exportId,
    userId,
    // The agents export's fields, unused by a report export: the job reads the ReportExport item instead.
    scope: { kind: 'all' },
    canSeePriority: false,
    canSeeCreditLine: false,
    reduced: false,
    ianaZone: COMPANY_TIME_ZONE,
    filters: {},
    sort: { column: 'LastName', descending: false },
    fileName: ledgerReportFileName(report, now),
    status: 'Pending',
    createdAt: now.toISOString(),
    rowsDone: 0,
    ttl,
  });
  try {
    await putFile({ bucket: bucket('UPLOADS_BUCKET'), key: `${EXPORT_REQUEST_PREFIX}${exportId}.json`, body: JSON.stringify({ exportId }), contentType: 'application/json', fileName: `${exportId}.json` });
  } catch (err) {
    await AgentExport.patch({ exportId }, { set: { status: 'Failed', finishedAt: new Date().toISOString() } });
    throw err;
  }
  return { ExportId: exportId, Status: 'Pending' };
}

export type LedgerReportExportResult =
  | { outcome: 'exported'; exportId: string; report: LedgerReportKind; status: 'Succeeded' | 'Failed'; rows: number }
  | { outcome: 'duplicate'; exportId: string }
  | { outcome: 'ignored'; reason: string };

/** Whether an export id names a ledger report export (the job asks before running an agents export). */
export async function isLedgerReportExport(exportId: string): Promise<boolean> {
  return (await ReportExport.get({ exportId }, { consistent: true })) !== undefined;
}

const money = (value: number) => value.toFixed(2);

const SUMMARY_COLUMNS = [
  'AgentId', 'FirstName', 'LastName', 'Status', 'StartingBalance', 'EndingBalance', 'AgentContribution', 'CompanyMatch', 'LeadSpend', 'PointAndClickLeadSpend',
  'LeadBonus', 'LeadCredit', 'LeadReimbursement', 'CreditCardPayment', 'FundsTransfer', 'ProStoreTransfer', 'ClickToCall', 'FinalAccountTermination', 'Other', 'TerminationDate',
] as const satisfies readonly (keyof AccountSummaryRow)[];

const HISTORY_COLUMNS = [
  'AgentId', 'FirstName', 'LastName', 'AgentType', 'AgentStatus', 'Timestamp', 'Type', 'Credit', 'Debit', 'Description', 'VendorCode', 'CampaignCode', 'CompanyPurchasePrice',
] as const satisfies readonly (keyof TransactionHistoryRow)[];

/** Part 3 §9: report dates are MM/DD/YYYY (times in the reporting zone). */
const reportTime = (iso: string) => dayjs(iso).tz(COMPANY_TIME_ZONE).format('MM/DD/YYYY h:mm:ss A');

function csvCells<R extends Record<string, unknown>>(columns: readonly (keyof R & string)[], row: R): string[] {
  return columns.map((c) => {
    const v = row[c];
    if (v === null || v === undefined) return '';
    // Every number of both reports is money.
    if (typeof v === 'number') return money(v);
    if (c === 'Timestamp') return reportTime(String(v));
    if (c === 'TerminationDate') return dayjs(String(v)).isValid() ? dayjs(String(v)).format('MM/DD/YYYY') : String(v);
    return String(v);
  });
}

/** The job's work for one report export: claim, write the CSV chunk by chunk with progress, finish. */
export async function runLedgerReportExport(exportId: string, now: () => Date = () => new Date()): Promise<LedgerReportExportResult> {
  const [request, record] = await Promise.all([ReportExport.get({ exportId }, { consistent: true }), AgentExport.get({ exportId }, { consistent: true })]);
  if (!request || !record) return { outcome: 'ignored', reason: 'no report export of that id' };
  const claimToken = randomUUID();
  if (!(await claimExport(record, claimToken, now()))) return { outcome: 'duplicate', exportId };
  const mine = { condition: { expression: '#token = :token', names: { '#token': 'claimToken' }, values: { ':token': claimToken } } };
  const range = { startDate: request.startDate, endDate: request.endDate };
  const progress = async (rowsDone: number, rows: number) => {
    try {
      await AgentExport.patch({ exportId }, { set: { rowsDone, rows } }, mine);
    } catch (err) {
      logger.warn('Export progress not recorded', { exportId, rowsDone, error: err instanceof Error ? err.message : String(err) });
    }
  };
  try {
    const parts: string[] = [];
    let rows = 0;
    if (request.report === 'accountSummary') {
      let done = 0;
      parts.push(csvLines([[...SUMMARY_COLUMNS]]));
      // A period without ledger activity is an empty report (part 3 §8), as the page shows it: the header only.
      // The range's day sums already say so (one is written with every entry); without the by-day index, ask the ledger.
      const active = await daySummariesOfDays(daysOf(range));
      const empty = active.size === 0;
      // The chunks' current balances are not read: the figures are the day sums' (summariesOfChunk reads the quiet agents' balance items itself).
      if (empty) await progress(0, 0);
      else
        rows = await forEachAgentChunk(STAFF_VIEWER, { filters: {}, sort: { column: 'LastName', descending: false } }, EXPORT_CHUNK_ROWS, async (agents, total) => {
          const summaries = await summariesOfChunk(agents, range, active);
          parts.push(csvLines(agents.map((agent, i) => csvCells(SUMMARY_COLUMNS, accountSummaryRow(agent, summaries[i]!)))));
          done += agents.length;
          await progress(done, total);
        });
    } else {
      parts.push(csvLines([[...HISTORY_COLUMNS]]));
      const days = daysOf(range);
      const total = (await countsOf(listsOf(days), closedDays())).reduce((a, b) => a + b, 0);
      await progress(0, total);
      // A sale is written just before its ledger entry, so the day before the range may hold one of its first entries' sales.
      const sales = await salesOfDays([dayjs.utc(range.startDate).subtract(1, 'day').format('YYYY-MM-DD'), ...days]);
      // Days side by side (each a few chunks, written in day order at the end): the lead facts cost a
      // Query per lead purchase, so one day after another would leave DynamoDB mostly idle.
      const ofDays = await mapLimited(days, EXPORT_DAYS_AT_ONCE, async (day) => {
        const dayParts: string[] = [];
        const writeChunk = async (chunk: LedgerEntry[]) => {
          dayParts.push(csvLines((await rowsOf(chunk, sales)).map((row) => csvCells(HISTORY_COLUMNS, row))));
          rows += chunk.length;
          await progress(rows, Math.max(total, rows));
        };
        let chunk: LedgerEntry[] = [];
        for await (const entry of entriesOfDay(day)) {
          chunk.push(entry);
          if (chunk.length === EXPORT_CHUNK_ROWS) [chunk] = [[], await writeChunk(chunk)];
        }
        if (chunk.length) await writeChunk(chunk);
        return dayParts;
      });
      parts.push(...ofDays.flat());
    }
    const fileKey = `reports/${record.userId}/${exportId}/${record.fileName}`;
    await putFile({ bucket: bucket('EXPORTS_BUCKET'), key: fileKey, body: parts.filter(Boolean).join(CSV_NEWLINE), contentType: 'text/csv; charset=utf-8', fileName: record.fileName });
    await AgentExport.patch({ exportId }, { set: { status: 'Succeeded', rows, rowsDone: rows, fileKey, finishedAt: now().toISOString() }, remove: ['claimedUntil'] }, mine);
    return { outcome: 'exported', exportId, report: request.report, status: 'Succeeded', rows };
  } catch (err) {
    logger.error('Report export failed', { exportId, error: err instanceof Error ? err.message : String(err) });
    try {
      await AgentExport.patch({ exportId }, { set: { status: 'Failed', finishedAt: now().toISOString() }, remove: ['claimedUntil'] }, mine);
    } catch (finishing) {
      if (finishing instanceof ConditionFailed) return { outcome: 'duplicate', exportId };
      throw finishing;
    }
    return { outcome: 'exported', exportId, report: request.report, status: 'Failed', rows: 0 };
  }
}

