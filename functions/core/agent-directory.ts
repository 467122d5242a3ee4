// The agent directory behind My Team, the Agents page and the agent pickers (spec part 1 §2.4, §3,
// part 3 §2, §3): one agent, and filtered, sorted pages of agents, either every agent (staff) or
// one agent's downline (the closure table), each row with its current balance.
//
// How a page is read (docs/data-model.md #24a-d): an unfiltered staff page, whatever its sort, from
// that sort's own index, TotalCount being the agent count and the page reached through the order's
// bucket counts (kept by the transactions that move the keys), counting keys within one bucket from
// its nearer end (listAgentsFromSortedIndex; from the nearer end of the whole order while an order is
// not counted). A first-name prefix in last-name order from the first-name cards
// (listAgentsByFirstName). A last-name or agent-id prefix in that index's own order: the matching
// keys counted, then only the page read (listAgentsFromIndex); a team in name order likewise, its keys
// counted beside the page's own reads (listTeamByName, #18a). Every other request reads the whole
// candidate set from one index partition by Query (in parallel key-range slices), in index order,
// narrowed by the key condition where a filter allows it; the remaining filters, the count and any
// sort the index order does not give are applied in memory. For a page (at most INDEX_PAGE_MAX rows)
// the candidates are read light: ids, names and the sorted attribute only (a first-name prefix from
// the first-name cards), the page walked off the sort's own index when it is near either end, else
// the balance items' amounts or a team's profiles' sorted attribute by a projected BatchGet, and only
// the page's rows whole (listAgentsFromLightRead, docs/data-model.md #24f; a team in one Query, sorted by
// status or type from its closure items, #24g, and by last login, priority or credit line from the
// copies its closure items carry, #24h); the whole list (PageSize 30000) reads the candidates
// whole (listAgentsFromFullRead), the reference both other strategies are tested against.
import { z } from 'zod';
import { batchGet, queryPage } from '#platform/db.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Downline } from '#entities/downline.ts';
import { DirectoryCard } from '#entities/directory-card.ts';
import { Forbidden } from '#platform/errors.ts';
import type { EntityQuery } from '#platform/entity.ts';
import type { SortCondition } from '#platform/keys.ts';
import type { AgentSortColumn, AgentStatus, AgentType } from '#shared/agent-list.ts';
import { Balance, balanceKeys } from '#entities/balance.ts';
import { directoryKeys } from '#entities/agent-profile.ts';
import { agentCount, isBucketed, isMoneyOrder, orderBuckets } from '#core/agent-registry.ts';
import { TEAM_COPIES } from '#core/team-copies.ts';

/** Whose agents a caller sees: every agent (staff) or the downline of one agent. */
export type DirectoryScope = { kind: 'all' } | { kind: 'downline'; ancestorId: string };

/** What the caller may see beyond the list row: the permission-gated columns. */
export interface DirectoryViewer {
  scope: DirectoryScope;
  canSeePriority: boolean;
  canSeeCreditLine: boolean;
}

export interface DirectoryFilters {
  agentId?: string;
  firstName?: string;
  lastName?: string;
}

export interface DirectorySort {
  column: AgentSortColumn;
  descending: boolean;
}

/** A listed agent with everything the row, the CSV and the sort may need; money in cents. */
export interface DirectoryEntry {
  agentId: string;
  firstName: string;
  lastName: string;
  status: AgentStatus;
  type: AgentType;
  parentAgentId?: string;
  lastLoginAt?: string;
  lastLeadAt?: string;
  terminationDate?: string;
  priority: number;
  balanceCents: number;
  creditLineCents: number;
}

export interface DirectoryPage {
  entries: DirectoryEntry[];
  totalCount: number;
}

/** BatchGet calls in flight at once while hydrating; DynamoDB takes 100 keys per call. */
const HYDRATE_CONCURRENCY = 8;
/**
 * BatchGet calls in flight at once while reading every candidate's sort value (a team's or a
 * filter's: up to a few thousand keys): 1,655 keys took 235 ms at 8, 195 ms at 17 (DynamoDB Local).
 */
const VALUE_READ_CONCURRENCY = 16;
const BATCH_KEYS = 100;

/** The candidate as the index gives it, before profiles and balances are attached. */
interface Candidate {
  agentId: string;
  firstName: string;
  lastName: string;
  profile?: AgentProfile;
  balance?: { balanceCents: number; creditLineCents: number };
}

type IndexOrder = 'name' | 'id' | 'firstName';

/**
 * One page of agents. `page` is 1-based; `pageSize` may cover the whole set (the spec's 30000).
 * Sorting by a permission-gated column the caller cannot see is refused, since the order would
 * reveal it.
 */
export async function listAgents(viewer: DirectoryViewer, q: DirectoryQuery): Promise<DirectoryPage> {
  assertMaySortBy(viewer, q.sort.column);
  const page = await listAgentsFromIndex(viewer.scope, q);
  if (page) return page;
  return q.pageSize <= INDEX_PAGE_MAX ? listAgentsFromLightRead(viewer.scope, q) : listAgentsFromFullRead(viewer.scope, q);
}

export interface DirectoryQuery {
  filters: DirectoryFilters;
  sort: DirectorySort;
  page: number;
  pageSize: number;
  /**
   * false: the page's balances are not read (balanceCents and creditLineCents answer 0, or what a
   * money sort read), sparing the page a BatchGetItem after its index read. For callers that show
   * no money column (the Account Summary report reads its balances from the day sums).
   */
  balances?: boolean;
}

/**
 * Every agent of the filtered, sorted list, handed over in order `chunkSize` rows at a time (the CSV
 * export job, which records its progress per chunk): the candidates are read and sorted once, then
 * each chunk's profiles and balances are read just before it is handed over. Answers the row count.
 */
export async function forEachAgentChunk(
  viewer: DirectoryViewer,
  q: { filters: DirectoryFilters; sort: DirectorySort; balances?: boolean },
  chunkSize: number,
  onChunk: (entries: DirectoryEntry[], total: number) => Promise<void>,
): Promise<number> {
  assertMaySortBy(viewer, q.sort.column);
  const { candidates, order } = await readCandidates(viewer.scope, q.filters);
  const sorted = await sortCandidates(candidates.filter(matches(q.filters)), order, q.sort);
  for (let start = 0; start < sorted.length; start += chunkSize) {
    const chunk = sorted.slice(start, start + chunkSize);
    await hydratePage(chunk, q);
    await onChunk(chunk.map(toEntry), sorted.length);
  }
  return sorted.length;
}

/** Sorting by a permission-gated column the caller cannot see is refused (403): the order would reveal it. */
export function assertMaySortBy(viewer: DirectoryViewer, column: AgentSortColumn): void {
  if ((column === 'Priority' && !viewer.canSeePriority) || (column === 'CreditLine' && !viewer.canSeeCreditLine)) throw new Forbidden();
}

// ---------------------------------------------------------------------------------------------
// Strategy 1: the page straight from the index

/**
 * A page of the staff list where the index order is the answer's order, or undefined when it is
 * not (see indexServing). Reading the whole directory to return 10 rows is what made the Agents
 * page and a manager's My Team slow (seconds at 30,000 agents), so this reads numbers, then the page:
 * DynamoDB counts the matching keys of each key-range slice (Select COUNT, all slices at once, no
 * item sent back), which gives TotalCount and the slice the page starts in; a second count with
 * Limit = the page's offset within that slice gives the key to start after; one Query from there
 * reads the page's rows. The count still costs the read capacity of the matching items (the index
 * projects ALL); the time and memory of sending and parsing them are what is saved.
 */
export async function listAgentsFromIndex(scope: DirectoryScope, q: DirectoryQuery): Promise<DirectoryPage | undefined> {
  const { agentId, firstName, lastName } = q.filters;
  if (scope.kind === 'all' && agentId === undefined && firstName === undefined && lastName === undefined && q.pageSize <= INDEX_PAGE_MAX) {
    const page = await listAgentsFromSortedIndex(q);
    if (page) return page;
  }
  if (scope.kind === 'all' && firstName !== undefined && agentId === undefined && lastName === undefined && q.sort.column === 'LastName' && q.pageSize <= INDEX_PAGE_MAX) {
    const page = await listAgentsByFirstName(q);
    if (page) return page;
  }
  if (scope.kind === 'downline' && q.sort.column === 'LastName' && agentId === undefined && firstName === undefined && q.pageSize <= INDEX_PAGE_MAX)
    if (lastName === undefined || keyPrefix(lastName) === lastName) return listTeamByName(scope.ancestorId, q);
  const index = indexServing(scope, q);
  if (!index) return undefined;
  const ranges = disjointRanges(index.prefix, index.cuts);
  const counts = await Promise.all(ranges.map((r) => index.partition.within(keyRange(r[0], r[1])).count().then((c) => c.count)));
  const totalCount = counts.reduce((a, b) => a + b, 0);
  // The slice holding the page's first row, walking the slices in the page's direction.
  const { descending } = q.sort;
  let skip = (q.page - 1) * q.pageSize;
  if (skip >= totalCount) return { entries: [], totalCount };
  let at = descending ? ranges.length - 1 : 0;
  for (; skip >= counts[at]!; at += descending ? -1 : 1) skip -= counts[at]!;
  // From that slice to the end of the range in the page's direction: skip, then read the page.
  const query = index.partition.within(descending ? keyRange(ranges[0]![0], ranges[at]![1]) : keyRange(ranges[at]![0], ranges.at(-1)![1]));
  const start = skip > 0 ? await query.count({ newestFirst: descending, limit: skip }) : undefined;
  if (start && !start.cursor) return { entries: [], totalCount }; // agents removed since the count
  const rows: Candidate[] = [];
  let cursor = start?.cursor;
  do {
    const page = await query.page({ newestFirst: descending, limit: q.pageSize - rows.length, cursor });
    rows.push(...page.items.map(profileCandidate));
    cursor = page.cursor;
  } while (cursor && rows.length < q.pageSize);
  await hydratePage(rows, q);
  return { entries: rows.map(toEntry), totalCount };
}

/**
 * A first-name prefix in last-name order from the first-name cards (docs/data-model.md #24d): one
 * or two letters are one card partition, already in last-name order, whose size the first-name
 * order's bucket counts give (#24b: its buckets are the first two letters), so the page is reached
 * by counting small card keys from the nearer end and only its rows' profiles and balances are
 * read. A longer prefix reads its two-letter partition whole (small items) and narrows it in
 * memory. Undefined (the full read answers) for a prefix with surrounding blanks or `#`, when the
 * first-name order is not counted, or when the cards are missing (a table seeded before them).
 */
async function listAgentsByFirstName(q: DirectoryQuery): Promise<DirectoryPage | undefined> {
  const raw = q.filters.firstName ?? '';
  const prefix = keyPrefix(raw);
  if (!prefix || prefix !== raw) return undefined;
  const head = prefix.toLowerCase();
  const offset = (q.page - 1) * q.pageSize;
  let rows: Candidate[];
  let totalCount: number;
  if (head.length > 2) {
    const cards = (await DirectoryCard.query.byFirstTwoLetters(head.slice(0, 2)).all()).filter((c) => c.firstName.toLowerCase().startsWith(head));
    if (cards.length === 0) return undefined;
    if (q.sort.descending) cards.reverse();
    rows = cards.slice(offset, offset + q.pageSize).map(cardCandidate);
    totalCount = cards.length;
  } else {
    const counted = await orderBuckets('FirstName');
    if (!counted) return undefined;
    totalCount = counted.buckets.filter((b) => b.bucket.startsWith(head)).reduce((sum, b) => sum + b.count, 0);
    if (offset >= totalCount) return { entries: [], totalCount };
    const want = Math.min(q.pageSize, totalCount - offset);
    const after = totalCount - offset - want;
    const fromEnd = after < offset;
    const query = head.length === 1 ? DirectoryCard.query.byFirstLetter(head) : DirectoryCard.query.byFirstTwoLetters(head);
    rows = (await readAt(query, { skip: fromEnd ? after : offset, want, newestFirst: q.sort.descending !== fromEnd })).map(cardCandidate);
    if (rows.length < want) return undefined; // cards missing: not written for this table yet
    if (fromEnd) rows.reverse();
  }
  await hydratePage(rows, q);
  return { entries: rows.map(toEntry), totalCount };
}

/**
 * A page of a team in name order, either direction (My Team's default view), with at most a
 * last-name prefix (without blanks round it or `#`, so the key condition keeps what the filter does):
 * the team index's keys counted (Select COUNT: no item sent back) side by side with the page's rows
 * (the keys before the page counted with Limit, which answers the key to start after, then one
 * Query), then those rows made whole, instead of reading every closure item of the team (#18).
 */
async function listTeamByName(ancestorId: string, q: DirectoryQuery): Promise<DirectoryPage> {
  const prefix = q.filters.lastName?.toLowerCase();
  const team = Downline.query.teamByName(ancestorId).within(prefix ? { between: [prefix, prefix + HIGHEST] } : undefined);
  const at = { skip: (q.page - 1) * q.pageSize, want: q.pageSize, newestFirst: q.sort.descending };
  const [counted, members] = await Promise.all([team.count(), readAt(team, at)]);
  const rows = members.map((d): Candidate => ({ agentId: d.descendantId, firstName: d.firstName, lastName: d.lastName }));
  await hydratePage(rows, q);
  return { entries: rows.map(toEntry), totalCount: counted.count };
}

const cardCandidate = (c: DirectoryCard): Candidate => ({ agentId: c.agentId, firstName: c.firstName, lastName: c.lastName });

/**
 * The index and key prefix of a request the index order serves alone: staff (one directory
 * partition), sorted by last name with at most a last-name prefix, or by agent id with an agent-id
 * prefix of ID_INDEX_MIN_PREFIX+ characters, no other filter, and a page of at most INDEX_PAGE_MAX
 * rows (larger pages are read faster by the full read's parallel slices than by one Query's pages
 * in a row). Without such a prefix the id slices do not spread (every id starts `A0`), so counting
 * them walks the whole directory page after page: slower than the full read (2.2 s against 1.0 s
 * at 30,000 agents). The key condition selects exactly what the full read's in-memory filter
 * keeps, given names without surrounding blanks and agent ids without lower-case letters (the keys
 * fold both).
 */
function indexServing(scope: DirectoryScope, q: DirectoryQuery): { partition: EntityQuery<AgentProfile>; prefix: string; cuts: string } | undefined {
  const { agentId, firstName, lastName } = q.filters;
  if (scope.kind !== 'all' || firstName !== undefined || q.pageSize > INDEX_PAGE_MAX) return undefined;
  if (q.sort.column === 'LastName' && agentId === undefined && (lastName === undefined || keyPrefix(lastName) !== undefined))
    return withCuts(AgentProfile.query.directoryByName(), keyPrefix(lastName)?.toLowerCase() ?? '', NAME_SLICES, NAME_ONE_SLICE_PREFIX);
  if (q.sort.column === 'AgentId' && lastName === undefined && (agentId?.length ?? 0) >= ID_INDEX_MIN_PREFIX)
    return withCuts(AgentProfile.query.directoryById(), agentId!.toUpperCase(), ID_SLICES, ID_ONE_SLICE_PREFIX);
  return undefined;
}

/**
 * A prefix this long selects a few hundred keys at most (a two-letter last-name prefix is one bucket
 * of the name order, #24b; five characters of an id, 100 ids): counted as one key range, one Query,
 * instead of 26 or 35 slices side by side, which under load cost more in round trips than they save.
 */
const NAME_ONE_SLICE_PREFIX = 2;
const ID_ONE_SLICE_PREFIX = 5;
const withCuts = (partition: EntityQuery<AgentProfile>, prefix: string, cuts: string, oneSliceFrom: number) => ({
  partition,
  prefix,
  cuts: prefix.length >= oneSliceFrom ? '' : cuts,
});

/** About 1 MB of profiles: a page this size is one Query answer. */
const INDEX_PAGE_MAX = 1000;

/**
 * The keys starting with `prefix`, cut before each character of `cuts` into slices [from, to]
 * that do not overlap (counts, unlike items, cannot be de-duplicated): a slice ends just below the
 * next cut, at `prefix` + the character before the cut + HIGHEST. An undefined end is open.
 */
function disjointRanges(prefix: string, cuts: string): [string | undefined, string | undefined][] {
  const starts = [prefix || undefined, ...[...cuts].map((c) => prefix + c)];
  const ends = [...[...cuts].map((c) => prefix + String.fromCharCode(c.charCodeAt(0) - 1) + HIGHEST), prefix ? prefix + HIGHEST : undefined];
  return starts.map((from, i) => [from, ends[i]]);
}

/** The sort-key condition of [from, to], either end open when undefined. */
function keyRange(from: string | undefined, to: string | undefined): SortCondition | undefined {
  if (from !== undefined && to !== undefined) return { between: [from, to] };
  if (from !== undefined) return { gte: from };
  return to !== undefined ? { lte: to } : undefined;
}

const profileCandidate = (p: AgentProfile): Candidate => ({ agentId: p.agentId, firstName: p.firstName, lastName: p.lastName, profile: p });
/** A row of a money order: the names come with its profile (hydrateProfiles). */
const balanceCandidate = (b: Balance): Candidate => ({ agentId: b.agentId, firstName: '', lastName: '', balance: b });

/**
 * An unfiltered staff page in any sort, from the index of that sort (docs/data-model.md #24a): the
 * total is the agent count (one GetItem, no COUNT of the directory), and the page is reached from the
 * nearer end of the order, counting at most half the directory's keys (Select COUNT with Limit,
 * which answers the key to start after), then reading the page's rows. A page in the second half is
 * read in the opposite direction and turned round. Undefined when the count was never written.
 */
export async function listAgentsFromSortedIndex(q: DirectoryQuery): Promise<DirectoryPage | undefined> {
  const { column } = q.sort;
  if (isBucketed(column) || isMoneyOrder(column)) {
    const page = await listAgentsFromBuckets({ ...q, sort: { ...q.sort, column } });
    if (page) return page;
  }
  const totalCount = await agentCount();
  if (totalCount === undefined) return undefined;
  const offset = (q.page - 1) * q.pageSize;
  if (offset >= totalCount) return { entries: [], totalCount };
  const want = Math.min(q.pageSize, totalCount - offset);
  const after = totalCount - offset - want;
  const fromEnd = after < offset;
  const at = { skip: fromEnd ? after : offset, want, newestFirst: q.sort.descending !== fromEnd };
  const rows = await readIndexRows(sortedIndex(q.sort.column), (query) => readAt(query, at));
  if (fromEnd) rows.reverse();
  await hydratePage(rows, q);
  return { entries: rows.map(toEntry), totalCount };
}

/** The rows an index read gives, as candidates (profiles, or balance items for the money orders). */
async function readIndexRows(index: SortedIndex, read: <T>(query: EntityQuery<T>) => Promise<T[]>): Promise<Candidate[]> {
  return index.rows === 'profile' ? (await read(index.query)).map(profileCandidate) : (await read(index.query)).map(balanceCandidate);
}

/**
 * A page of an order counted per bucket (docs/data-model.md #24b, #24c), read in ascending key order
 * (a descending page is the mirrored ascending stretch, turned round): the order's bucket counts (one
 * Query of a few hundred small items, trusted only when they add up to the agent count) give the
 * total and the bucket holding the page's first row; the keys before that row are counted within
 * that bucket only, from its nearer end (Select COUNT with Limit, which answers the key to start
 * after), so a page costs counting at most half a bucket. Undefined when the order is not counted.
 */
async function listAgentsFromBuckets(q: DirectoryQuery & { sort: { column: BucketedColumn } }): Promise<DirectoryPage | undefined> {
  const counted = await orderBuckets(q.sort.column);
  if (!counted) return undefined;
  const { buckets, total: totalCount } = counted;
  const offset = (q.page - 1) * q.pageSize;
  if (offset >= totalCount) return { entries: [], totalCount };
  const want = Math.min(q.pageSize, totalCount - offset);
  // The page's first row in ascending order, and the bucket holding it.
  let skip = q.sort.descending ? totalCount - offset - want : offset;
  let at = 0;
  for (; skip >= buckets[at]!.count; at++) skip -= buckets[at]!.count;
  const bucket = buckets[at]!;
  const next = buckets[at + 1]?.bucket;
  const index = sortedIndex(q.sort.column);
  const rows = await readIndexRows(index, async <T,>(query: EntityQuery<T>) => {
    // Every key of this bucket or a later one is >= the bucket (a bucket is a lower bound of its keys).
    const onward = query.within({ gte: bucket.bucket });
    if (skip <= bucket.count / 2) return readAt(onward, { skip, want, newestFirst: false });
    // Nearer the bucket's end: count back from it to the row before the page's first, then read on.
    // Below the next bucket (a key may equal a bucket, as agent id A0001 does); the limit stops the
    // count inside this bucket.
    const back = await query.within(next === undefined ? undefined : { lt: next }).count({ newestFirst: true, limit: bucket.count - skip + 1 });
    if (!back.cursor) return readAt(onward, { skip, want, newestFirst: false }); // moved since the counts were read
    return readFrom(onward, back.cursor, want);
  });
  if (q.sort.descending) rows.reverse();
  await hydratePage(rows, q);
  return { entries: rows.map(toEntry), totalCount };
}

type BucketedColumn = Parameters<typeof orderBuckets>[0];

type SortedIndex = { rows: 'profile'; query: EntityQuery<AgentProfile> } | { rows: 'balance'; query: EntityQuery<Balance> };

/** The index holding the directory in the order of a sort column: the profile's, or the balance item's for money. */
function sortedIndex(column: AgentSortColumn): SortedIndex {
  const profiles = (query: EntityQuery<AgentProfile>): SortedIndex => ({ rows: 'profile', query });
  switch (column) {
    case 'LastName':
      return profiles(AgentProfile.query.directoryByName());
    case 'AgentId':
      return profiles(AgentProfile.query.directoryById());
    case 'FirstName':
      return profiles(AgentProfile.query.directoryByFirstName());
    case 'LastLoginDateTime':
      return profiles(AgentProfile.query.directoryByLastLogin());
    case 'LastLeadDateTime':
      return profiles(AgentProfile.query.directoryByLastLead());
    case 'Status':
      return profiles(AgentProfile.query.directoryByStatus());
    case 'Type':
      return profiles(AgentProfile.query.directoryByType());
    case 'Priority':
      return profiles(AgentProfile.query.directoryByPriority());
    case 'CurrentBalance':
      return { rows: 'balance', query: Balance.query.directoryByBalance() };
    case 'CreditLine':
      return { rows: 'balance', query: Balance.query.directoryByCreditLine() };
  }
}

/** `want` items after the first `skip` of a partition, in the direction asked. */
async function readAt<T>(query: EntityQuery<T>, at: { skip: number; want: number; newestFirst: boolean }): Promise<T[]> {
  const start = at.skip > 0 ? await query.count({ newestFirst: at.newestFirst, limit: at.skip }) : undefined;
  if (start && !start.cursor) return []; // fewer keys than counted: agents removed since
  return readFrom(query, start?.cursor, at.want, at.newestFirst);
}

/** `want` items of a partition after the cursor's key (from the start without one). */
async function readFrom<T>(query: EntityQuery<T>, cursor: string | undefined, count: number, newestFirst = false): Promise<T[]> {
  const rows: T[] = [];
  do {
    const page = await query.page({ newestFirst, limit: count - rows.length, cursor });
    rows.push(...page.items);
    cursor = page.cursor;
  } while (cursor && rows.length < count);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Strategy 2: the whole candidate set, filtered, counted, sorted and paged in memory

/** Any request: the filters, sorts and scopes the index order cannot serve, and large pages. */
export async function listAgentsFromFullRead(scope: DirectoryScope, q: DirectoryQuery): Promise<DirectoryPage> {
  const { candidates, order } = await readCandidates(scope, q.filters);
  const matching = candidates.filter(matches(q.filters));
  const sorted = await sortCandidates(matching, order, q.sort);
  const start = (q.page - 1) * q.pageSize;
  const pageRows = sorted.slice(start, start + q.pageSize);
  await hydratePage(pageRows, q);
  return { entries: pageRows.map(toEntry), totalCount: matching.length };
}

// ---------------------------------------------------------------------------------------------
// Strategy 3: light candidates, sorted, then the page's rows

/**
 * A page of a filtered list in an order other than its index's, or of a team (docs/data-model.md
 * #24f): what the full read does, with light items. The candidates come from the same index
 * partition and key condition, projected to the agent id, the names and, for a profile column of the
 * staff list, the sorted attribute (a profile is ~600 bytes, these ~100); the sorted value the
 * candidate read does not carry is read for the matching candidates only, by BatchGet projected to
 * it (the balance item's amounts for the money orders; a team member's profile's sorted attribute
 * and names, since the closure item carries no sorted value). The keys are compared as the sorted
 * indexes hold them (sortFieldsKey), so rows, order and TotalCount are the full read's; only the
 * page's rows are then read whole.
 */
export async function listAgentsFromLightRead(scope: DirectoryScope, q: DirectoryQuery): Promise<DirectoryPage> {
  const { column } = q.sort;
  const source = candidateSource(scope, q.filters);
  const cards = source.order === 'firstName' ? await firstNameCards(source.prefix, q) : undefined;
  if (cards) {
    const matching = cards.cards.filter(matches(q.filters));
    return pageOfLight(matching, await pageOfCandidates(matching, 'name', false, q, Promise.resolve(cards.directory)));
  }
  const team = source.rows === 'team';
  // A team's copied sort value (#24h) counts only when every closure item read carries the copies.
  const copied = team ? TEAM_COPIED_ATTRIBUTE[column] : undefined;
  const sortAttribute = team ? (TEAM_SORT_ATTRIBUTE[column] ?? copied) : PROFILE_SORT_ATTRIBUTE[column];
  const expectsSortValue = sortAttribute !== undefined;
  // The directory's size, which a walk of the sort's index needs, read side by side with the candidates.
  const needsDirectory = (carries: boolean) => !carries && (NEEDS_BALANCE.has(column) || NEEDS_PROFILE.has(column));
  let directory = needsDirectory(expectsSortValue) ? settled(agentCount()) : Promise.resolve(undefined);
  const names = [team ? 'descendantId' : 'agentId', 'firstName', 'lastName'];
  const projection = [...names, ...(sortAttribute ? [sortAttribute] : []), ...(copied ? ['copies'] : [])];
  const items = team
    ? await readTeamLight(source.query, source.prefix, source.cuts, projection)
    : await slicedQuery(source.query as EntityQuery<unknown>, source.prefix, source.cuts, (query) => readProjected(query, projection));
  const carriesSortValue = expectsSortValue && (!copied || items.every((item) => item.copies === TEAM_COPIES));
  if (expectsSortValue && !carriesSortValue) directory = settled(agentCount()); // closure items not backfilled yet
  const light = items.map((item) => (team ? lightOf({ ...item, agentId: item.descendantId }) : lightOf(item)));
  const matching = light.filter(matches(q.filters));
  return pageOfLight(matching, await pageOfCandidates(matching, source.order, carriesSortValue, q, directory));
}

/** A promise whose rejection is handled even when nobody awaits it (a read started ahead, then not needed). */
function settled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * A team's closure items, projected, in name order: one Query of up to LIGHT_READ.teamFirstAnswer
 * items (a team of a few thousand is one answer, read faster alone than as 26 slices side by side:
 * 25 against 50 ms for the 1,655 of the bench's sponsor); a larger team's remaining keys, from the
 * first answer's last on, in the slices side by side (a key on a cut is read twice, kept once).
 */
async function readTeamLight(query: EntityQuery<Downline>, prefix: string, cuts: string, projection: readonly string[]): Promise<Record<string, unknown>[]> {
  const whole = query.within(prefix ? { between: [prefix, prefix + HIGHEST] } : undefined);
  const first = await queryPage({ ...whole.key, projection, limit: LIGHT_READ.teamFirstAnswer });
  if (!first.cursor) return first.items;
  const last = teamKey(first.items.at(-1)!);
  const bounds = [...cuts].map((c) => prefix + c).filter((b) => b > last);
  const ends = [...bounds, prefix + HIGHEST];
  const rest = await Promise.all(ends.map((end, i) => readProjected(query.within({ between: [i === 0 ? last : bounds[i - 1]!, end] }), projection)));
  const seen = new Set<string>();
  return [first.items, ...rest].flat().filter((item) => {
    const id = String(item.descendantId);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Closure items the first Query of a team asks for (a tuning point the tests lower to exercise a large team). */
export const LIGHT_READ = { teamFirstAnswer: 3000 };

/** The team index's sort key of a closure item read with its names (Downline's teamByName). */
const teamKey = (item: Record<string, unknown>): string => directoryKeys.lastName({ agentId: String(item.descendantId), firstName: String(item.firstName), lastName: String(item.lastName) });

/** The page's rows read whole (profiles and balances), with the count of the matching candidates. */
async function pageOfLight(matching: SortFields[], page: SortFields[]): Promise<DirectoryPage> {
  const rows = page.map((f): Candidate => ({ agentId: f.agentId, firstName: f.firstName, lastName: f.lastName }));
  await Promise.all([hydrateProfiles(rows), hydrateBalances(rows)]);
  return { entries: rows.map(toEntry), totalCount: matching.length };
}

/**
 * A first-name prefix alone, read from the first-name cards (#24d: agent id and names, a fraction of
 * a profile; in last-name order) instead of the profiles' first-name index, unless the sort is a
 * profile column whose page is too far from either end to walk (walkReads): then the profiles'
 * index, which carries the sorted attribute, is the cheaper read. The cards of the prefix's first one
 * or two letters are trusted only when as many are read as the first-name order's buckets (#24b)
 * count for them; undefined (the profiles' index answers) otherwise, or when that order is not counted.
 */
async function firstNameCards(prefix: string, q: DirectoryQuery): Promise<{ cards: SortFields[]; directory: number } | undefined> {
  if (!prefix) return undefined;
  const head = prefix.slice(0, 2);
  const read = () => readProjected(head.length === 1 ? DirectoryCard.query.byFirstLetter(head) : DirectoryCard.query.byFirstTwoLetters(head), ['agentId', 'firstName', 'lastName']);
  // Read side by side with the counts that say whether to use them, unless a profile order's page is
  // far enough from the start that the counts may well send the request to the profiles' index.
  const early = !NEEDS_PROFILE.has(q.sort.column) || (q.page - 1) * q.pageSize < CARDS_EARLY_ROWS ? settled(read()) : undefined;
  const counted = await orderBuckets('FirstName');
  if (!counted) return undefined;
  const count = counted.buckets.filter((b) => b.bucket.startsWith(head)).reduce((sum, b) => sum + b.count, 0);
  if (NEEDS_PROFILE.has(q.sort.column) && walkReads(count, q, counted.total) > WALK_PER_VALUE_READ * count) return undefined;
  const cards = await (early ?? read());
  return cards.length === count ? { cards: cards.map(lightOf), directory: counted.total } : undefined;
}

/**
 * The page of the matching candidates: in the index order when it is the sort's; else walked off the
 * sort's own index when the page is near enough an end (walkSortedIndex); else sorted in memory by
 * their sort values, read first when the candidate read did not carry them.
 */
async function pageOfCandidates(
  matching: SortFields[],
  order: IndexOrder,
  carriesSortValue: boolean,
  q: DirectoryQuery,
  directory: Promise<number | undefined>,
): Promise<SortFields[]> {
  const { column, descending } = q.sort;
  const start = (q.page - 1) * q.pageSize;
  const page = (sorted: SortFields[]) => sorted.slice(start, start + q.pageSize);
  if (servedByIndex(order, column)) return page(descending ? matching.reverse() : matching);
  if (carriesSortValue || (!NEEDS_BALANCE.has(column) && !NEEDS_PROFILE.has(column))) return page(sortByKey(matching, (f) => sortFieldsKey(column, f), descending));
  const walked = await walkSortedIndex(column, matching, q, await directory);
  if (walked) return walked;
  const withValues = NEEDS_BALANCE.has(column) ? await withBalanceAmounts(matching) : await withProfileValue(matching, PROFILE_SORT_ATTRIBUTE[column]!);
  return page(sortByKey(withValues, (f) => sortFieldsKey(column, f), descending));
}

/**
 * Reading the sort values of every candidate costs a BatchGet per 100 of them (a team of 1,655 by
 * balance: 17). A page near either end of the order is cheaper to take off the sort's own index
 * (#24a), which holds every agent in that order: read from the nearer end, projected to the agent id,
 * keeping the candidates until the page's last row. The candidates are spread through the directory,
 * so that reads about (rows to the page's end) x directory / candidates keys; walked only while that
 * is at most WALK_PER_VALUE_READ times the candidates (a projected index key reads several times
 * cheaper than a BatchGet key). Undefined (the values decide) when farther, or when a candidate is
 * missing from the index (a balance item not written: the full read counts it as zero).
 */
async function walkSortedIndex(column: AgentSortColumn, candidates: SortFields[], q: DirectoryQuery, directory: number | undefined): Promise<SortFields[] | undefined> {
  const n = candidates.length;
  const offset = (q.page - 1) * q.pageSize;
  if (offset >= n) return [];
  const { want, fromEnd, need } = walkSpan(n, q);
  if (directory === undefined) return undefined;
  const expected = walkReads(n, q, directory);
  if (expected > WALK_PER_VALUE_READ * n) return undefined;
  const byId = new Map(candidates.map((c) => [c.agentId, c]));
  const kept: SortFields[] = [];
  const { key } = sortedIndex(column).query;
  const newestFirst = q.sort.descending !== fromEnd;
  let cursor: string | undefined;
  do {
    const page = await queryPage({ ...key, projection: ['agentId'], newestFirst, cursor, limit: Math.min(WALK_PAGE, Math.ceil(expected * 1.25) + q.pageSize) });
    for (const item of page.items) {
      const c = byId.get(String(item.agentId));
      if (c && kept.push(c) === need) break;
    }
    cursor = page.cursor;
  } while (cursor && kept.length < need);
  if (kept.length < need) return undefined;
  const rows = kept.slice(need - want);
  return fromEnd ? rows.reverse() : rows;
}

/** The page's rows, and how many candidates a walk keeps to reach them, from the nearer end of the order. */
function walkSpan(n: number, q: DirectoryQuery): { want: number; fromEnd: boolean; need: number } {
  const offset = (q.page - 1) * q.pageSize;
  const want = Math.max(0, Math.min(q.pageSize, n - offset));
  const after = n - offset - want;
  const fromEnd = after < offset;
  return { want, fromEnd, need: (fromEnd ? after : offset) + want };
}

/** The index keys a walk is expected to read for a page of n candidates spread through the directory. */
function walkReads(n: number, q: DirectoryQuery, directory: number): number {
  return n === 0 ? 0 : Math.ceil((walkSpan(n, q).need * Math.max(directory, n)) / n);
}

const WALK_PER_VALUE_READ = 4;
/** A profile order's page starting within this many rows reads the first-name cards before the counts say to. */
const CARDS_EARLY_ROWS = 100;
/** Index keys read per Query of the walk (projected to the agent id, well within 1 MB). */
const WALK_PAGE = 2000;

/** The profile attribute each profile column sorts by (with the names, which end every key). */
const PROFILE_SORT_ATTRIBUTE: Partial<Record<AgentSortColumn, keyof SortFields & keyof AgentProfile>> = {
  LastLoginDateTime: 'lastLoginAt',
  LastLeadDateTime: 'lastLeadAt',
  Status: 'status',
  Type: 'type',
  Priority: 'priority',
};

/**
 * The sort attributes a team's closure item carries itself: status and type, which the closure rows
 * keep equal to the profile's (setAgentStatus rewrites them in the profile's transaction; the type
 * never changes), so a team sorted by either is sorted in memory with no other read.
 */
const TEAM_SORT_ATTRIBUTE: Partial<Record<AgentSortColumn, keyof SortFields & keyof Downline>> = {
  Status: 'status',
  Type: 'type',
};

/**
 * The sort values a team's closure items carry as copies (#24h, core/team-copies.ts), rewritten by the
 * transactions that change them; trusted only when every item of the team read carries `copies`
 * (else the values are read as before: an item written before the copies, not backfilled yet).
 */
const TEAM_COPIED_ATTRIBUTE: Partial<Record<AgentSortColumn, keyof SortFields & keyof Downline>> = {
  LastLoginDateTime: 'lastLoginAt',
  Priority: 'priority',
  CreditLine: 'creditLineCents',
};

/** Every item of a Query, only the attributes named (raw items: partial, so never parsed as entities). */
async function readProjected(query: EntityQuery<unknown>, projection: readonly string[]): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryPage({ ...query.key, projection, cursor });
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return items;
}

const LightItem = z.object({
  agentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  lastLoginAt: z.string().optional(),
  lastLeadAt: z.string().optional(),
  status: z.number().optional(),
  type: z.number().optional(),
  priority: z.number().optional(),
  balanceCents: z.number().optional(),
  creditLineCents: z.number().optional(),
});
const lightOf = (item: Record<string, unknown>): SortFields => LightItem.parse(item);

/** The candidates with their balance item's amounts (zero for an account not opened yet), by projected BatchGet. */
async function withBalanceAmounts(candidates: SortFields[]): Promise<SortFields[]> {
  const items = await batchGetAll(
    candidates.map((c) => Balance.key({ agentId: c.agentId })),
    ['agentId', 'balanceCents', 'creditLineCents'],
    VALUE_READ_CONCURRENCY,
  );
  const byId = new Map(items.map((i) => [String(i.agentId), LightItem.pick({ balanceCents: true, creditLineCents: true }).parse(i)]));
  return candidates.map((c) => ({ ...c, balanceCents: byId.get(c.agentId)?.balanceCents ?? 0, creditLineCents: byId.get(c.agentId)?.creditLineCents ?? 0 }));
}

/** The candidates (a team's) with their profile's names and sorted attribute, by projected BatchGet. */
async function withProfileValue(candidates: SortFields[], attribute: string): Promise<SortFields[]> {
  const items = await batchGetAll(
    candidates.map((c) => AgentProfile.key({ agentId: c.agentId })),
    ['agentId', 'firstName', 'lastName', attribute],
    VALUE_READ_CONCURRENCY,
  );
  const byId = new Map(items.map((i) => [String(i.agentId), lightOf(i)]));
  return candidates.map((c) => {
    const profile = byId.get(c.agentId);
    if (!profile) throw new Error(`Agent ${c.agentId} is listed but has no profile`);
    return profile;
  });
}

// ---------------------------------------------------------------------------------------------
// Reading the candidates

/**
 * The index partition that serves the request: agents read their team by name, which holds exactly
 * their downline; staff read the directory by name, or by id when an agent id prefix of at least
 * ID_INDEX_MIN_PREFIX characters (and no last name) is given, or by first name when only a
 * first-name prefix narrows the set. Shorter id prefixes and the AgentId
 * sort read the name index and sort in memory: agent ids are `A` + 6 digits, so the id index cannot
 * be cut into useful slices after one or two characters and would be read page after page.
 */
async function readCandidates(scope: DirectoryScope, filters: DirectoryFilters): Promise<{ candidates: Candidate[]; order: IndexOrder }> {
  const source = candidateSource(scope, filters);
  if (source.rows === 'team') {
    const team = await slicedQuery(source.query, source.prefix, NAME_SLICES, (query) => query.all());
    return { candidates: team.map((d) => ({ agentId: d.descendantId, firstName: d.firstName, lastName: d.lastName })), order: source.order };
  }
  const profiles = await slicedQuery(source.query, source.prefix, source.order === 'id' ? ID_SLICES : NAME_SLICES, (query) => query.all());
  return { candidates: profiles.map(profileCandidate), order: source.order };
}

/**
 * Where the candidates of a request are (readCandidates' choice), with the key prefix and the cuts a
 * light read slices it at: none for a prefix of NAME_ONE_SLICE_PREFIX (ID_ONE_SLICE_PREFIX) characters
 * or more, which selects a few thousand keys at most, a single page of light items.
 */
type CandidateSource = { prefix: string; cuts: string; order: IndexOrder } & (
  | { rows: 'team'; query: EntityQuery<Downline> }
  | { rows: 'profile'; query: EntityQuery<AgentProfile> }
);

function candidateSource(scope: DirectoryScope, filters: DirectoryFilters): CandidateSource {
  const lastNamePrefix = keyPrefix(filters.lastName);
  const nameCuts = (prefix: string) => (prefix.length >= NAME_ONE_SLICE_PREFIX ? '' : NAME_SLICES);
  if (scope.kind === 'downline') {
    const prefix = lastNamePrefix?.toLowerCase() ?? '';
    return { rows: 'team', query: Downline.query.teamByName(scope.ancestorId), prefix, cuts: nameCuts(prefix), order: 'name' };
  }
  const byId = lastNamePrefix === undefined && (filters.agentId?.length ?? 0) >= ID_INDEX_MIN_PREFIX;
  const firstNamePrefix = keyPrefix(filters.firstName);
  if (byId) {
    const prefix = filters.agentId!.toUpperCase();
    return { rows: 'profile', query: AgentProfile.query.directoryById(), prefix, cuts: prefix.length >= ID_ONE_SLICE_PREFIX ? '' : ID_SLICES, order: 'id' };
  }
  if (lastNamePrefix === undefined && firstNamePrefix !== undefined) {
    const prefix = firstNamePrefix.toLowerCase();
    return { rows: 'profile', query: AgentProfile.query.directoryByFirstName(), prefix, cuts: nameCuts(prefix), order: 'firstName' };
  }
  const prefix = lastNamePrefix?.toLowerCase() ?? '';
  return { rows: 'profile', query: AgentProfile.query.directoryByName(), prefix, cuts: nameCuts(prefix), order: 'name' };
}

/**
 * Every agent profile of the directory, in name order: the same sliced Query of the name index the
 * full read uses (never a Scan). For callers that hold the directory's names in memory, such as the
 * transfer dialog's fuzzy search (docs/data-model.md #14).
 */
export function readWholeDirectory(): Promise<AgentProfile[]> {
  return slicedQuery(AgentProfile.query.directoryByName(), '', NAME_SLICES, (query) => query.all());
}

/**
 * The name indexes' sort keys are `last#first#id` (`first#last#id` for the first-name index),
 * lower-cased: a name prefix is a key prefix only while it holds no `#`, which would reach into the
 * next name.
 */
function keyPrefix(name: string | undefined): string | undefined {
  return name && !name.includes('#') ? name.trim() : undefined;
}

/** An agent id prefix this long (`A001`) selects at most a thousand ids of the `A` + 6 digits scheme. */
const ID_INDEX_MIN_PREFIX = 4;
/** Where the name keys (lower-case) and the agent ids (upper-case codes) are cut into slices. */
const NAME_SLICES = 'bcdefghijklmnopqrstuvwxyz';
const ID_SLICES = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Above every character, so `prefix + HIGHEST` closes the range of keys starting with `prefix`. */
const HIGHEST = String.fromCodePoint(0x10ffff);

/**
 * Every item of an index partition whose sort key starts with `prefix`, read as one Query per slice
 * of the key range (cut after the prefix at each character of `cuts`), all slices at once. One
 * Query would follow its 1 MB pages one after another; the slices read side by side, so a 30,000
 * agent directory costs the time of its largest slice, not of 15 pages in a row. The results come
 * back in index order; an item whose key falls exactly on a cut is read twice and kept once.
 * Without cuts, one Query of the prefix. `read` reads one slice (whole items, or projected ones).
 */
async function slicedQuery<Q, T extends { agentId?: unknown; descendantId?: unknown }>(
  partition: EntityQuery<Q>,
  prefix: string,
  cuts: string,
  read: (slice: EntityQuery<Q>) => Promise<T[]>,
): Promise<T[]> {
  if (!cuts) return read(partition.within(prefix ? { between: [prefix, prefix + HIGHEST] } : undefined));
  const bounds = [...cuts].map((c) => prefix + c);
  const ranges: SortCondition[] = [
    prefix ? { between: [prefix, bounds[0]!] } : { lt: bounds[0]! },
    ...bounds.slice(1).map((b, i): SortCondition => ({ between: [bounds[i]!, b] })),
    { between: [bounds.at(-1)!, prefix + HIGHEST] },
  ];
  const slices = await Promise.all(ranges.map((sk) => read(partition.within(sk))));
  const seen = new Set<string>();
  return slices.flat().filter((item) => {
    const id = String(item.descendantId ?? item.agentId ?? '');
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

const startsWith = (value: string, prefix: string | undefined) => prefix === undefined || value.toLowerCase().startsWith(prefix.toLowerCase());

/** The filters as the spec means them: prefixes, case-insensitive (the key condition only narrows). */
function matches(filters: DirectoryFilters): (c: { agentId: string; firstName: string; lastName: string }) => boolean {
  return (c) => startsWith(c.agentId, filters.agentId) && startsWith(c.firstName, filters.firstName) && startsWith(c.lastName, filters.lastName);
}

// ---------------------------------------------------------------------------------------------
// Sorting

/** The index order serves LastName on the name indexes, FirstName on the first-name index and AgentId on the id index. */
function servedByIndex(order: IndexOrder, column: AgentSortColumn): boolean {
  return (order === 'name' && column === 'LastName') || (order === 'id' && column === 'AgentId') || (order === 'firstName' && column === 'FirstName');
}

const NEEDS_BALANCE: ReadonlySet<AgentSortColumn> = new Set(['CurrentBalance', 'CreditLine']);
const NEEDS_PROFILE: ReadonlySet<AgentSortColumn> = new Set(['LastLoginDateTime', 'LastLeadDateTime', 'Status', 'Type', 'Priority']);

/**
 * Sorted in memory by the very keys the sorted indexes hold (directoryKeys, balanceKeys), so a team,
 * a filtered set and an index page agree on the order, ties included.
 */
async function sortCandidates(candidates: Candidate[], order: IndexOrder, sort: DirectorySort): Promise<Candidate[]> {
  if (servedByIndex(order, sort.column)) return sort.descending ? candidates.reverse() : candidates;
  if (NEEDS_PROFILE.has(sort.column)) await hydrateProfiles(candidates);
  if (NEEDS_BALANCE.has(sort.column)) await hydrateBalances(candidates);
  return sortByKey(candidates, sortKey(sort.column), sort.descending);
}

function sortByKey<T>(items: T[], key: (item: T) => string, descending: boolean): T[] {
  const keyed = items.map((c) => ({ c, k: key(c) }));
  const direction = descending ? -1 : 1;
  keyed.sort((a, b) => (a.k === b.k ? 0 : a.k < b.k ? -direction : direction));
  return keyed.map((e) => e.c);
}

/** The key a column sorts a candidate by: from its profile for a profile column, else its names or balance. */
function sortKey(column: AgentSortColumn): (c: Candidate) => string {
  const profile = (c: Candidate): AgentProfile => {
    if (!c.profile) throw new Error(`Agent ${c.agentId} is listed but has no profile`);
    return c.profile;
  };
  return (c) => sortFieldsKey(column, NEEDS_PROFILE.has(column) ? profile(c) : { agentId: c.agentId, firstName: c.firstName, lastName: c.lastName, ...c.balance });
}

/** What a sort key is made of: the names, the profile's sorted attributes, the balance item's amounts. */
type SortFields = z.infer<typeof LightItem>;

/** The key a column sorts by: the sort key of that column's index (a missing amount is zero). */
function sortFieldsKey(column: AgentSortColumn, f: SortFields): string {
  const present = <V,>(value: V | undefined): V => {
    if (value === undefined) throw new Error(`Agent ${f.agentId} has no ${column} to sort by`);
    return value;
  };
  const money = { agentId: f.agentId, balanceCents: f.balanceCents ?? 0, creditLineCents: f.creditLineCents ?? 0 };
  switch (column) {
    case 'AgentId':
      return f.agentId;
    case 'FirstName':
      return directoryKeys.firstName(f);
    case 'LastName':
      return directoryKeys.lastName(f);
    case 'LastLoginDateTime':
      return directoryKeys.lastLogin(f);
    case 'LastLeadDateTime':
      return directoryKeys.lastLead(f);
    case 'Status':
      return directoryKeys.status({ ...f, status: present(f.status) });
    case 'Type':
      return directoryKeys.type({ ...f, type: present(f.type) });
    case 'Priority':
      return directoryKeys.priority({ ...f, priority: present(f.priority) });
    case 'CurrentBalance':
      return balanceKeys.balance(money);
    case 'CreditLine':
      return balanceKeys.creditLine(money);
  }
}

// ---------------------------------------------------------------------------------------------
// Hydrating profiles and balances

/** A page's rows made whole: their profiles, and their balances unless the query says not to read them. */
async function hydratePage(rows: Candidate[], q: Pick<DirectoryQuery, 'balances'>): Promise<void> {
  await Promise.all([hydrateProfiles(rows), q.balances === false ? undefined : hydrateBalances(rows)]);
}

/** Attaches the profile to candidates read from the team index, which carries names only. */
async function hydrateProfiles(candidates: Candidate[]): Promise<void> {
  const missing = candidates.filter((c) => !c.profile);
  const items = await batchGetAll(missing.map((c) => AgentProfile.key({ agentId: c.agentId })));
  const byId = new Map(items.map((i) => AgentProfile.parse(i)).map((p) => [p.agentId, p]));
  for (const c of missing) c.profile = byId.get(c.agentId);
}

/** Attaches the balance item; an agent whose account is not open yet has a zero balance. */
async function hydrateBalances(candidates: Candidate[]): Promise<void> {
  const missing = candidates.filter((c) => !c.balance);
  const items = await batchGetAll(missing.map((c) => Balance.key({ agentId: c.agentId })));
  const byId = new Map(items.map((i) => Balance.parse(i)).map((b) => [b.agentId, b]));
  for (const c of missing) c.balance = byId.get(c.agentId) ?? { balanceCents: 0, creditLineCents: 0 };
}

async function batchGetAll(keys: { pk: string; sk: string }[], projection?: readonly string[], concurrency = HYDRATE_CONCURRENCY): Promise<Record<string, unknown>[]> {
  const chunks: (typeof keys)[] = [];
  for (let i = 0; i < keys.length; i += BATCH_KEYS) chunks.push(keys.slice(i, i + BATCH_KEYS));
  const found: Record<string, unknown>[] = [];
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) found.push(...(await batchGet(chunks[next++]!, projection ? { projection } : {})));
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
  return found;
}

function toEntry(c: Candidate): DirectoryEntry {
  // A closure item without its profile means the hierarchy and the profiles disagree: fail loudly.
  const p = c.profile;
  if (!p) throw new Error(`Agent ${c.agentId} is listed but has no profile`);
  return {
    agentId: p.agentId,
    firstName: p.firstName,
    lastName: p.lastName,
    status: p.status,
    type: p.type,
    ...(p.parentAgentId ? { parentAgentId: p.parentAgentId } : {}),
    ...(p.lastLoginAt ? { lastLoginAt: p.lastLoginAt } : {}),
    ...(p.lastLeadAt ? { lastLeadAt: p.lastLeadAt } : {}),
    ...(p.terminationDate ? { terminationDate: p.terminationDate } : {}),
    priority: p.priority,
    balanceCents: c.balance?.balanceCents ?? 0,
    creditLineCents: c.balance?.creditLineCents ?? 0,
  };
}

/** One agent's profile, or undefined when there is no such agent. */
export function findAgentProfile(agentId: string): Promise<AgentProfile | undefined> {
  return AgentProfile.get({ agentId });
}
