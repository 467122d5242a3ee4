// The PerformanceDay cells of a range's days for the performance reports, summed over each day's
// shards and held in this Lambda's memory by the day's version (PerformanceDayVersion, raised by the
// performance view once per batch that wrote the day, after its cells). A read asks the range's
// versions (one consistent BatchGet) and reads again, by one consistent Query of each of its
// `PERF_DAY#{day}#{shard}` partitions, only the days whose version moved (or that it does not hold):
// a month of closed days costs one round trip. Held cells may include writes newer than their
// version, never miss one older: the version is read before the cells.
import { PERFORMANCE_SHARDS, PerformanceDay, PerformanceDayVersion } from '#entities/lead-contact-index.ts';
import { batchGet } from '#platform/db.ts';

/** Day partitions queried at once. */
const DAY_READS_AT_ONCE = 8;
/** Keys per BatchGetItem. */
const BATCH_KEYS = 100;
/** Days held (≈ 60 KB each at 620 cells), forgotten all at once past it. */
const MAX_HELD_DAYS = 400;

interface Held {
  version: number;
  cells: PerformanceDay[];
  /** The distinct ids of the cells. */
  ids: { funds: string[]; campaigns: string[]; vendors: string[] };
}

/** Days' summed cells held by this Lambda, by table and day. */
const held = new Map<string, Held>();
const heldKey = (day: string) => `${process.env.TABLE_NAME ?? ''}#${day}`;

/** The fund, campaign and vendor ids of the held days' cells: what the report will most likely name, read beside the versions. */
export function heldIdsOf(days: readonly string[]): { funds: Set<string>; campaigns: Set<string>; vendors: Set<string> } {
  const out = { funds: new Set<string>(), campaigns: new Set<string>(), vendors: new Set<string>() };
  for (const day of days) {
    const ids = held.get(heldKey(day))?.ids;
    if (!ids) continue;
    for (const id of ids.funds) out.funds.add(id);
    for (const id of ids.campaigns) out.campaigns.add(id);
    for (const id of ids.vendors) out.vendors.add(id);
  }
  return out;
}

/** Forget every held day (the bench's cold Lambda). */
export function forgetHeldPerformanceDays(): void {
  held.clear();
}

async function versionsOf(days: readonly string[]): Promise<Map<string, number>> {
  const chunks: string[][] = [];
  for (let i = 0; i < days.length; i += BATCH_KEYS) chunks.push(days.slice(i, i + BATCH_KEYS));
  const items = (await Promise.all(chunks.map((chunk) => batchGet(chunk.map((day) => PerformanceDayVersion.key({ day })), { consistent: true })))).flat();
  return new Map(items.map((item) => PerformanceDayVersion.parse(item)).map((v) => [v.day, v.version]));
}

const SUMS = ['leadsPurchased', 'leadsCredited', 'totalLeads', 'scoreSum', 'agentPriceSumCents', 'companyPriceSumCents'] as const;

/** A day's cells summed over its shards, in sort-key order (fund, campaign, vendor). */
async function cellsOfDay(day: string): Promise<PerformanceDay[]> {
  const shards = await Promise.all(Array.from({ length: PERFORMANCE_SHARDS }, (_, shard) => PerformanceDay.query.ofDayShard(day, shard).all({ consistent: true })));
  const cells = new Map<string, PerformanceDay>();
  for (const cell of shards.flat()) {
    const sk = `${cell.fundId}#${cell.campaignId}#${cell.vendorId}`;
    const sum = cells.get(sk);
    if (!sum) {
      const { shard: _shard, ...rest } = cell;
      cells.set(sk, rest);
    } else for (const k of SUMS) sum[k] += cell[k];
  }
  return [...cells].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, cell]) => cell);
}

/** The PerformanceDay cells of each day summed over its shards, in the days' order and each day's sort-key order. */
export async function performanceCellsOfDays(days: readonly string[]): Promise<PerformanceDay[][]> {
  const versions = await versionsOf(days);
  const out = new Map<string, PerformanceDay[]>();
  const toRead: string[] = [];
  for (const day of days) {
    const mine = held.get(heldKey(day));
    if (mine && mine.version === (versions.get(day) ?? 0)) out.set(day, mine.cells);
    else toRead.push(day);
  }
  let next = 0;
  const worker = async () => {
    while (next < toRead.length) {
      const day = toRead[next++]!;
      const cells = await cellsOfDay(day);
      out.set(day, cells);
      if (held.size >= MAX_HELD_DAYS) held.clear();
      const distinct = (pick: (c: PerformanceDay) => string) => [...new Set(cells.map(pick))];
      held.set(heldKey(day), { version: versions.get(day) ?? 0, cells, ids: { funds: distinct((c) => c.fundId), campaigns: distinct((c) => c.campaignId), vendors: distinct((c) => c.vendorId) } });
    }
  };
  await Promise.all(Array.from({ length: Math.min(DAY_READS_AT_ONCE, toRead.length) }, worker));
  return days.map((day) => out.get(day)!);
}
