// The PerformanceDay cells of a range's days for the performance reports (docs/data-model.md #90a): a
// closed day from its digest (kept in this Lambda's memory, or one PerformanceDigest item), a day
// still open, or a closed day whose digest no longer holds, by one consistent Query of each of its
// `PERF_DAY#{day}#{shard}` partitions, cells summed over the shards (and a closed day's digest is then
// stored for the next reader).
//
// Why a digest can never answer stale figures: every write to a day's cells is counted where the
// reader checks it, in the same transaction. The projector's performance view ADDs `writes` to the
// cell's shard's PerformanceStamp beside every sale and every approved credit it adds to a cell
// (views/performance-view.ts); stamps only grow. A digest records the stamps' sum read BEFORE its
// cells were read (consistently), so while the stamps still sum to it no write reached the day's
// cells after they were read: the digest equals the cells. Any sale (a late one too: a retry, a clock
// given to the engine) or credit on the day makes the next reader read the cells again. (`edits` is
// what approvals counted before the view did; it stays part of the check for digests stored then.)
import { PERFORMANCE_SHARDS, PerformanceDay, PerformanceStamp } from '#entities/lead-contact-index.ts';
import { PerformanceDigest } from '#entities/performance-digest.ts';
import { batchGet, ConditionFailed, queryPage } from '#platform/db.ts';
import { reportDay, type ItemKey } from '#platform/keys.ts';
import { logger } from '#platform/logger.ts';

/** Day partitions queried at once. */
const DAY_READS_AT_ONCE = 8;
/** Keys per BatchGetItem. */
const BATCH_KEYS = 100;
/** A digest stays well below DynamoDB's 400 KB item limit; a bigger day is read from its cells each time. */
export const MAX_DIGEST_CHARS = 300_000;
/** Closed days kept parsed in this Lambda's memory (≈ 60 KB each at 620 cells), forgotten all at once past it. */
const MAX_KEPT_DAYS = 200;

/** One day's cells as stored in a digest: ids once each, then one row of indexes and sums per cell, in sort-key order. */
interface DigestBody {
  f: string[];
  c: string[];
  v: string[];
  /** [fund, campaign, vendor (indexes), leadsPurchased, leadsCredited, totalLeads, scoreSum, agentPriceSumCents, companyPriceSumCents] */
  n: number[][];
}

/** A day's cells (in the partition's sort-key order) as a digest's `cells` text. */
export function encodeCells(cells: readonly PerformanceDay[]): string {
  const body: DigestBody = { f: [], c: [], v: [], n: [] };
  const indexes = { f: new Map<string, number>(), c: new Map<string, number>(), v: new Map<string, number>() };
  const at = (part: 'f' | 'c' | 'v', id: string) => {
    let i = indexes[part].get(id);
    if (i === undefined) {
      i = body[part].push(id) - 1;
      indexes[part].set(id, i);
    }
    return i;
  };
  for (const p of cells)
    body.n.push([at('f', p.fundId), at('c', p.campaignId), at('v', p.vendorId), p.leadsPurchased, p.leadsCredited, p.totalLeads, p.scoreSum, p.agentPriceSumCents, p.companyPriceSumCents]);
  return JSON.stringify(body);
}

const isIds = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');
const count = (x: unknown) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

/** The cells of a digest's `cells` text; throws on anything but what encodeCells writes. */
export function decodeCells(day: string, text: string): PerformanceDay[] {
  const body = JSON.parse(text) as Partial<DigestBody>;
  if (!isIds(body.f) || !isIds(body.c) || !isIds(body.v) || !Array.isArray(body.n)) throw new Error(`The performance digest of ${day} is malformed`);
  const { f, c, v } = body;
  return body.n.map((row) => {
    if (!Array.isArray(row) || row.length !== 9 || !row.every((x, i) => (i === 6 ? typeof x === 'number' && Number.isFinite(x) && x >= 0 : count(x))))
      throw new Error(`The performance digest of ${day} has a malformed cell`);
    const [fi, ci, vi, leadsPurchased, leadsCredited, totalLeads, scoreSum, agentPriceSumCents, companyPriceSumCents] = row as number[];
    const fundId = f[fi!];
    const campaignId = c[ci!];
    const vendorId = v[vi!];
    if (fundId === undefined || campaignId === undefined || vendorId === undefined) throw new Error(`The performance digest of ${day} names an unknown id`);
    return { day, fundId, campaignId, vendorId, leadsPurchased: leadsPurchased!, leadsCredited: leadsCredited!, totalLeads: totalLeads!, scoreSum: scoreSum!, agentPriceSumCents: agentPriceSumCents!, companyPriceSumCents: companyPriceSumCents! };
  });
}

interface Kept {
  edits: number;
  salesStamp: number;
  cells: PerformanceDay[];
  /** The distinct ids of the cells. */
  ids: { funds: string[]; campaigns: string[]; vendors: string[] };
}

/** Closed days' cells known to this Lambda, by table and day; each used only while its stamps hold. */
const kept = new Map<string, Kept>();
const keptKey = (day: string) => `${process.env.TABLE_NAME ?? ''}#${day}`;

/**
 * The fund, campaign and vendor ids of the days' cells this Lambda holds (none of a day it does not):
 * what the report will most likely name, so the names can be read beside the stamps.
 */
export function keptIdsOf(days: readonly string[]): { funds: Set<string>; campaigns: Set<string>; vendors: Set<string> } {
  const out = { funds: new Set<string>(), campaigns: new Set<string>(), vendors: new Set<string>() };
  for (const day of days) {
    const ids = kept.get(keptKey(day))?.ids;
    if (!ids) continue;
    for (const id of ids.funds) out.funds.add(id);
    for (const id of ids.campaigns) out.campaigns.add(id);
    for (const id of ids.vendors) out.vendors.add(id);
  }
  return out;
}

/** Forget the digests kept in memory (tests and the bench read the stored ones). */
export function forgetPerformanceDigests(): void {
  kept.clear();
}

type Item = Record<string, unknown>;

async function readKeys(keys: ItemKey[], projection?: readonly string[]): Promise<Item[]> {
  const chunks: ItemKey[][] = [];
  for (let i = 0; i < keys.length; i += BATCH_KEYS) chunks.push(keys.slice(i, i + BATCH_KEYS));
  return (await Promise.all(chunks.map((chunk) => batchGet(chunk, { consistent: true, ...(projection ? { projection } : {}) })))).flat();
}

async function cellsOfShard(day: string, shard: number): Promise<PerformanceDay[]> {
  const items: PerformanceDay[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryPage({ ...PerformanceDay.query.ofDayShard(day, shard).key, consistent: true, cursor });
    items.push(...page.items.map(PerformanceDay.parse));
    cursor = page.cursor;
  } while (cursor);
  return items;
}

const SUMS = ['leadsPurchased', 'leadsCredited', 'totalLeads', 'scoreSum', 'agentPriceSumCents', 'companyPriceSumCents'] as const;

/** A day's cells summed over its shards, in sort-key order (fund, campaign, vendor). */
async function cellsOfDay(day: string): Promise<PerformanceDay[]> {
  const shards = await Promise.all(Array.from({ length: PERFORMANCE_SHARDS }, (_, shard) => cellsOfShard(day, shard)));
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

async function storeDigest(day: string, edits: number, salesStamp: number, cells: readonly PerformanceDay[]): Promise<boolean> {
  const text = encodeCells(cells);
  if (text.length > MAX_DIGEST_CHARS) return false;
  try {
    await PerformanceDigest.put(
      { day, edits, builtEdits: edits, salesStamp, cells: text, builtAt: new Date().toISOString() },
      { condition: edits === 0 ? { expression: 'attribute_not_exists(edits) OR edits = :none', values: { ':none': 0 } } : { expression: 'edits = :edits', values: { ':edits': edits } } },
    );
    return true;
  } catch (err) {
    // A credit came in meanwhile (the digest would be stale), or the write failed: the answer stands, the next reader builds it.
    if (!(err instanceof ConditionFailed)) logger.warn('Performance digest not stored', { day, error: err instanceof Error ? err.name : String(err) });
    return false;
  }
}

/**
 * The PerformanceDay cells of each day, in the days' order and each day's sort-key order: the same
 * items a Query of every day's partition answers.
 */
export async function performanceCellsOfDays(days: readonly string[], now = new Date()): Promise<PerformanceDay[][]> {
  const today = reportDay(now.toISOString());
  const closed = days.filter((day) => day < today);
  const known = closed.filter((day) => kept.has(keptKey(day)));
  const unknown = closed.filter((day) => !kept.has(keptKey(day)));

  // Before any cell is read: the sales stamps of every closed day, the `edits` of the days kept in
  // memory (projected), and the whole digest of the others.
  const stampKeys = closed.flatMap((day) => Array.from({ length: PERFORMANCE_SHARDS }, (_, shard) => PerformanceStamp.key({ day, shard })));
  const [stamps, stored] = await Promise.all([
    readKeys([...stampKeys, ...known.map((day) => PerformanceDigest.key({ day }))], ['pk', 'sk', 'day', 'writes', 'edits']),
    readKeys(unknown.map((day) => PerformanceDigest.key({ day }))),
  ]);
  const salesOf = new Map<string, number>();
  const editsOf = new Map<string, number>();
  const digestOf = new Map<string, Item>();
  for (const item of [...stamps, ...stored]) {
    const pk = String(item.pk);
    if (pk.startsWith('PERF_STAMP#')) {
      const day = String(item.day);
      salesOf.set(day, (salesOf.get(day) ?? 0) + (typeof item.writes === 'number' ? item.writes : 0));
    } else {
      const day = pk.slice('PERF_DIGEST#'.length);
      editsOf.set(day, typeof item.edits === 'number' ? item.edits : 0);
      if (item.cells !== undefined) digestOf.set(day, item);
    }
  }

  const out = new Map<string, PerformanceDay[]>();
  for (const day of closed) {
    const edits = editsOf.get(day) ?? 0;
    const salesStamp = salesOf.get(day) ?? 0;
    const mine = kept.get(keptKey(day));
    if (mine && mine.edits === edits && mine.salesStamp === salesStamp) {
      out.set(day, mine.cells);
      continue;
    }
    const item = digestOf.get(day);
    if (item && item.builtEdits === edits && item.salesStamp === salesStamp && typeof item.cells === 'string') {
      try {
        const cells = decodeCells(day, item.cells);
        remember(day, edits, salesStamp, cells);
        out.set(day, cells);
      } catch (err) {
        logger.warn('Performance digest not used', { day, error: err instanceof Error ? err.message : String(err) });
      }
    }
  }

  // The rest from their cells: open days as they are now, closed days stored as digests for the next reader.
  const toRead = days.filter((day) => !out.has(day));
  let next = 0;
  const worker = async () => {
    while (next < toRead.length) {
      const day = toRead[next++]!;
      const cells = await cellsOfDay(day);
      out.set(day, cells);
      if (day >= today) continue;
      const edits = editsOf.get(day) ?? 0;
      const salesStamp = salesOf.get(day) ?? 0;
      if (await storeDigest(day, edits, salesStamp, cells)) remember(day, edits, salesStamp, cells);
    }
  };
  await Promise.all(Array.from({ length: Math.min(DAY_READS_AT_ONCE, toRead.length) }, worker));
  return days.map((day) => out.get(day)!);
}

function remember(day: string, edits: number, salesStamp: number, cells: PerformanceDay[]): void {
  if (kept.size >= MAX_KEPT_DAYS) kept.clear();
  const distinct = (pick: (c: PerformanceDay) => string) => [...new Set(cells.map(pick))];
  kept.set(keptKey(day), { edits, salesStamp, cells, ids: { funds: distinct((c) => c.fundId), campaigns: distinct((c) => c.campaignId), vendors: distinct((c) => c.vendorId) } });
}
