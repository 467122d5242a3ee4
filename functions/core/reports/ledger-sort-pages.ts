// Transaction History in any order, at any size (docs/data-model.md #88g). The report reads the
// ledger's sort copies (LedgerHistoryKey, kept by the ledger-history view): one list per order, day and
// shard (`HISTORY#{column}#{day}#{shard}`), each in exactly the report's ascending order. Each closed
// day's list has a rank digest (LedgerDigest: every `step`-th key), so a page's rows are found by rank
// across the range's ≤ 31 days × HISTORY_SHARDS lists without reading the rows before them: the
// digests bound how many keys of every list lie below any separator; the page's neighbourhood is read
// from each list (≈ step keys more than the page) and counted exactly. A list still open (today,
// yesterday) is read whole (its keys only). A total is the sum of the time order's list counts.
import { LedgerDigest } from '#entities/ledger-digest.ts';
import { LedgerEntry } from '#entities/ledger-entry.ts';
import { HISTORY_SHARDS, historyPk, LedgerHistoryKey, SortableFields, type HistoryColumn } from '#entities/ledger-history-key.ts';
import { batchGet, queryCount, queryPage } from '#platform/db.ts';
import { getMany } from '#platform/entity.ts';
import type { SortCondition } from '#platform/item-key.ts';
import { kept } from '#platform/held.ts';

/** Keys between two separators of a digest: the most a page reads of each day beyond its own rows. */
export const DIGEST_STEP = 8;
/** A digest item stays far below DynamoDB's 400 KB: a busy day gets a longer step. */
const MAX_SEPARATORS = 6_000;
const MAX_DIGEST_CHARS = 250_000;
/** Lists read at once while digests are built. */
const LISTS_AT_ONCE = 16;

/**
 * Compares as DynamoDB orders string keys (UTF-8 bytes, that is code points): JavaScript's `<`
 * compares UTF-16 units, which differs only between a surrogate and a unit from U+E000 up.
 */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800) x = x <= 0xdfff ? x + 0x2000 : x - 0x800;
    if (y >= 0xd800) y = y <= 0xdfff ? y + 0x2000 : y - 0x800;
    return x - y;
  }
  return a.length - b.length;
}

/** The shortest beginning of `key` that sorts after `previous` (which sorts before `key`), never splitting a surrogate pair. */
export function separatorBetween(previous: string, key: string): string {
  for (let len = 1; len < key.length; len++) {
    const end = key.charCodeAt(len - 1) >= 0xd800 && key.charCodeAt(len - 1) <= 0xdbff ? len + 1 : len;
    const candidate = key.slice(0, end);
    if (compareUtf8(candidate, previous) > 0) return candidate;
  }
  return key;
}

/** One key of an order and the table key of its entry. */
export interface KeyRef {
  k: string;
  pk: string;
  sk: string;
}

/** One shard of a day: the unit the copies of each order are kept in. */
export interface HistoryList {
  day: string;
  shard: number;
}

/** The lists of the days, every shard of each. */
export const listsOf = (days: readonly string[]): HistoryList[] => days.flatMap((day) => Array.from({ length: HISTORY_SHARDS }, (_v, shard) => ({ day, shard })));

/** A list of the range in one order: its size and separators, and every key when the list was read whole. */
export interface DayOrder extends HistoryList {
  total: number;
  step: number;
  /** separators[j - 1]: exactly j × step keys of the day sort below it. */
  separators: string[];
  /** The list's first and last keys, when known. */
  first?: string;
  last?: string;
  keys?: KeyRef[];
}

/** A copy found by a filter: its entry's key, and its sort and filter fields when the copy carries them. */
export interface MatchedCopy extends KeyRef {
  agentId: string;
  at: string;
  entryId: string;
  sortable?: SortableFields;
}

/** A list's keys in one order (only the keys: projected; with `fields`, the copies' sort fields too), optionally a slice of them. */
async function readKeys(column: HistoryColumn, list: HistoryList, sk?: SortCondition, fields = false): Promise<MatchedCopy[]> {
  const out: MatchedCopy[] = [];
  let cursor: string | undefined;
  do {
    const projection = ['sk', 'agentId', 'at', 'entryId', ...(fields ? ['sortable'] : [])];
    const page = await queryPage({ pk: historyPk(column, list.day, list.shard), ...(sk ? { sk } : {}), projection, ...(cursor ? { cursor } : {}) });
    for (const item of page.items) {
      const ref = { agentId: String(item.agentId), at: String(item.at), entryId: String(item.entryId) };
      const sortable = fields && item.sortable !== undefined ? SortableFields.safeParse(item.sortable) : undefined;
      out.push({ k: String(item.sk), ...LedgerEntry.key(ref), ...ref, ...(sortable?.success ? { sortable: sortable.data } : {}) });
    }
    cursor = page.cursor;
  } while (cursor);
  return out;
}

/**
 * The entry counts of closed lists, kept for the Lambda's life: entries are written at the time they
 * happen, so a reporting day that ended before yesterday gains none, and its count (a Select COUNT
 * that reads the whole list) is taken once rather than on every page. Keyed by table.
 */
const closedCounts = kept(new Map<string, number>());

/** How many entries each list holds (Select COUNT of the time order's lists, side by side). */
export async function countsOf(lists: readonly HistoryList[], closed: (day: string) => boolean): Promise<number[]> {
  const table = process.env.TABLE_NAME ?? '';
  return Promise.all(
    lists.map(async ({ day, shard }) => {
      const key = `${table}#${day}#${shard}`;
      const known = closedCounts.get(key);
      if (known !== undefined) return known;
      const { count } = await queryCount({ pk: historyPk('Timestamp', day, shard) });
      if (closed(day)) closedCounts.set(key, count);
      return count;
    }),
  );
}

/** Whether any entry is on a day (one Limit 1 Query of each shard of its time order). */
export async function dayHasEntries(day: string): Promise<boolean> {
  const found = await Promise.all(listsOf([day]).map((l) => LedgerHistoryKey.query.ofList('Timestamp', l.day, l.shard).first()));
  return found.some((h) => h !== undefined);
}

/**
 * A day's entries in time order, merged from its shards as they are read (each shard a page at a
 * time, `pageSize` copies a page): the export's and the full reads' source.
 */
export async function* entriesOfDay(day: string, pageSize = 500): AsyncGenerator<LedgerEntry> {
  const shards = listsOf([day]).map((l) => ({ query: LedgerHistoryKey.query.ofList('Timestamp', l.day, l.shard), items: [] as LedgerHistoryKey[], cursor: undefined as string | undefined, done: false }));
  const fill = async (s: (typeof shards)[number]) => {
    if (s.items.length || s.done) return;
    const page = await s.query.page({ limit: pageSize, ...(s.cursor ? { cursor: s.cursor } : {}) });
    s.items = page.items;
    s.cursor = page.cursor;
    s.done = !page.cursor;
  };
  for (;;) {
    await Promise.all(shards.map(fill));
    let next: (typeof shards)[number] | undefined;
    for (const s of shards) if (s.items.length && (!next || compareUtf8(s.items[0]!.k, next.items[0]!.k) < 0)) next = s;
    if (!next) return;
    yield next.items.shift()!.entry!;
  }
}

/** Every entry of the days, in time order. */
export async function entriesOfDays(days: readonly string[]): Promise<LedgerEntry[]> {
  const lists = await Promise.all(
    days.map(async (day) => {
      const out: LedgerEntry[] = [];
      for await (const e of entriesOfDay(day)) out.push(e);
      return out;
    }),
  );
  return lists.flat();
}

/**
 * The range's copies in a column's order whose keys begin with `prefix` (one Query a list,
 * `begins_with`), in no particular order, each with the entry fields it carries (`sortable`).
 */
export async function keysWithPrefix(column: HistoryColumn, days: readonly string[], prefix: string): Promise<MatchedCopy[]> {
  return (await Promise.all(listsOf(days).map((l) => readKeys(column, l, { beginsWith: prefix }, true)))).flat();
}

/** The separators of every `step`-th key of a day's keys in order. */
export function separatorsOf(keys: readonly string[], step: number): string[] {
  const out: string[] = [];
  for (let at = step; at < keys.length; at += step) out.push(separatorBetween(keys[at - 1]!, keys[at]!));
  return out;
}

/** A closed day's digest from its keys: the step grows on a busy day so the item stays small. */
export function digestOf(keys: readonly string[]): { step: number; separators: string[] } {
  let step = Math.max(DIGEST_STEP, Math.ceil(keys.length / MAX_SEPARATORS));
  for (;;) {
    const separators = separatorsOf(keys, step);
    if (separators.reduce((n, s) => n + s.length + 4, 0) <= MAX_DIGEST_CHARS) return { step, separators };
    step *= 2;
  }
}

/** A list's first and last keys, those it has (a digest stored before it kept them has neither). */
const bounds = (b: { first?: string | undefined; last?: string | undefined }): Pick<DayOrder, 'first' | 'last'> => ({
  ...(b.first !== undefined ? { first: b.first } : {}),
  ...(b.last !== undefined ? { last: b.last } : {}),
});

/** Closed lists' digests known to this Lambda (a closed list's digest never changes while its count holds). Keyed by table. */
const knownDigests = kept(new Map<string, DayOrder>());
const MAX_KNOWN_DIGESTS = 7 * 62 * HISTORY_SHARDS;

/**
 * The range's lists in one column's order: a closed list by its digest (kept, read, or built from the
 * list's keys and stored), an open list read whole. `counts` are the lists' entry counts (countsOf);
 * `closed(day)` says whether a day can still gain entries. Undefined when a list holds fewer keys than
 * its count (or a closed one another number: an entry landed late), so the caller reads another way.
 */
export async function dayOrders(column: HistoryColumn, lists: readonly HistoryList[], counts: readonly number[], closed: (day: string) => boolean): Promise<DayOrder[] | undefined> {
  const table = process.env.TABLE_NAME ?? '';
  const cacheKey = (l: HistoryList) => `${table}#${column}#${l.day}#${l.shard}`;
  const out: (DayOrder | undefined)[] = lists.map((l, i) => {
    const known = closed(l.day) ? knownDigests.get(cacheKey(l)) : undefined;
    return known && known.total === counts[i] ? known : undefined;
  });
  const unknownClosed = lists.flatMap((l, i) => (!out[i] && closed(l.day) ? [i] : []));
  if (unknownClosed.length) {
    const stored = await getMany(Object.fromEntries(unknownClosed.map((i) => [String(i), LedgerDigest.ref({ ...lists[i]!, column })])));
    for (const i of unknownClosed) {
      const digest = stored[String(i)];
      if (digest && digest.total === counts[i]) out[i] = { ...lists[i]!, total: digest.total, step: digest.step, separators: digest.separators, ...bounds(digest) };
    }
  }
  let complete = true;
  const missing = lists.flatMap((_l, i) => (out[i] ? [] : [i]));
  let next = 0;
  const worker = async () => {
    while (next < missing.length && complete) {
      const i = missing[next++]!;
      const list = lists[i]!;
      const keys = await readKeys(column, list);
      if (keys.length < counts[i]! || (closed(list.day) && keys.length !== counts[i])) {
        complete = false;
        return;
      }
      const ends = bounds({ first: keys[0]?.k, last: keys.at(-1)?.k });
      if (!closed(list.day)) {
        out[i] = { ...list, total: keys.length, step: 1, separators: keys.slice(1).map((k) => k.k), ...ends, keys };
        continue;
      }
      const { step, separators } = digestOf(keys.map((k) => k.k));
      await LedgerDigest.put({ ...list, column, total: keys.length, step, separators, ...ends, builtAt: new Date().toISOString() });
      out[i] = { ...list, total: keys.length, step, separators, ...ends };
    }
  };
  await Promise.all(Array.from({ length: Math.min(LISTS_AT_ONCE, missing.length) }, worker));
  if (!complete) return undefined;
  // Two months of every order at most (≈ 30 KB each a busy day): older ranges are read again from their items.
  if (knownDigests.size > MAX_KNOWN_DIGESTS) knownDigests.clear();
  for (const [i, l] of lists.entries()) if (closed(l.day)) knownDigests.set(cacheKey(l), out[i]!);
  return out as DayOrder[];
}

/**
 * The keys at ascending ranks [first, first + want) of the range in one column's order. The
 * separators of all days, merged, bound each day's count below any of them: the page lies between
 * the last separator whose upper bound is at most `first` and the first whose lower bound reaches
 * `first + want`; each day is read from its own separator at or below the first (whose rank is
 * exact) to the second, and the keys are counted from there; a day whose first and last keys put it
 * wholly outside those bounds is counted without a read.
 */
export async function keysByRank(column: HistoryColumn, orders: readonly DayOrder[], first: number, want: number): Promise<KeyRef[]> {
  if (want <= 0) return [];
  const candidates: { k: string; d: number; j: number }[] = [];
  orders.forEach((o, d) => o.separators.forEach((k, i) => candidates.push({ k, d, j: i + 1 })));
  candidates.sort((x, y) => compareUtf8(x.k, y.k));
  const at = orders.map(() => 0);
  const upper = (d: number) => Math.min((at[d]! + 1) * orders[d]!.step, orders[d]!.total);
  let lowerSum = 0;
  let upperSum = orders.reduce((n, _o, d) => n + upper(d), 0);
  let low: { key: string; at: number[] } | undefined;
  let high: string | undefined;
  for (let c = 0; c < candidates.length; ) {
    const key = candidates[c]!.k;
    for (; c < candidates.length && candidates[c]!.k === key; c++) {
      const { d, j } = candidates[c]!;
      lowerSum -= at[d]! * orders[d]!.step;
      upperSum -= upper(d);
      at[d] = j;
      lowerSum += j * orders[d]!.step;
      upperSum += upper(d);
    }
    if (upperSum <= first) low = { key, at: [...at] };
    if (lowerSum >= first + want) {
      high = key;
      break;
    }
  }
  const startAt = low?.at ?? orders.map(() => 0);
  const read = await Promise.all(
    orders.map(async (o, d) => {
      const below = startAt[d]! * o.step;
      // An empty list, one wholly below the page's lower bound (all of it counted) and one wholly at or
      // above its upper bound (none of it) are not read: in time order, only the page's days are.
      if (o.total === 0 || (high !== undefined && o.first !== undefined && compareUtf8(o.first, high) >= 0)) return { below, keys: [] };
      if (low && o.last !== undefined && compareUtf8(o.last, low.key) < 0) return { below: o.total, keys: [] };
      const from = startAt[d]! > 0 ? o.separators[startAt[d]! - 1] : undefined;
      let keys: KeyRef[];
      if (o.keys) keys = o.keys.slice(below);
      else {
        const sk: SortCondition | undefined = from && high ? { between: [from, high] } : from ? { gte: from } : high ? { lte: high } : undefined;
        keys = await readKeys(column, o, sk);
      }
      if (high !== undefined) keys = keys.filter((k) => compareUtf8(k.k, high) < 0);
      return { below, keys };
    }),
  );
  let counted = 0;
  const after: KeyRef[] = [];
  for (const { below, keys } of read) {
    counted += below;
    for (const k of keys) {
      if (low && compareUtf8(k.k, low.key) < 0) counted += 1;
      else after.push(k);
    }
  }
  after.sort((x, y) => compareUtf8(x.k, y.k));
  const skip = first - counted;
  if (skip < 0 || skip + want > after.length) throw new Error(`Rank ${first}+${want} not bracketed (${counted} below, ${after.length} read)`);
  return after.slice(skip, skip + want);
}

/** The entries of keys, in their order (BatchGetItems of ≤ 100, LISTS_AT_ONCE at once: a filter may match thousands). */
export async function entriesOfKeys(keys: readonly KeyRef[]): Promise<LedgerEntry[]> {
  const found = new Map<string, LedgerEntry>();
  let next = 0;
  const worker = async () => {
    for (let i = next; i < keys.length; i = next) {
      next += 100;
      for (const item of await batchGet(keys.slice(i, i + 100).map((k) => ({ pk: k.pk, sk: k.sk })))) found.set(`${String(item.pk)}|${String(item.sk)}`, LedgerEntry.parse(item));
    }
  };
  await Promise.all(Array.from({ length: Math.min(LISTS_AT_ONCE, Math.ceil(keys.length / 100)) }, worker));
  return keys.flatMap((k) => {
    const e = found.get(`${k.pk}|${k.sk}`);
    return e ? [e] : [];
  });
}

/** Builds and stores the digests of closed days ahead of the first page that needs them (the bench). */
export async function buildLedgerDigests(days: readonly string[], columns: readonly HistoryColumn[]): Promise<Record<string, boolean>> {
  const lists = listsOf(days);
  const counts = await countsOf(lists, () => true);
  const out: Record<string, boolean> = {};
  for (const column of columns) out[column] = (await dayOrders(column, lists, counts, () => true)) !== undefined;
  return out;
}
