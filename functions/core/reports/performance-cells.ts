// The PerformanceDay cells of a range's days for the performance reports, summed over each day's
// shards and held in this Lambda's memory by the day's version (PerformanceDayVersion, raised by the
// performance view once per batch that wrote the day, after its cells). A read asks the range's
// versions (one consistent BatchGet) and reads again, by one consistent Query of each of its
// `PERF_DAY#{day}#{shard}` partitions, only the days whose version moved (or that it does not hold):
// a month of closed days costs one round trip. A closed day's sums are also stored on its version
// item with the version they were read at, so a Lambda that holds nothing reads a month as 31 items.
// Sums may include writes newer than their version, never miss one older: the version is read first.
import { PERFORMANCE_SHARDS, PerformanceDay, PerformanceDayVersion } from '#entities/lead-contact-index.ts';
import { batchGet } from '#platform/db.ts';
import { reportDay } from '#platform/report-day.ts';
import { logger } from '#platform/logger.ts';
import { kept } from '#platform/held.ts';

/** Day partitions queried at once. */
const DAY_READS_AT_ONCE = 8;
/** Keys per BatchGetItem. */
const BATCH_KEYS = 100;
/** Days held (≈ 60 KB each at 620 cells), forgotten all at once past it. */
const MAX_HELD_DAYS = 400;
/** Stored sums stay well below DynamoDB's 400 KB item limit; a bigger day is read from its cells each time. */
const MAX_STORED_CHARS = 300_000;

interface Held {
  version: number;
  cells: PerformanceDay[];
  /** The distinct ids of the cells. */
  ids: { funds: string[]; campaigns: string[]; vendors: string[] };
}

/** Days' summed cells held by this Lambda, by table and day. */
const held = kept(new Map<string, Held>());
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

type Stored = Pick<PerformanceDayVersion, 'version' | 'cellsVersion' | 'cells'>;

/** The days' version items (only the versions, or whole with their stored sums). */
async function versionItemsOf(days: readonly string[], whole: boolean): Promise<Map<string, Stored>> {
  const chunks: string[][] = [];
  for (let i = 0; i < days.length; i += BATCH_KEYS) chunks.push(days.slice(i, i + BATCH_KEYS));
  const read = (chunk: string[]) => batchGet(chunk.map((day) => PerformanceDayVersion.key({ day })), { consistent: true, ...(whole ? {} : { projection: ['entity', 'day', 'version', 'cellsVersion'] }) });
  const items = (await Promise.all(chunks.map(read))).flat().map((item) => PerformanceDayVersion.parse(item));
  return new Map(items.map((v) => [v.day, v]));
}

/** A day's summed cells as stored: one row of ids and sums per cell, in sort-key order. */
const encode = (cells: readonly PerformanceDay[]) =>
  JSON.stringify(cells.map((c) => [c.fundId, c.campaignId, c.vendorId, c.leadsPurchased, c.leadsCredited, c.totalLeads, c.scoreSum, c.agentPriceSumCents, c.companyPriceSumCents]));

function decode(day: string, text: string): PerformanceDay[] | undefined {
  try {
    return (JSON.parse(text) as unknown[]).map((row) => {
      const [fundId, campaignId, vendorId, ...sums] = row as unknown[];
      if (![fundId, campaignId, vendorId].every((id) => typeof id === 'string') || sums.length !== SUMS.length || !sums.every((n) => typeof n === 'number' && n >= 0)) throw new Error('malformed');
      return { day, fundId, campaignId, vendorId, ...Object.fromEntries(SUMS.map((k, i) => [k, sums[i]])) } as PerformanceDay;
    });
  } catch {
    logger.warn('Stored performance sums not used', { day });
    return undefined;
  }
}

/** Stores a closed day's sums on its version item (never creating one); a failure only costs the next cold reader a read. */
async function store(day: string, version: number, cells: readonly PerformanceDay[]): Promise<void> {
  const text = encode(cells);
  if (version === 0 || text.length > MAX_STORED_CHARS) return;
  await PerformanceDayVersion.patch({ day }, { set: { cellsVersion: version, cells: text } }).catch((err: unknown) =>
    logger.warn('Performance sums not stored', { day, error: err instanceof Error ? err.name : String(err) }),
  );
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
export async function performanceCellsOfDays(days: readonly string[], now = new Date()): Promise<PerformanceDay[][]> {
  const today = reportDay(now.toISOString());
  // A Lambda holding none of the days reads the version items whole at once (with their stored sums).
  const cold = !days.some((day) => held.has(heldKey(day)));
  const versions = await versionItemsOf(days, cold);
  const versionOf = (day: string) => versions.get(day)?.version ?? 0;
  const out = new Map<string, PerformanceDay[]>();
  const hold = (day: string, cells: PerformanceDay[]) => {
    out.set(day, cells);
    if (held.size >= MAX_HELD_DAYS) held.clear();
    const distinct = (pick: (c: PerformanceDay) => string) => [...new Set(cells.map(pick))];
    held.set(heldKey(day), { version: versionOf(day), cells, ids: { funds: distinct((c) => c.fundId), campaigns: distinct((c) => c.campaignId), vendors: distinct((c) => c.vendorId) } });
  };
  for (const day of days) {
    const mine = held.get(heldKey(day));
    if (mine && mine.version === versionOf(day)) out.set(day, mine.cells);
  }
  // Closed days not held whose stored sums are of the current version: one more BatchGet.
  const storedDays = days.filter((day) => !out.has(day) && day < today && versions.get(day)?.cellsVersion === versionOf(day) && versionOf(day) > 0);
  if (storedDays.length)
    for (const [day, item] of cold ? versions : await versionItemsOf(storedDays, true)) {
      if (!storedDays.includes(day)) continue;
      const cells = item.cellsVersion === versionOf(day) && item.cells ? decode(day, item.cells) : undefined;
      if (cells) hold(day, cells);
    }
  const toRead = days.filter((day) => !out.has(day));
  let next = 0;
  const worker = async () => {
    while (next < toRead.length) {
      const day = toRead[next++]!;
      const cells = await cellsOfDay(day);
      hold(day, cells);
      if (day < today) await store(day, versionOf(day), cells);
    }
  };
  await Promise.all(Array.from({ length: Math.min(DAY_READS_AT_ONCE, toRead.length) }, worker));
  return days.map((day) => out.get(day)!);
}
