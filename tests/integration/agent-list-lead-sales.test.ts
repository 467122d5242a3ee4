// The Agents page's last lead and balance orders after lead sales through the real lead engine
// (issue 9): a sale stamps the agent's LastLeadDateTime and debits the balance in its one
// transaction, which also moves the agent's bucket counts of both orders (docs/data-model.md #24b,
// #24c); after single and concurrent sales the counts equal a recount of the directory and every
// page of both orders is the slice of the full read. The catalogue, agents, orders and posts are the
// lead fixture's (tests/support/lead-fixture.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryQuery } from '#core/agent-directory.ts';
import { useApiHarness } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const api = useApiHarness();
const { agentWithOrder, post } = useLeadFixture(api, { codeLetter: 'T' });

const { AgentProfile } = await import('#entities/agent-profile.ts');
const { Balance } = await import('#entities/balance.ts');
const { DirectoryBucket } = await import('#entities/directory-bucket.ts');
const { directoryBucketCounts, BUCKETED_ORDERS, MONEY_ORDERS } = await import('#core/agent-registry.ts');
const { rebuildDirectoryCounts } = await import('#core/directory-counts.ts');
const { listAgentsFromFullRead, listAgentsFromSortedIndex, readWholeDirectory } = await import('#core/agent-directory.ts');
const { clearLeadEngineCache } = await import('#core/leads/engine.ts');

/** The bucket counts of every order equal a recount of the directory as it is now. */
async function expectCountsExact(): Promise<void> {
  const [profiles, balances] = await Promise.all([readWholeDirectory(), Balance.query.directoryByBalance().all()]);
  const expected = new Map(directoryBucketCounts(profiles, balances).map((b) => [`${b.order} ${b.bucket}`, b.count]));
  const orders = [...Object.keys(BUCKETED_ORDERS), ...Object.keys(MONEY_ORDERS)];
  const stored = (await Promise.all(orders.map((o) => DirectoryBucket.query.ofOrder(o).all()))).flat().filter((b) => b.count !== 0);
  expect(new Map(stored.map((b) => [`${b.order} ${b.bucket}`, b.count]))).toEqual(expected);
}

/** Every page of the last lead and balance orders, both ways, is the full read's slice. */
async function expectPagesExact(): Promise<void> {
  for (const column of ['LastLeadDateTime', 'CurrentBalance'] as const)
    for (const descending of [false, true]) {
      const q = (page: number, pageSize: number): DirectoryQuery => ({ filters: {}, sort: { column, descending }, page, pageSize });
      const whole = await listAgentsFromFullRead({ kind: 'all' }, q(1, 100_000));
      const pages = await Promise.all(Array.from({ length: Math.ceil(whole.totalCount / 3) + 1 }, (_, i) => listAgentsFromSortedIndex(q(i + 1, 3))));
      pages.forEach((page, i) => expect(page, `${column} page ${i + 1}`).toEqual({ entries: whole.entries.slice(i * 3, (i + 1) * 3), totalCount: whole.totalCount }));
    }
}

beforeAll(async () => {
  await rebuildDirectoryCounts();
}, 120_000);

describe('lead sales and the Agents page orders', () => {
  it('a sale moves the agent in the last lead and balance orders, and their counts stay exact', async () => {
    const { agentId } = await agentWithOrder({ state: 'WI', zip: '53202', balanceCents: 10_000 });
    const sold = await post({ StateCode: 'WI', ZipCode: '53202' });
    expect(sold.body.Result).toBe('sold');
    expect((await AgentProfile.get({ agentId }))?.lastLeadAt).toBeDefined();
    await expectCountsExact();
    await expectPagesExact();
  }, 60_000);

  it('concurrent sales to several agents leave both orders exact', async () => {
    for (const [state, zip] of [['MN', '55401'], ['IA', '50309']] as const) await agentWithOrder({ state, zip, balanceCents: 20_000, keepCache: true });
    clearLeadEngineCache();
    const posts = await Promise.all([0, 1, 2, 3].map((i) => post(i % 2 ? { StateCode: 'MN', ZipCode: '55401' } : { StateCode: 'IA', ZipCode: '50309' })));
    expect(posts.map((p) => p.body.Result)).toEqual(['sold', 'sold', 'sold', 'sold']);
    await expectCountsExact();
    await expectPagesExact();
  }, 60_000);
});
