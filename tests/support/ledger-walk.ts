// Walks an agent's stored ledger the way every view reads it, in time order, and lists where it does
// not add up: each row's running balance must be the row before it plus the row's amount, the last
// one the balance item's; each day sum (Account Summary's figures) must open with the balance before
// the day's first row and close with its last; and My Account, Account Summary and Transaction
// History over a range must each give starting balance + rows = ending balance. An empty list is a
// ledger that adds up.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { getBalance } from '#core/money/ledger.ts';
import { summarizeAgent, transactionHistoryPage, type DayRange } from '#core/reports/ledger-reports.ts';
import { transactionsPage } from '#core/money/transactions-view.ts';
import { transactionHistoryQuerySchema } from '#shared/api/reports-ledger.ts';
import { DaySummary } from '#entities/day-summary.ts';
import { LedgerEntry } from '#entities/ledger-entry.ts';
import { reportDay } from '#platform/report-day.ts';
import { COMPANY_TIME_ZONE } from '#shared/time-zones.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const money = (cents: number) => (cents / 100).toFixed(2);
const amountOf = (e: LedgerEntry) => e.creditCents - e.debitCents;

/** What is wrong with the agent's rows, its day sums and its balance item (nothing: an empty list). */
export async function ledgerProblems(agentId: string): Promise<string[]> {
  const [balance, entries, sums] = await Promise.all([
    getBalance(agentId),
    LedgerEntry.query.ofAgent(agentId).all({ consistent: true }),
    DaySummary.query.between(agentId, '0000-00-00', '9999-99-99').all({ consistent: true }),
  ]);
  const problems: string[] = [];
  const expectedDays = new Map<string, { opening: number; closing: number; count: number; sums: Record<string, number> }>();
  let previous = { at: '', balance: 0 };
  for (const e of entries) {
    if (e.at <= previous.at) problems.push(`${agentId}: the row at ${e.at} does not come after the row before it (${previous.at})`);
    if (e.balanceAfterCents !== previous.balance + amountOf(e))
      problems.push(`${agentId}: the row at ${e.at} (${e.type} ${money(amountOf(e))}) shows ${money(e.balanceAfterCents)} after ${money(previous.balance)}`);
    const day = reportDay(e.at);
    const sum = expectedDays.get(day) ?? { opening: previous.balance, closing: 0, count: 0, sums: {} };
    sum.closing = e.balanceAfterCents;
    sum.count += 1;
    if (e.creditCents) sum.sums[`credit${e.type}Cents`] = (sum.sums[`credit${e.type}Cents`] ?? 0) + e.creditCents;
    if (e.debitCents) sum.sums[`debit${e.type}Cents`] = (sum.sums[`debit${e.type}Cents`] ?? 0) + e.debitCents;
    expectedDays.set(day, sum);
    previous = { at: e.at, balance: e.balanceAfterCents };
  }
  const total = entries.reduce((s, e) => s + amountOf(e), 0);
  if ((balance?.balanceCents ?? 0) !== total) problems.push(`${agentId}: the balance is ${money(balance?.balanceCents ?? 0)}, its rows add up to ${money(total)}`);
  if (previous.balance !== total) problems.push(`${agentId}: the last row shows ${money(previous.balance)}, the rows add up to ${money(total)}`);
  for (const stored of sums) {
    const want = expectedDays.get(stored.day);
    if (!want) {
      problems.push(`${agentId}: a day sum for ${stored.day}, a day without rows`);
      continue;
    }
    const got: Record<string, number> = {};
    for (const [k, v] of Object.entries(stored)) if (/^(credit|debit)\w+Cents$/.test(k) && typeof v === 'number' && v !== 0) got[k] = v;
    if (stored.openingBalanceCents !== want.opening || stored.closingBalanceCents !== want.closing || stored.entryCount !== want.count || JSON.stringify(sorted(got)) !== JSON.stringify(sorted(want.sums)))
      problems.push(
        `${agentId}: the day sum of ${stored.day} opens ${money(stored.openingBalanceCents)} and closes ${money(stored.closingBalanceCents)} over ${stored.entryCount} rows; its rows open ${money(want.opening)} and close ${money(want.closing)} over ${want.count}`,
      );
  }
  for (const day of expectedDays.keys()) if (!sums.some((s) => s.day === day)) problems.push(`${agentId}: no day sum for ${day}, a day with rows`);
  return problems;
}

const sorted = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

/** The balance just before `instant`, from the rows. */
const balanceBefore = (entries: readonly LedgerEntry[], instant: string): number => entries.filter((e) => e.at < instant).reduce((s, e) => s + amountOf(e), 0);

/**
 * What is wrong with the three views of the agent's money over a range of reporting days (at most 31):
 * Account Summary (the day sums), Transaction History (the staff report's rows of the agent) and My
 * Account (the same days in the account's zone). Each must start at the balance before the range,
 * add its rows and end at the balance after it.
 */
export async function reportProblems(agentId: string, range: DayRange, history?: HistoryNets): Promise<string[]> {
  const problems: string[] = [];
  const from = dayjs.tz(range.startDate, COMPANY_TIME_ZONE).toISOString();
  const to = dayjs.tz(dayjs.utc(range.endDate).add(1, 'day').format('YYYY-MM-DD'), COMPANY_TIME_ZONE).toISOString();
  const rows = await LedgerEntry.query.ofAgent(agentId).all({ consistent: true });
  const [starting, ending] = [balanceBefore(rows, from), balanceBefore(rows, to)];
  const label = `${agentId} ${range.startDate}..${range.endDate}`;

  const summary = await summarizeAgent(agentId, range);
  const columns = Object.values(summary.netByType).reduce((s, v) => s + (v ?? 0), 0);
  if (summary.startingCents !== starting || summary.endingCents !== ending)
    problems.push(`${label}: Account Summary starts ${money(summary.startingCents)} and ends ${money(summary.endingCents)}; the ledger ${money(starting)} and ${money(ending)}`);
  if (summary.startingCents + columns !== summary.endingCents)
    problems.push(`${label}: Account Summary's ${money(summary.startingCents)} + columns ${money(columns)} is not its ending ${money(summary.endingCents)}`);

  const rowsNet = history ? (history.get(agentId) ?? 0) : (await historyNets(range, agentId)).get(agentId) ?? 0;
  if (starting + rowsNet !== ending) problems.push(`${label}: Transaction History's rows add ${money(rowsNet)} to ${money(starting)}, the ledger ends at ${money(ending)}`);

  const mine = await transactionsPage({ agentId, startDate: range.startDate, endDate: range.endDate });
  let entries = mine.entries;
  for (let cursor = mine.nextCursor; cursor; ) {
    const next = await transactionsPage({ agentId, startDate: range.startDate, endDate: range.endDate }, { cursor });
    entries = [...entries, ...next.entries];
    cursor = next.nextCursor;
  }
  let running = mine.startingCents;
  for (const e of entries) {
    running += amountOf(e);
    if (e.balanceAfterCents !== running) problems.push(`${label}: My Account's row at ${e.at} shows ${money(e.balanceAfterCents)}, its starting balance and rows give ${money(running)}`);
  }
  if (running !== mine.endingCents) problems.push(`${label}: My Account starts ${money(mine.startingCents)}, adds rows to ${money(running)}, ends ${money(mine.endingCents)}`);
  return problems;
}

/** Each agent's Transaction History rows over a range, added up (credits less debits, in cents). */
export type HistoryNets = ReadonlyMap<string, number>;

/**
 * The Transaction History's pages of a range, 100 rows each, added up by agent: filtered to one agent
 * (AgentId), or every agent's rows when none is given. A walk over many agents reads the whole report
 * once instead of once per agent (each filtered read queries every day's lists of the range).
 */
export async function historyNets(range: DayRange, agentId?: string): Promise<HistoryNets> {
  const nets = new Map<string, number>();
  for (let page = 1; ; page++) {
    const query = transactionHistoryQuerySchema.parse({ page, pageSize: 100, sortColumnName: 'Timestamp', filters: agentId ? { AgentId: agentId } : {} });
    const history = await transactionHistoryPage(range, query);
    for (const row of history.Histories)
      if (!agentId || row.AgentId === agentId) nets.set(row.AgentId, (nets.get(row.AgentId) ?? 0) + Math.round(row.Credit * 100) - Math.round(row.Debit * 100));
    if (page >= history.Pages) break;
  }
  return nets;
}

/** The `n` ranges of 31 reporting days that end today, newest first. */
export function recentRanges(n: number, now = new Date()): DayRange[] {
  const today = dayjs(now).tz(COMPANY_TIME_ZONE).format('YYYY-MM-DD');
  return Array.from({ length: n }, (_, i) => {
    const end = dayjs.utc(today).subtract(31 * i, 'day');
    return { startDate: end.subtract(30, 'day').format('YYYY-MM-DD'), endDate: end.format('YYYY-MM-DD') };
  });
}
