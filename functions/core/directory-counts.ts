// Rebuilding the agent directory's counts from the directory itself: COUNTER#AGENTS, every order's
// bucket counts (DIRCOUNT#{order}, docs/data-model.md #24, #24b, #24c) and the first-name cards (#24d). The busy paths keep
// them current in their own transactions; this writes them whole where they were never written or
// were written by an older bucket scheme: after a bulk seed, and once on a table made before the
// money and last-login orders were counted (the upgrade: `npx tsx infra/local/rebuild-directory-counts.ts`
// locally, the same function as a one-off in AWS). Run it while no agent is created and no money
// moves: a write between its read and its write is not counted (the page order then falls back, or
// is off by that agent, until the next rebuild).
import { readWholeDirectory } from '#core/agent-directory.ts';
import { BUCKETED_ORDERS, directoryBucketCounts, MONEY_ORDERS } from '#core/agent-registry.ts';
import { Balance } from '#entities/balance.ts';
import { Counter } from '#entities/counter.ts';
import { DirectoryBucket } from '#entities/directory-bucket.ts';
import { DirectoryCard } from '#entities/directory-card.ts';
import { batchPut } from '#platform/db.ts';

export interface RebuiltCounts {
  agents: number;
  /** Bucket items written per order, and the largest bucket (what one page may count). */
  orders: Record<string, { buckets: number; largest: number }>;
}

export async function rebuildDirectoryCounts(): Promise<RebuiltCounts> {
  const orders = [...Object.keys(BUCKETED_ORDERS), ...Object.keys(MONEY_ORDERS)];
  const [profiles, balances, existing] = await Promise.all([
    readWholeDirectory(),
    Balance.query.directoryByBalance().all(),
    Promise.all(orders.map((order) => DirectoryBucket.query.ofOrder(order).all())),
  ]);
  // Every agent has a balance item (registerAgent opens it); one that has none counts as zero.
  const byAgent = new Map(balances.map((b) => [b.agentId, b]));
  const money = profiles.map((p) => byAgent.get(p.agentId) ?? { agentId: p.agentId, balanceCents: 0, creditLineCents: 0 });
  const fresh = directoryBucketCounts(profiles, money);
  const written = new Set(fresh.map((b) => `${b.order}\u0000${b.bucket}`));
  // Buckets of the old scheme, or emptied: zero, so the order's counts add up to the agent count.
  const emptied = existing.flat().filter((b) => !written.has(`${b.order}\u0000${b.bucket}`) && b.count !== 0).map((b) => ({ ...b, count: 0 }));
  // The first-name filter's cards (#24d), one per agent, written again as the profiles give them.
  const cards = profiles.map((p) => DirectoryCard.toItem({ agentId: p.agentId, firstName: p.firstName, lastName: p.lastName }));
  await batchPut([...fresh, ...emptied].map((b) => DirectoryBucket.toItem(b)).concat(cards), { concurrency: 16 });
  await Counter.put({ name: 'AGENTS', value: profiles.length });
  const summary: RebuiltCounts['orders'] = {};
  for (const b of fresh) {
    const entry = (summary[b.order] ??= { buckets: 0, largest: 0 });
    entry.buckets++;
    entry.largest = Math.max(entry.largest, b.count);
  }
  return { agents: profiles.length, orders: summary };
}
