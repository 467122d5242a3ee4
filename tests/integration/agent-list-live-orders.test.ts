// The Agents page's sort orders stay exact while the directory changes (issue 9): every order is
// counted per bucket (DIRCOUNT#{order}, docs/data-model.md #24b, #24c), and the busy paths (ledger
// credits and debits, transfers, credit line changes, sign-ins, status changes, new agents, lead
// sales' last lead) move the counts in the same transaction that moves the agent's key. After each
// kind of change, alone and concurrently, the bucket counts equal a recount of the directory, every
// order is served from its counts, and every page of every sort is the slice of the full read
// (the whole directory sorted in memory by the same keys) with the right TotalCount.
import { beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryQuery } from '#core/agent-directory.ts';
import { agentProfileFixture } from '../support/agent-fixture.ts';
import { useApiHarness } from '../support/api-harness.ts';

const api = useApiHarness();

const { registerAgent, stampLastLogin, directoryBucketCounts, orderBuckets, BUCKETED_ORDERS, MONEY_ORDERS } = await import('#core/agent-registry.ts');
const { rebuildDirectoryCounts } = await import('#core/directory-counts.ts');
const { listAgentsFromFullRead, listAgentsFromIndex, listAgentsFromSortedIndex, readWholeDirectory } = await import('#core/agent-directory.ts');
const { postEntry, setCreditLine, transfer, getBalance } = await import('#core/ledger.ts');
const { setAgentStatus } = await import('#core/agent-lifecycle.ts');
const { Balance } = await import('#entities/balance.ts');
const { DirectoryBucket } = await import('#entities/directory-bucket.ts');
const { AGENT_SORT_COLUMNS } = await import('#shared/agent-list.ts');

const ALL = { kind: 'all' } as const;
const N = 60;
const ids = Array.from({ length: N }, (_, i) => `A8${String(i).padStart(5, '0')}`);
const LAST = ['Smith', 'Smith', 'Jones', 'Brown', 'Nguyen', 'Ortiz', 'Zhang', 'Adams', 'baker'];
const FIRST = ['Ann', 'Bob', 'Joe', 'John', 'Zoe', 'amy'];
let key = 0;
const nextKey = () => `live-orders-${++key}`;

beforeAll(async () => {
  for (const [i, agentId] of ids.entries()) {
    const hour = String(i % 7).padStart(2, '0');
    await registerAgent(
      agentProfileFixture(agentId, {
        firstName: FIRST[i % FIRST.length]!,
        lastName: LAST[i % LAST.length]!,
        priority: 1 + (i % 10),
        type: (i % 3) as 0 | 1 | 2,
        ...(i % 3 ? { lastLoginAt: `2026-01-0${1 + (i % 4)}T${hour}:15:00.000Z` } : {}),
        ...(i % 4 ? { lastLeadAt: `2026-01-0${1 + (i % 3)}T${hour}:30:00.000Z` } : {}),
      }),
      { creditLineCents: i % 4 === 0 ? 0 : (i % 5) * 5_000 },
    );
  }
  // The demo seed wrote its agents in bulk, without the money orders' counts: the upgrade step.
  await rebuildDirectoryCounts();
  // Balances in several $10 bands, some exactly zero or on a round value.
  for (const [i, agentId] of ids.entries())
    if (i % 6) await postEntry({ agentId, deltaCents: (i % 6) * 1_000 + (i % 5) * 17, type: 'CreditCardPayment', description: 'Credit card payment', idempotencyKey: nextKey() });
}, 120_000);

/** Credit or debit an account to the balance asked. */
async function setBalance(agentId: string, cents: number): Promise<void> {
  const delta = cents - (await getBalance(agentId))!.balanceCents;
  if (delta !== 0)
    await postEntry({ agentId, deltaCents: delta, type: delta > 0 ? 'CreditCardPayment' : 'LeadSpend', description: 'Adjust', allowCreditLine: true, idempotencyKey: nextKey() });
}
const PATIENT = { maxAttempts: 30, baseDelayMs: 5 };

/** The bucket counts of every order equal a recount of the directory as it is now. */
async function expectCountsExact(): Promise<void> {
  const [profiles, balances] = await Promise.all([readWholeDirectory(), Balance.query.directoryByBalance().all()]);
  const expected = new Map(directoryBucketCounts(profiles, balances).map((b) => [`${b.order} ${b.bucket}`, b.count]));
  const orders = [...Object.keys(BUCKETED_ORDERS), ...Object.keys(MONEY_ORDERS)];
  const stored = (await Promise.all(orders.map((o) => DirectoryBucket.query.ofOrder(o).all()))).flat().filter((b) => b.count !== 0);
  expect(new Map(stored.map((b) => [`${b.order} ${b.bucket}`, b.count]))).toEqual(expected);
}

/** Every page of every sort, both ways, is the full read's slice, served from the order's counts. */
async function expectEveryOrderPaged(pageSize = 11): Promise<void> {
  for (const column of AGENT_SORT_COLUMNS) {
    expect(await orderBuckets(column as never), `${column} is counted`).toBeDefined();
    // Every key ends with the agent id, so the descending order is the ascending one turned round.
    const ascending = await listAgentsFromFullRead(ALL, { filters: {}, sort: { column, descending: false }, page: 1, pageSize: 100_000 });
    for (const descending of [false, true]) {
      const sort = { column, descending };
      const q = (page: number, size: number): DirectoryQuery => ({ filters: {}, sort, page, pageSize: size });
      const whole = descending ? { ...ascending, entries: [...ascending.entries].reverse() } : ascending;
      const pages = Math.ceil(whole.totalCount / pageSize) + 1;
      const read = await Promise.all(Array.from({ length: pages }, (_, i) => listAgentsFromSortedIndex(q(i + 1, pageSize))));
      read.forEach((page, i) =>
        expect(page, `${column} ${descending ? 'desc' : 'asc'} page ${i + 1}`).toEqual({
          entries: whole.entries.slice(i * pageSize, (i + 1) * pageSize),
          totalCount: whole.totalCount,
        }),
      );
    }
  }
}

describe('the sort orders of the Agents page while agents change', () => {
  it('after the rebuild every order is counted, and every page of every sort is the slice of the full read', async () => {
    await expectCountsExact();
    await expectEveryOrderPaged();
  }, 120_000);

  it('credits, debits into the credit line and transfers move agents in the balance order (negative balances too)', async () => {
    await postEntry({ agentId: ids[1]!, deltaCents: 123_456, type: 'CreditCardPayment', description: 'Credit card payment', idempotencyKey: nextKey() });
    // Into the credit line: below zero, which sorts below every zero and positive balance.
    const withLine = ids[2]!; // credit line $100
    const before = (await getBalance(withLine))!.balanceCents;
    await postEntry({ agentId: withLine, deltaCents: -(before + 4_321), type: 'LeadSpend', description: 'Lead purchase', allowCreditLine: true, idempotencyKey: nextKey() });
    // Down to exactly zero (the zero buckets are cut by agent id).
    const third = ids[3]!;
    await postEntry({ agentId: third, deltaCents: -(await getBalance(third))!.balanceCents, type: 'LeadSpend', description: 'Lead purchase', idempotencyKey: nextKey() });
    // A transfer whose two accounts both land in the same $20 band: their count moves are merged into one item.
    const [from, to] = [ids[7]!, ids[8]!];
    await setBalance(from, 3_500);
    await setBalance(to, 1_500);
    await transfer({ fromAgentId: from, toAgentId: to, amountCents: 1_000, type: 'FundsTransfer', description: 'Transfer', idempotencyKey: nextKey() });
    expect([(await getBalance(from))!.balanceCents, (await getBalance(to))!.balanceCents]).toEqual([2_500, 2_500]);
    await expectCountsExact();
    await expectEveryOrderPaged();
  }, 120_000);

  it('credit line changes move agents in the credit line order', async () => {
    await setCreditLine({ agentId: ids[4]!, creditLineCents: 0, by: 'test', source: 'test', idempotencyKey: nextKey() });
    await setCreditLine({ agentId: ids[8]!, creditLineCents: 987_654, by: 'test', source: 'test', idempotencyKey: nextKey() });
    await setCreditLine({ agentId: ids[0]!, creditLineCents: 5_000, by: 'test', source: 'test', idempotencyKey: nextKey() });
    await expectCountsExact();
    await expectEveryOrderPaged();
  }, 120_000);

  it('sign-ins, a status change and a new agent move the agent in their orders', async () => {
    expect(await stampLastLogin(ids[0]!, new Date('2026-02-01T10:00:00.000Z'))).toBe(true); // never signed in before
    expect(await stampLastLogin(ids[1]!, new Date('2026-02-01T10:59:59.000Z'))).toBe(true);
    expect(await stampLastLogin(ids[1]!, new Date('2026-02-01T10:59:59.500Z'))).toBe(true); // same bucket: no count moves
    expect(await stampLastLogin('A8NOBODY', new Date())).toBe(false);
    await setAgentStatus(ids[5]!, 0, new Date('2026-02-01T11:00:00.000Z'));
    await registerAgent(agentProfileFixture('A8NEW01', { lastName: 'Aardvark', firstName: 'Zed' }), { creditLineCents: 12_300 });
    await expectCountsExact();
    await expectEveryOrderPaged();
  }, 120_000);

  it('concurrent credits, debits, transfers, credit lines and sign-ins leave every count exact', async () => {
    const ops: Promise<unknown>[] = [];
    for (let i = 0; i < 24; i++) {
      const agentId = ids[(i * 7) % 40]!;
      ops.push(postEntry({ agentId, deltaCents: 1_000 + i * 111, type: 'CreditCardPayment', description: 'Credit card payment', idempotencyKey: nextKey() }, PATIENT));
      ops.push(stampLastLogin(ids[(i * 5) % 30]!, new Date(Date.UTC(2026, 1, 2, i % 5, i))));
      if (i % 3 === 0)
        ops.push(transfer({ fromAgentId: ids[1]!, toAgentId: ids[30 + i]!, amountCents: 500 + i, type: 'FundsTransfer', description: 'Transfer', idempotencyKey: nextKey() }, PATIENT));
      if (i % 4 === 0) ops.push(setCreditLine({ agentId: ids[35 + i]!, creditLineCents: i * 2_500, by: 'test', source: 'test', idempotencyKey: nextKey() }, PATIENT));
    }
    const outcomes = await Promise.allSettled(ops);
    // Every write either happened whole or was refused whole; the retries absorb the conflicts.
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
    await expectCountsExact();
    await expectEveryOrderPaged(13);
  }, 180_000);

  it('a first-name prefix in last-name order is read from the first-name cards, page for page as the full read', async () => {
    for (const firstName of ['j', 'jo', 'JOH', 'a', 'Amy', 'zz', 'z'])
      for (const descending of [false, true]) {
        const q = (page: number, pageSize: number): DirectoryQuery => ({ filters: { firstName }, sort: { column: 'LastName', descending }, page, pageSize });
        const whole = await listAgentsFromFullRead(ALL, q(1, 100_000));
        const pages = await Promise.all(Array.from({ length: Math.ceil(whole.totalCount / 7) + 1 }, (_, i) => listAgentsFromIndex(ALL, q(i + 1, 7))));
        pages.forEach((page, i) =>
          expect(page, `${firstName} ${descending ? 'desc' : 'asc'} page ${i + 1}`).toEqual({ entries: whole.entries.slice(i * 7, (i + 1) * 7), totalCount: whole.totalCount }),
        );
      }
  }, 60_000);

  it('GET /api/agent answers a middle page by balance and by last login as the full read orders them', async () => {
    const session = await api.sessionFor('admin');
    for (const column of ['CurrentBalance', 'LastLoginDateTime', 'CreditLine'] as const) {
      const res = await api.call('agents.list', { query: { PageNumber: 4, PageSize: 10, SortColumnName: column, SortOrder: true }, session });
      expect(res.status).toBe(200);
      const body = res.body as { Results: { AgentId: string }[]; Metadata: { TotalCount: number } };
      const expected = await listAgentsFromFullRead(ALL, { filters: {}, sort: { column, descending: true }, page: 4, pageSize: 10 });
      expect(body.Results.map((r) => r.AgentId), column).toEqual(expected.entries.map((e) => e.agentId));
      expect(body.Metadata.TotalCount).toBe(expected.totalCount);
    }
  });
});
