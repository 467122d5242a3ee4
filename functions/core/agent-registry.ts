// Creating an agent and counting the directory: the profile, its opened account, the directory's
// agent count (COUNTER#AGENTS, the TotalCount of an unfiltered staff list) and the bucket counts of
// the orders whose keys only a new agent changes (DIRCOUNT#{order}) are written in one transaction,
// so the counts never disagree with the profiles the sorted indexes hold (docs/data-model.md #24,
// #24b). The bulk demo seed writes the profiles and then the counts once.
import { Counter } from '#entities/counter.ts';
import { AgentProfile, directoryKeys } from '#entities/agent-profile.ts';
import { Balance } from '#entities/balance.ts';
import { DirectoryBucket } from '#entities/directory-bucket.ts';
import { transactWrite, type TxItem } from '#platform/db.ts';
import { Conflict } from '#platform/errors.ts';
import type { AgentSortColumn } from '#shared/agent-list.ts';

export const AGENT_EXISTS = 'Agent account already exists.';

/**
 * The orders counted per bucket, and how long a bucket's key prefix is: two letters of a name (a few
 * hundred agents at 30,000), `A` + 4 digits of an id (100), the value and two letters for the
 * status, type and priority orders. Only agent creation changes these keys (and Agent Information
 * the priority), so keeping the counts costs nothing on the busy paths; the orders that sign-in and
 * the ledger move (last login, balance, credit line) are not bucketed. Last lead is bucketed by day
 * while nothing but agent creation writes it: the lead engine that will stamp lastLeadAt must move
 * the agent's LastLeadDateTime bucket count (bucketCountTx) in the same transaction.
 */
export const BUCKETED_ORDERS = {
  LastName: { prefix: 2, key: directoryKeys.lastName },
  FirstName: { prefix: 2, key: directoryKeys.firstName },
  AgentId: { prefix: 5, key: (p: AgentProfile) => p.agentId },
  Status: { prefix: 4, key: directoryKeys.status },
  Type: { prefix: 4, key: directoryKeys.type },
  Priority: { prefix: 5, key: directoryKeys.priority },
  LastLeadDateTime: { prefix: 10, key: directoryKeys.lastLead },
} satisfies Partial<Record<AgentSortColumn, { prefix: number; key: (p: AgentProfile) => string }>>;
export type BucketedOrder = keyof typeof BUCKETED_ORDERS;

export const isBucketed = (column: AgentSortColumn): column is BucketedOrder => column in BUCKETED_ORDERS;

/** The bucket of a sort key: its first characters. Truncation keeps order, so a bucket is one run of the index. */
export const bucketOf = (order: BucketedOrder, profile: AgentProfile): string => BUCKETED_ORDERS[order].key(profile).slice(0, BUCKETED_ORDERS[order].prefix);

/** The transaction items that move one agent's bucket counts by `delta` (+1 created, -1 and +1 for a change). */
export function bucketCountTx(profile: AgentProfile, delta: number, orders: readonly BucketedOrder[] = Object.keys(BUCKETED_ORDERS) as BucketedOrder[]): TxItem[] {
  return orders.map((order) => DirectoryBucket.patchTx({ order, bucket: bucketOf(order, profile) }, { add: { count: delta } }, { upsert: true }));
}

/** The bucket counts of a whole directory, for writing in bulk (the seed, benchmarks). */
export function directoryBucketCounts(profiles: readonly AgentProfile[]): DirectoryBucket[] {
  const counts = new Map<string, DirectoryBucket>();
  for (const order of Object.keys(BUCKETED_ORDERS) as BucketedOrder[])
    for (const p of profiles) {
      const bucket = bucketOf(order, p);
      const id = `${order}\u0000${bucket}`;
      const entry = counts.get(id) ?? { order, bucket, count: 0 };
      entry.count++;
      counts.set(id, entry);
    }
  return [...counts.values()];
}

/** A new agent: profile + balance item (0, with the credit line given) + the counts, all or nothing. */
export async function registerAgent(profile: AgentProfile, opts: { creditLineCents?: number; at?: string } = {}): Promise<void> {
  await transactWrite([
    AgentProfile.createTx(profile, { orFail: () => new Conflict(AGENT_EXISTS) }),
    Balance.createTx(
      { agentId: profile.agentId, balanceCents: 0, creditLineCents: opts.creditLineCents ?? 0, version: 0, updatedAt: opts.at ?? new Date().toISOString() },
      { orFail: () => new Conflict(AGENT_EXISTS) },
    ),
    Counter.patchTx({ name: 'AGENTS' }, { add: { value: 1 } }, { upsert: true }),
    ...bucketCountTx(profile, 1),
  ]);
}

/** How many agents the directory holds, or undefined when the count was never written (a table seeded before it). */
export async function agentCount(): Promise<number | undefined> {
  return (await Counter.get({ name: 'AGENTS' }))?.value;
}

/** The non-empty buckets of an order, in key order. */
export async function orderBuckets(order: BucketedOrder): Promise<DirectoryBucket[]> {
  return (await DirectoryBucket.query.ofOrder(order).all()).filter((b) => b.count > 0);
}
