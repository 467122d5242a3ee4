// Creating an agent and counting the directory: the profile, its first-name card, its opened account,
// the directory's agent count (COUNTER#AGENTS, the TotalCount of an unfiltered staff list) and the
// bucket counts of every sort order (DIRCOUNT#{order}) are written in one transaction, so the counts
// never disagree with the keys the sorted indexes hold (docs/data-model.md #24, #24b-d); the writes
// that move a key later (ledger, credit line, sign-in, status, priority, lead sale) move its counts
// in their own transactions with the transaction items made here. The bulk seed writes the profiles
// and then rebuilds the counts (core/directory-counts.ts).
import { Counter } from '#entities/counter.ts';
import { AgentProfile, directoryKeys } from '#entities/agent-profile.ts';
import { Balance } from '#entities/balance.ts';
import { DirectoryBucket } from '#entities/directory-bucket.ts';
import { DirectoryCard } from '#entities/directory-card.ts';
import { sortableCents } from '#entities/balance.ts';
import { afterCopyWrite, copyPatchesAfter, copyTx, uplineItems } from '#core/team-copies.ts';
import { ConditionFailed, sleep, transactWrite, TransactionConflict, type TxItem } from '#platform/db.ts';
import { Conflict } from '#platform/errors.ts';
import type { AgentSortColumn } from '#shared/agent-list.ts';

export const AGENT_EXISTS = 'Agent account already exists.';

/**
 * The orders counted per bucket, and each one's bucket: the lower bound of a run of its sort keys
 * (a prefix of them, here), so a page's bucket is found by summing counts and counting keys starts
 * there. Two letters of a name (a few hundred agents at 30,000), `A` + 4 digits of an id (100), the
 * value and two letters for the status, type and priority orders; the hour of the last login or
 * last lead (`#` and one letter of the last name for an agent who has none). Agent creation writes
 * them all; Agent Information moves priority, the agent systems' status change moves status,
 * sign-in moves last login (stampLastLogin) and the lead engine's sale moves last lead, each in the
 * transaction that changes the key (docs/data-model.md #24b, #24c).
 */
export const BUCKETED_ORDERS = {
  LastName: { bucket: (p: AgentProfile) => directoryKeys.lastName(p).slice(0, 2) },
  FirstName: { bucket: (p: AgentProfile) => directoryKeys.firstName(p).slice(0, 2) },
  AgentId: { bucket: (p: AgentProfile) => p.agentId.slice(0, 5) },
  Status: { bucket: (p: AgentProfile) => directoryKeys.status(p).slice(0, 4) },
  Type: { bucket: (p: AgentProfile) => directoryKeys.type(p).slice(0, 4) },
  Priority: { bucket: (p: AgentProfile) => directoryKeys.priority(p).slice(0, 5) },
  LastLoginDateTime: { bucket: (p: AgentProfile) => timeBucket(directoryKeys.lastLogin(p)) },
  LastLeadDateTime: { bucket: (p: AgentProfile) => timeBucket(directoryKeys.lastLead(p)) },
} satisfies Partial<Record<AgentSortColumn, { bucket: (p: AgentProfile) => string }>>;
export type BucketedOrder = keyof typeof BUCKETED_ORDERS;

/** `{ISO time}#{name key}` by the hour; `#{name key}` (no time yet) by the first letter of the last name. */
function timeBucket(key: string): string {
  return key.startsWith('#') ? key.slice(0, 2) : key.slice(0, 13);
}

/**
 * The money orders, on the balance item (its gsi1/gsi2 keys `{sortableCents}#{agentId}`), counted
 * per $10 band of the value: the band's first 12 digits. Zero, which most agents share (no credit
 * line; a new or closed account), is cut further by the first 4 characters of the agent id (1,000
 * ids), so that no bucket holds thousands of equal values; the band above zero then starts at the
 * key of one cent, above every zero key. The ledger, the credit line changes and agent creation
 * move these counts in their own transactions (moneyOrderTx).
 */
export const MONEY_ORDERS = {
  CurrentBalance: (b: MoneyKey) => moneyBucket(b.balanceCents, b.agentId),
  CreditLine: (b: MoneyKey) => moneyBucket(b.creditLineCents, b.agentId),
} satisfies Partial<Record<AgentSortColumn, (b: MoneyKey) => string>>;
export type MoneyOrder = keyof typeof MONEY_ORDERS;
type MoneyKey = { agentId: string; balanceCents: number; creditLineCents: number };

const BAND_DIGITS = 12; // of the 15 of sortableCents: bands of 1,000 cents
function moneyBucket(cents: number, agentId: string): string {
  const value = sortableCents(cents);
  if (cents === 0) return `${value}#${agentId.slice(0, 4)}`;
  const band = value.slice(0, BAND_DIGITS);
  return band === sortableCents(0).slice(0, BAND_DIGITS) && cents > 0 ? sortableCents(1) : band;
}

export const isBucketed = (column: AgentSortColumn): column is BucketedOrder => column in BUCKETED_ORDERS;
export const isMoneyOrder = (column: AgentSortColumn): column is MoneyOrder => column in MONEY_ORDERS;

/** The bucket of a profile in an order. Buckets keep the order, so a bucket is one run of the index. */
export const bucketOf = (order: BucketedOrder, profile: AgentProfile): string => BUCKETED_ORDERS[order].bucket(profile);

/** The transaction items that move one agent's bucket counts by `delta` (+1 created, -1 and +1 for a change). */
export function bucketCountTx(profile: AgentProfile, delta: number, orders: readonly BucketedOrder[] = Object.keys(BUCKETED_ORDERS) as BucketedOrder[]): TxItem[] {
  return orders.map((order) => countTx(order, bucketOf(order, profile), delta));
}

/** The -1 and +1 of a profile change in the given orders, for those whose bucket changes (none when none does). */
export function profileMoveTx(before: AgentProfile, after: AgentProfile, orders: readonly BucketedOrder[]): TxItem[] {
  return orders.flatMap((o) => (bucketOf(o, before) === bucketOf(o, after) ? [] : [countTx(o, bucketOf(o, before), -1), countTx(o, bucketOf(o, after), 1)]));
}

/**
 * The count moves of a balance item change (the ledger's balance, a credit line), for the
 * transaction that writes it: nothing when the value stays in its bucket, else -1 and +1.
 */
export function moneyOrderTx(before: MoneyKey, after: MoneyKey): TxItem[] {
  return (Object.keys(MONEY_ORDERS) as MoneyOrder[]).flatMap((order) => {
    const from = MONEY_ORDERS[order](before);
    const to = MONEY_ORDERS[order](after);
    return from === to ? [] : [countTx(order, from, -1), countTx(order, to, 1)];
  });
}

/** What each count item of a transaction moves, so moves of one bucket can be merged (mergeCountTx). */
const countMoves = new WeakMap<TxItem, { order: string; bucket: string; delta: number }>();

function countTx(order: string, bucket: string, delta: number): TxItem {
  const item = DirectoryBucket.patchTx({ order, bucket }, { add: { count: delta } }, { upsert: true });
  countMoves.set(item, { order, bucket, delta });
  return item;
}

/**
 * The items of one transaction with the count moves of a bucket summed into one item (dropped when
 * they cancel): DynamoDB takes one operation per item in a transaction, and a transfer can move its
 * two accounts out of and into the same bucket.
 */
export function mergeCountTx(items: readonly TxItem[]): TxItem[] {
  const sums = new Map<string, { order: string; bucket: string; delta: number }>();
  const rest: TxItem[] = [];
  for (const item of items) {
    const move = countMoves.get(item);
    if (!move) {
      rest.push(item);
      continue;
    }
    const id = `${move.order}\u0000${move.bucket}`;
    const sum = sums.get(id) ?? { ...move, delta: 0 };
    sum.delta += move.delta;
    sums.set(id, sum);
  }
  return [...rest, ...[...sums.values()].filter((m) => m.delta !== 0).map((m) => countTx(m.order, m.bucket, m.delta))];
}

/**
 * The bucket counts of a whole directory, for writing in bulk (the seed, benchmarks, the rebuild).
 * Without the balance items the money orders are not counted (their pages then count from the
 * nearer end of the order).
 */
export function directoryBucketCounts(profiles: readonly AgentProfile[], balances?: readonly MoneyKey[]): DirectoryBucket[] {
  const counts = new Map<string, DirectoryBucket>();
  const tally = (order: string, bucket: string) => {
    const id = `${order}\u0000${bucket}`;
    const entry = counts.get(id) ?? { order, bucket, count: 0 };
    entry.count++;
    counts.set(id, entry);
  };
  for (const order of Object.keys(BUCKETED_ORDERS) as BucketedOrder[]) for (const p of profiles) tally(order, bucketOf(order, p));
  for (const order of Object.keys(MONEY_ORDERS) as MoneyOrder[]) for (const b of balances ?? []) tally(order, MONEY_ORDERS[order](b));
  return [...counts.values()];
}

/** A new agent: profile + balance item (0, with the credit line given) + the counts, all or nothing. */
export async function registerAgent(profile: AgentProfile, opts: { creditLineCents?: number; at?: string } = {}): Promise<void> {
  await transactWrite([
    AgentProfile.createTx(profile, { orFail: () => new Conflict(AGENT_EXISTS) }),
    DirectoryCard.putTx({ agentId: profile.agentId, firstName: profile.firstName, lastName: profile.lastName }),
    Balance.createTx(
      // The names go onto every ledger entry of the account (the Transaction History's name orders).
      { agentId: profile.agentId, balanceCents: 0, creditLineCents: opts.creditLineCents ?? 0, version: 0, updatedAt: opts.at ?? new Date().toISOString(), firstName: profile.firstName, lastName: profile.lastName },
      { orFail: () => new Conflict(AGENT_EXISTS) },
    ),
    Counter.patchTx({ name: 'AGENTS' }, { add: { value: 1 } }, { upsert: true }),
    ...bucketCountTx(profile, 1),
    ...(Object.keys(MONEY_ORDERS) as MoneyOrder[]).map((order) =>
      countTx(order, MONEY_ORDERS[order]({ agentId: profile.agentId, balanceCents: 0, creditLineCents: opts.creditLineCents ?? 0 }), 1),
    ),
  ]);
}

/**
 * Stamp an agent's Last Login, move it in the Last Login order's bucket counts and rewrite its copies
 * on the upline closure items (My Team's order, #24h), in one
 * transaction conditioned on the profile as read (its names end the order's key, and the stamp it
 * replaces says which bucket it leaves). A concurrent stamp or a busy bucket item is read again and
 * retried; after a few tries the stamp is given up (signing in never fails for it). A profile that
 * is gone is not stamped.
 */
export async function stampLastLogin(agentId: string, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  for (let attempt = 1; attempt <= STAMP_ATTEMPTS; attempt++) {
    const current = await AgentProfile.get({ agentId }, { consistent: true });
    if (!current) return false;
    const stamped = current.lastLoginAt === undefined ? 'attribute_not_exists(lastLoginAt)' : 'lastLoginAt = :previous';
    // My Team's Last Login copies on the agent's upline closure items, in the same transaction (#24h).
    const uplines = await uplineItems(agentId);
    try {
      await transactWrite([
        AgentProfile.patchTx(
          { agentId },
          { set: { lastLoginAt: at } },
          {
            current,
            condition: {
              expression: `firstName = :firstName AND lastName = :lastName AND ${stamped}`,
              values: { ':firstName': current.firstName, ':lastName': current.lastName, ...(current.lastLoginAt === undefined ? {} : { ':previous': current.lastLoginAt }) },
            },
          },
        ),
        ...profileMoveTx(current, { ...current, lastLoginAt: at }, ['LastLoginDateTime']),
        ...copyTx(agentId, uplines, { lastLoginAt: at }),
      ]);
      await copyPatchesAfter(agentId, uplines, { lastLoginAt: at });
      await afterCopyWrite(agentId, uplines);
      return true;
    } catch (err) {
      if (!(err instanceof ConditionFailed || err instanceof TransactionConflict)) throw err;
      await sleep(Math.random() * 10 * 2 ** attempt);
    }
  }
  return false;
}
const STAMP_ATTEMPTS = 5;

/** How many agents the directory holds, or undefined when the count was never written (a table seeded before it). */
export async function agentCount(): Promise<number | undefined> {
  return (await Counter.get({ name: 'AGENTS' }))?.value;
}

/**
 * The non-empty buckets of an order, in key order, or undefined when they cannot be trusted: they
 * do not add up to the directory's agent count (an order never counted, such as the money orders
 * of a table seeded before them: the busy paths' -1/+1 moves alone sum to zero), or one is negative.
 */
export async function orderBuckets(order: BucketedOrder | MoneyOrder): Promise<{ buckets: DirectoryBucket[]; total: number } | undefined> {
  const [items, total] = await Promise.all([DirectoryBucket.query.ofOrder(order).all(), agentCount()]);
  if (total === undefined || items.some((b) => b.count < 0) || items.reduce((sum, b) => sum + b.count, 0) !== total) return undefined;
  return { buckets: items.filter((b) => b.count > 0), total };
}
