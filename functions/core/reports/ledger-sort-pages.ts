// Transaction History in the orders other than time, at any size (docs/data-model.md #88g). Each
// sortable column has a per-day index of the ledger entries in exactly the report's ascending order
// (LedgerEntry.by{Column}OfDay, `LEDGER_{COLUMN}_DAY#{day}`), and each closed day a rank digest of it
// (LedgerDigest: every `step`-th key), so a page's rows are found by rank across the range's ≤ 31
// days without reading the rows before them: the digests bound how many keys of every day lie below
// any separator; the page's neighbourhood is read from each day (≈ step keys a day more than the
// page) and counted exactly. A day still open (today, yesterday) is read whole (its keys only).
// The digest of a closed day must hold as many keys as the day has entries (the time index's count):
// otherwise some entries lack that column's key (written before the index, or an account without
// names) and the caller reads the range instead.
import { LedgerDigest, type LEDGER_DIGEST_COLUMNS } from '#entities/ledger-digest.ts';
import { LEDGER_SORT_INDEX, LedgerEntry, ledgerSortDayPk, type LedgerSortColumn } from '#entities/ledger-entry.ts';
import { batchGet, queryPage } from '#platform/db.ts';
import { getMany } from '#platform/entity.ts';
import type { SortCondition } from '#platform/keys.ts';
import { TABLE_KEYS } from '#platform/table-definition.ts';

type DigestColumn = (typeof LEDGER_DIGEST_COLUMNS)[number];
const _sameColumns: DigestColumn extends LedgerSortColumn ? (LedgerSortColumn extends DigestColumn ? true : never) : never = true;
void _sameColumns;

/** Keys between two separators of a digest: the most a page reads of each day beyond its own rows. */
export const DIGEST_STEP = 8;
/** A digest item stays far below DynamoDB's 400 KB: a busy day gets a longer step. */
const MAX_SEPARATORS = 6_000;
const MAX_DIGEST_CHARS = 250_000;
/** Days read at once while digests are built. */
const DAYS_AT_ONCE = 8;

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

/** One key of a column's day index and the table key of its entry. */
export interface KeyRef {
  k: string;
  pk: string;
  sk: string;
}

/** A day of the range in one order: its size and separators, and every key when the day was read whole. */
export interface DayOrder {
  day: string;
  total: number;
  step: number;
  /** separators[j - 1]: exactly j × step keys of the day sort below it. */
  separators: string[];
  keys?: KeyRef[];
}

const sortKeyAttribute = (column: LedgerSortColumn) => TABLE_KEYS.indexes.find((ix) => ix.name === LEDGER_SORT_INDEX[column])!.sortKey;

/** A day's keys of a column's index (only the keys: projected), optionally a slice of them. */
async function readKeys(column: LedgerSortColumn, day: string, sk?: SortCondition): Promise<KeyRef[]> {
  const attribute = sortKeyAttribute(column);
  const out: KeyRef[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryPage({
      index: LEDGER_SORT_INDEX[column],
      pk: ledgerSortDayPk(column, day),
      ...(sk ? { sk } : {}),
      projection: [TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey, attribute],
      ...(cursor ? { cursor } : {}),
    });
    for (const item of page.items) out.push({ k: String(item[attribute]), pk: String(item.pk), sk: String(item.sk) });
    cursor = page.cursor;
  } while (cursor);
  return out;
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

/** Closed days' digests known to this Lambda (a closed day's digest never changes while its count holds). Keyed by table. */
const knownDigests = new Map<string, DayOrder>();
const MAX_KNOWN_DIGESTS = 6 * 62;

/**
 * The range's days in one column's order: a closed day by its digest (kept, read, or built from the
 * day's keys and stored), an open day read whole. `counts` are the days' entry counts (the time
 * index); `closed(day)` says whether a day can still gain entries. Undefined when a day's index holds
 * fewer keys than the day has entries.
 */
export async function dayOrders(column: LedgerSortColumn, days: readonly string[], counts: readonly number[], closed: (day: string) => boolean): Promise<DayOrder[] | undefined> {
  const table = process.env.TABLE_NAME ?? '';
  const cacheKey = (day: string) => `${table}#${column}#${day}`;
  const out: (DayOrder | undefined)[] = days.map((day, i) => {
    const known = closed(day) ? knownDigests.get(cacheKey(day)) : undefined;
    return known && known.total === counts[i] ? known : undefined;
  });
  const unknownClosed = days.flatMap((day, i) => (!out[i] && closed(day) ? [i] : []));
  if (unknownClosed.length) {
    const stored = await getMany(Object.fromEntries(unknownClosed.map((i) => [days[i]!, LedgerDigest.ref({ day: days[i]!, column })])));
    for (const i of unknownClosed) {
      const digest = stored[days[i]!];
      if (digest && digest.total === counts[i]) out[i] = { day: days[i]!, total: digest.total, step: digest.step, separators: digest.separators };
    }
  }
  let complete = true;
  const missing = days.flatMap((_day, i) => (out[i] ? [] : [i]));
  let next = 0;
  const worker = async () => {
    while (next < missing.length && complete) {
      const i = missing[next++]!;
      const day = days[i]!;
      const keys = await readKeys(column, day);
      if (keys.length < counts[i]! || (closed(day) && keys.length !== counts[i])) {
        complete = false;
        return;
      }
      if (!closed(day)) {
        out[i] = { day, total: keys.length, step: 1, separators: keys.slice(1).map((k) => k.k), keys };
        continue;
      }
      const { step, separators } = digestOf(keys.map((k) => k.k));
      await LedgerDigest.put({ day, column, total: keys.length, step, separators, builtAt: new Date().toISOString() });
      out[i] = { day, total: keys.length, step, separators };
    }
  };
  await Promise.all(Array.from({ length: Math.min(DAYS_AT_ONCE, missing.length) }, worker));
  if (!complete) return undefined;
  // Two months of every order at most (≈ 30 KB each): older ranges are read again from their items.
  if (knownDigests.size > MAX_KNOWN_DIGESTS) knownDigests.clear();
  for (const [i, day] of days.entries()) if (closed(day)) knownDigests.set(cacheKey(day), out[i]!);
  return out as DayOrder[];
}

/**
 * The keys at ascending ranks [first, first + want) of the range in one column's order. The
 * separators of all days, merged, bound each day's count below any of them: the page lies between
 * the last separator whose upper bound is at most `first` and the first whose lower bound reaches
 * `first + want`; each day is read from its own separator at or below the first (whose rank is
 * exact) to the second, and the keys are counted from there.
 */
export async function keysByRank(column: LedgerSortColumn, orders: readonly DayOrder[], first: number, want: number): Promise<KeyRef[]> {
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
      const from = startAt[d]! > 0 ? o.separators[startAt[d]! - 1] : undefined;
      let keys: KeyRef[];
      if (o.keys) keys = o.keys.slice(below);
      else {
        const sk: SortCondition | undefined = from && high ? { between: [from, high] } : from ? { gte: from } : high ? { lte: high } : undefined;
        keys = await readKeys(column, o.day, sk);
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

/** The entries of keys, in their order (one BatchGetItem of ≤ 100). */
export async function entriesOfKeys(keys: readonly KeyRef[]): Promise<LedgerEntry[]> {
  const found = new Map<string, LedgerEntry>();
  for (let i = 0; i < keys.length; i += 100)
    for (const item of await batchGet(keys.slice(i, i + 100).map((k) => ({ pk: k.pk, sk: k.sk })))) found.set(`${String(item.pk)}|${String(item.sk)}`, LedgerEntry.parse(item));
  return keys.flatMap((k) => {
    const e = found.get(`${k.pk}|${k.sk}`);
    return e ? [e] : [];
  });
}

/** Builds and stores the digests of closed days ahead of the first page that needs them (a day's close, a backfill, the bench). */
export async function buildLedgerDigests(days: readonly string[], counts: readonly number[], columns: readonly LedgerSortColumn[] = Object.keys(LEDGER_SORT_INDEX) as LedgerSortColumn[]): Promise<Record<string, boolean>> {
  const out: Record<string, boolean> = {};
  for (const column of columns) out[column] = (await dayOrders(column, days, counts, () => true)) !== undefined;
  return out;
}

/** Forget the digests kept in memory (tests that rewrite a past day). */
export function forgetKnownDigests(): void {
  knownDigests.clear();
}

/**
 * Gives the ledger written before #88g its sort keys: first every balance item without names gets
 * its agent's (so ledger writes from then on copy them), then every entry without the agent id
 * order's key or without names gets the names and all its column keys (setting its attributes to
 * what they are makes the entity write every index key built from them). One parallel Scan per phase;
 * idempotent and safe beside live writes (a conditional UpdateItem each: an item deleted meanwhile is
 * not recreated). Until it has run, a day whose index keys are fewer than its entries is read whole.
 */
export async function backfillLedgerSortKeys(opts: { segments?: number; onProgress?: (p: { phase: string; scanned: number; updated: number }) => void } = {}): Promise<{ balances: number; entries: number; scanned: number }> {
  const { scanSegments } = await import('#platform/db.ts');
  const { AgentProfile } = await import('#entities/agent-profile.ts');
  const { Balance } = await import('#entities/balance.ts');
  const names = new Map<string, Promise<{ firstName: string; lastName: string } | undefined>>();
  const namesOf = (agentId: string) => {
    if (!names.has(agentId)) names.set(agentId, AgentProfile.get({ agentId }).then((p) => (p ? { firstName: p.firstName, lastName: p.lastName } : undefined)));
    return names.get(agentId)!;
  };
  const totals = { balances: 0, entries: 0, scanned: 0 };
  /** One phase's Scan: how many items `each` updated. */
  const scan = async (phase: string, filter: string, names: Record<string, string>, values: Record<string, unknown>, each: (item: Record<string, unknown>) => Promise<boolean>) => {
    let updated = 0;
    const scannedBefore = totals.scanned;
    const { scanned } = await scanSegments(
      { filter, names, values, ...(opts.segments ? { segments: opts.segments } : {}) },
      async (item) => {
        if (await each(item)) updated += 1;
      },
      (scannedHere) => opts.onProgress?.({ phase, scanned: scannedBefore + scannedHere, updated }),
    );
    totals.scanned = scannedBefore + scanned;
    return updated;
  };
  const balances = await scan('balances', '#entity = :balance AND attribute_not_exists(#first)', { '#entity': 'entity', '#first': 'firstName' }, { ':balance': Balance.entity }, async (item) => {
    const agentId = String(item.agentId);
    const found = await namesOf(agentId);
    if (!found) return false;
    await Balance.patch({ agentId }, { set: found });
    return true;
  });
  totals.balances = balances;
  const entries = await scan(
    'entries',
    '#entity = :entry AND (attribute_not_exists(#first) OR attribute_not_exists(#agentKey))',
    { '#entity': 'entity', '#first': 'firstName', '#agentKey': 'gsi5pk' },
    { ':entry': LedgerEntry.entity }, async (item) => {
    const e = LedgerEntry.parse(item);
    const found = e.firstName !== undefined && e.lastName !== undefined ? { firstName: e.firstName, lastName: e.lastName } : await namesOf(e.agentId);
    const { agentId, at, entryId, type, creditCents, debitCents } = e;
    await LedgerEntry.patch({ agentId, at, entryId }, { set: { agentId, at, entryId, type, creditCents, debitCents, ...found } });
    return true;
  });
  totals.entries = entries;
  return totals;
}
