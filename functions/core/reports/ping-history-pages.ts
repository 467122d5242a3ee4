// Ping History's pages found by counting (docs/data-model.md #93b). The rows of a page are the
// concatenation of groups in the page's order: in time order, the pair's partition (one group); by
// state, bid or error messages, one group per value (that value's index partition, gsi1..3), in the
// column's order, each in time order, as the in-memory sort orders ties. Each group's size per day
// comes from the pair's day items (PingCount, one Query of ≤ 31) the projector keeps, so TotalCount
// and a page's start are sums of counts: the page skips whole groups and days by them, counts its way only
// inside the day where it starts (a counted Limit), then reads its rows with one Query (more when it
// spans groups). Days whose pings may already be expiring (ttl), and filters or sorts without
// groups (CallerId, ZipCode, an error text, several states in time order), are not answered here:
// the caller reads the range instead.
import { Ping, PING_RETENTION_DAYS } from '#entities/ping.ts';
import { readPingDayCounts, type PingCountColumn } from '#entities/ping-count.ts';
import type { EntityQuery } from '#platform/entity.ts';
import { logger } from '#platform/logger.ts';
import type { PingHistoryQuery, PingSortColumn } from '#shared/api/reports-ping.ts';

const DAY_MS = 86_400_000;

/** One day of the report's range in the reporting zone: [from, to) as UTC ISO times. */
export interface RangeDay {
  day: string;
  from: string;
  to: string;
}

/** What a counted page needs of the request. */
export interface CountedPageInput {
  campaignCode: string;
  vendorCode: string;
  days: readonly RangeDay[];
  query: PingHistoryQuery;
  now: Date;
}

/**
 * The order of two values of a column as the report sorts them (before the sort direction): bids as
 * numbers with no bid lowest, everything else as text by localeCompare.
 */
export function compareColumnValues(column: PingSortColumn, x: string | number | null, y: string | number | null): number {
  if (column === 'BidAmount') return (typeof x === 'number' ? x : -1) - (typeof y === 'number' ? y : -1);
  return String(x).localeCompare(String(y));
}

interface Group {
  /** The group's pings in [from, to). */
  slice: (from: string, to: string) => EntityQuery<Ping>;
  /** Count of each day of the range, in time order. */
  perDay: number[];
  total: number;
  newestFirst: boolean;
  consistent: boolean;
}

type Label = string | number | null;

/** Sort columns answered by groups, and the counter column and index of their groups. */
const GROUPED: Partial<Record<PingSortColumn, PingCountColumn>> = { StateCode: 'STATE', BidAmount: 'BID', ErrorMessages: 'ERR' };

function groupQuery(i: CountedPageInput, column: Column, group: string): Group['slice'] {
  const { campaignCode: c, vendorCode: v } = i;
  switch (column) {
    case 'ALL':
      return (from, to) => Ping.query.ofCampaignVendor(c, v, from, to);
    case 'STATE':
      return (from, to) => Ping.query.ofPairState(c, v, group, from, to);
    case 'BID':
      return (from, to) => Ping.query.ofPairBid(c, v, group, from, to);
    case 'ERR':
      return (from, to) => Ping.query.ofPairErrors(c, v, group, from, to);
  }
}

type Column = PingCountColumn | 'ALL';

/** The counters of one column over the range (one Query of ≤ 31 day items): per group, its label and per-day counts. */
async function readCounts(i: CountedPageInput, column: Column): Promise<Map<string, { label: Label; perDay: number[] }>> {
  const index = new Map(i.days.map((d, n) => [d.day, n]));
  const days = await readPingDayCounts(i.campaignCode, i.vendorCode, i.days[0]!.day, i.days.at(-1)!.day);
  const groups = new Map<string, { label: Label; perDay: number[] }>();
  const add = (group: string, label: Label, n: number, count: number) => {
    if (count <= 0) return;
    const g = groups.get(group) ?? { label, perDay: new Array<number>(i.days.length).fill(0) };
    g.perDay[n] = count;
    groups.set(group, g);
  };
  for (const d of days) {
    const n = index.get(d.day);
    if (n === undefined) continue;
    if (column === 'ALL') add('', null, n, d.count);
    else for (const [group, c] of d.groups[column]) add(group, c.label, n, c.count);
  }
  return groups;
}

/** The groups of a page in its order, or undefined when this request is not one counters answer. */
async function groupsOf(i: CountedPageInput): Promise<Group[] | undefined> {
  const q = i.query;
  if (q.CallerId || q.ZipCode || q.ErrorMessages) return undefined;
  const desc = q.sortOrder === 'desc' || q.sortOrder === 'true';
  const column: Column | undefined = q.StateCode ? 'STATE' : q.sortColumnName === 'Timestamp' ? 'ALL' : GROUPED[q.sortColumnName];
  if (!column) return undefined;
  // A state filter is answered in time order (one state) or by state; with another sort it reads the range.
  if (q.StateCode && q.sortColumnName !== 'Timestamp' && q.sortColumnName !== 'StateCode') return undefined;
  const counts = await readCounts(i, column);
  let chosen = [...counts].map(([group, c]) => ({ group, ...c }));
  if (q.StateCode) chosen = chosen.filter((c) => c.group.startsWith(q.StateCode!));
  const toGroup = (c: (typeof chosen)[number], newestFirst: boolean): Group => ({
    slice: groupQuery(i, column, c.group),
    perDay: c.perDay,
    total: c.perDay.reduce((s, n) => s + n, 0),
    newestFirst,
    consistent: column === 'ALL',
  });
  if (q.sortColumnName === 'Timestamp') {
    // Several states in time order interleave: no single index holds them in that order.
    if (chosen.length > 1) return undefined;
    return chosen.map((c) => toGroup(c, desc));
  }
  const sign = desc ? -1 : 1;
  const sortColumn = q.sortColumnName;
  chosen.sort((a, b) => sign * compareColumnValues(sortColumn, a.label, b.label));
  // Two values the sort holds equal would interleave by time: not groups one after another.
  for (let n = 1; n < chosen.length; n++) if (compareColumnValues(sortColumn, chosen[n - 1]!.label, chosen[n]!.label) === 0) return undefined;
  return chosen.map((c) => toGroup(c, false));
}

/**
 * The page as counters find it, or undefined when the caller must read the range: a filter or sort
 * no group answers, a range reaching days whose pings may be expiring, or counters that disagree
 * with the pings (logged; the read answers the facts).
 */
export async function countedPingPage(i: CountedPageInput): Promise<{ pings: Ping[]; total: number } | undefined> {
  if (i.days.length === 0) return undefined;
  // A ping expires 90 days after it was made: every day read must be younger than that.
  if (Date.parse(i.days[0]!.from) + PING_RETENTION_DAYS * DAY_MS <= i.now.getTime()) return undefined;
  const groups = await groupsOf(i);
  if (!groups) return undefined;
  const total = groups.reduce((s, g) => s + g.total, 0);
  const { page, pageSize } = i.query;
  let offset = (page - 1) * pageSize;
  const rangeFrom = i.days[0]!.from;
  const rangeTo = i.days.at(-1)!.to;
  const pings: Ping[] = [];
  for (const g of groups) {
    if (pings.length >= pageSize || offset >= total) break;
    if (offset >= g.total) {
      offset -= g.total;
      continue;
    }
    // The day where the page starts, walking the group's days in its direction.
    const order = g.newestFirst ? [...i.days.keys()].reverse() : [...i.days.keys()];
    let within = offset;
    let start = order[0]!;
    for (const n of order) {
      start = n;
      if (within < g.perDay[n]!) break;
      within -= g.perDay[n]!;
    }
    const day = i.days[start]!;
    const query = g.newestFirst ? g.slice(rangeFrom, day.to) : g.slice(day.from, rangeTo);
    const opts = { newestFirst: g.newestFirst, ...(g.consistent ? { consistent: true } : {}) };
    let cursor: string | undefined;
    if (within > 0) {
      const skipped = await query.count({ ...opts, limit: within });
      if (skipped.count < within || !skipped.cursor) return drifted();
      cursor = skipped.cursor;
    }
    do {
      const read = await query.page({ ...opts, limit: pageSize - pings.length, ...(cursor ? { cursor } : {}) });
      pings.push(...read.items);
      cursor = read.cursor;
    } while (cursor && pings.length < pageSize);
    offset = 0;
  }
  // A page short of what the counts promise means they drifted from the pings.
  if (pings.length < Math.min(pageSize, Math.max(0, total - (page - 1) * pageSize))) return drifted();
  return { pings, total };
}

function drifted(): undefined {
  logger.warn('Ping History counters disagree with the pings; the range is read instead');
  return undefined;
}
