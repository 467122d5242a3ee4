// The agent directory behind My Team, the Agents page, the agents CSV and the agent pickers (spec part
// 1 §2.4, §3, part 3 §2, §3): filtered, sorted pages of every agent (staff) or of one agent's downline,
// each row with its current balance. Read from the directory held in memory (directory/snapshot.ts),
// which the projector keeps from the profiles and balances: filters, sorts and pages are applied in
// memory, so every sort, filter and page costs the same (docs/data-model.md §8).
import { Forbidden } from '#platform/errors.ts';
import type { AgentSortColumn } from '#shared/agent-list.ts';
import { balanceKeys } from '#entities/balance.ts';
import { AgentProfile, directoryKeys } from '#entities/agent-profile.ts';
import { directorySnapshot, type DirectoryEntry, type DirectorySnapshot } from './snapshot.ts';

export type { DirectoryEntry } from './snapshot.ts';

/** Whose agents a caller sees: every agent (staff) or the downline of one agent. */
export type DirectoryScope = { kind: 'all' } | { kind: 'downline'; ancestorId: string };

/** What the caller may see beyond the list row: the permission-gated columns. */
export interface DirectoryViewer {
  scope: DirectoryScope;
  canSeePriority: boolean;
  canSeeCreditLine: boolean;
}

/** Prefixes, case-insensitive (the spec's search fields). */
export interface DirectoryFilters {
  agentId?: string;
  firstName?: string;
  lastName?: string;
}

export interface DirectorySort {
  column: AgentSortColumn;
  descending: boolean;
}

export interface DirectoryPage {
  entries: DirectoryEntry[];
  totalCount: number;
}

export interface DirectoryQuery {
  filters: DirectoryFilters;
  sort: DirectorySort;
  /** 1-based. */
  page: number;
  /** May cover the whole set (the spec's 30000). */
  pageSize: number;
}

/**
 * One page of agents. Sorting by a permission-gated column the caller cannot see is refused, since
 * the order would reveal it.
 */
export async function listAgents(viewer: DirectoryViewer, q: DirectoryQuery): Promise<DirectoryPage> {
  assertMaySortBy(viewer, q.sort.column);
  const matching = await selectAgents(viewer.scope, q.filters, q.sort);
  const start = (q.page - 1) * q.pageSize;
  return { entries: matching.slice(start, start + q.pageSize), totalCount: matching.length };
}

/**
 * Every agent of the filtered, sorted list, handed over in order `chunkSize` rows at a time (the CSV
 * export job, which records its progress per chunk). Answers the row count.
 */
export async function forEachAgentChunk(
  viewer: DirectoryViewer,
  q: { filters: DirectoryFilters; sort: DirectorySort },
  chunkSize: number,
  onChunk: (entries: DirectoryEntry[], total: number) => Promise<void>,
): Promise<number> {
  assertMaySortBy(viewer, q.sort.column);
  const matching = await selectAgents(viewer.scope, q.filters, q.sort);
  for (let start = 0; start < matching.length; start += chunkSize) await onChunk(matching.slice(start, start + chunkSize), matching.length);
  return matching.length;
}

/** Sorting by a permission-gated column the caller cannot see is refused (403): the order would reveal it. */
export function assertMaySortBy(viewer: DirectoryViewer, column: AgentSortColumn): void {
  if ((column === 'Priority' && !viewer.canSeePriority) || (column === 'CreditLine' && !viewer.canSeeCreditLine)) throw new Forbidden();
}

/** Every listed agent, in last-name order (the transfer search holds their names). */
export async function readWholeDirectory(): Promise<readonly DirectoryEntry[]> {
  return sortedBy(await directorySnapshot(), 'LastName');
}

/** One agent's profile, or undefined when there is no such agent. */
export function findAgentProfile(agentId: string): Promise<AgentProfile | undefined> {
  return AgentProfile.get({ agentId });
}

/** The scope's agents matching the filters, in the sort's order (a descending sort is the ascending order turned round). */
async function selectAgents(scope: DirectoryScope, filters: DirectoryFilters, sort: DirectorySort): Promise<DirectoryEntry[]> {
  const snapshot = await directorySnapshot();
  const team = scope.kind === 'downline' ? snapshot.downlineOf(scope.ancestorId) : undefined;
  const ordered = sortedBy(snapshot, sort.column);
  const wanted = matches(filters);
  const all = !team && filters.agentId === undefined && filters.firstName === undefined && filters.lastName === undefined;
  const matching = all ? [...ordered] : ordered.filter((e) => (!team || team.has(e.agentId)) && wanted(e));
  return sort.descending ? matching.reverse() : matching;
}

const startsWith = (value: string, prefix: string | undefined) => prefix === undefined || value.toLowerCase().startsWith(prefix.toLowerCase());

/** The filters as the spec means them: prefixes, case-insensitive. */
function matches(filters: DirectoryFilters): (e: DirectoryEntry) => boolean {
  return (e) => startsWith(e.agentId, filters.agentId) && startsWith(e.firstName, filters.firstName) && startsWith(e.lastName, filters.lastName);
}

/** The snapshot's agents in a column's ascending order, sorted once per snapshot. */
function sortedBy(snapshot: DirectorySnapshot, column: AgentSortColumn): readonly DirectoryEntry[] {
  return snapshot.derived(`sorted:${column}`, () => {
    const key = SORT_KEYS[column];
    return snapshot.entries
      .map((e) => ({ e, k: key(e) }))
      .sort((a, b) => (a.k === b.k ? 0 : a.k < b.k ? -1 : 1))
      .map(({ e }) => e);
  });
}

/**
 * The key each column sorts by. Ties of every column go by last name, first name, agent id (the
 * names end each key; the money orders' ties go by agent id).
 */
const SORT_KEYS: Record<AgentSortColumn, (e: DirectoryEntry) => string> = {
  AgentId: (e) => e.agentId,
  FirstName: directoryKeys.firstName,
  LastName: directoryKeys.lastName,
  LastLoginDateTime: directoryKeys.lastLogin,
  LastLeadDateTime: directoryKeys.lastLead,
  Status: directoryKeys.status,
  Type: directoryKeys.type,
  Priority: directoryKeys.priority,
  CurrentBalance: balanceKeys.balance,
  CreditLine: balanceKeys.creditLine,
};
