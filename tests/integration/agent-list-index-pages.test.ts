// The staff agent list read page by page from the index (listAgentsFromIndex) answers exactly what the
// full read (listAgentsFromFullRead: the whole directory filtered, counted, sorted and paged in
// memory) answers: rows, their order and TotalCount, for the first, a middle and the last page, in
// both directions, in every sort column without a filter (each column's sorted index and the agent
// count), by last name with a prefix and by agent id with a prefix. The
// directory holds a few hundred generated agents with repeated last names, plus agents whose keys
// sit at the edges of the key-range slices (before `b`, after `z`, exactly on a cut of the id slices).
import { beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryQuery } from '../../functions/core/agent-directory.ts';
import { useApiHarness } from '../support/api-harness.ts';

// The demo seed, then the generated agents below.
const api = useApiHarness();

const { generateAgents, historyOf } = await import('../../functions/core/seed/agents.ts');
const { seededRandom } = await import('../../functions/core/seed/random.ts');
const { accountItems } = await import('../../functions/core/ledger.ts');
const { batchPut } = await import('../../functions/platform/db.ts');
const { AgentProfile } = await import('#entities/agent-profile.ts');
const { Balance } = await import('#entities/balance.ts');
const { Counter } = await import('#entities/counter.ts');
const { DirectoryBucket } = await import('#entities/directory-bucket.ts');
const { directoryBucketCounts } = await import('#core/agent-registry.ts');
const { AGENT_SORT_COLUMNS } = await import('../../shared/agent-list.ts');
const { listAgentsFromFullRead, listAgentsFromIndex } = await import('../../functions/core/agent-directory.ts');

const GENERATED = 400;
/** Keys at the slice edges: `'` and `3` sort before `b`, `Å` after `z`; `A0001` is a cut of the `A000` id slices. */
const EDGES = [
  { agentId: 'B', firstName: 'Gerard', lastName: "'t Hooft" },
  { agentId: 'A0001', firstName: 'Anders', lastName: 'Ångström' },
  { agentId: 'A000A', firstName: 'Bea', lastName: 'b' },
  { agentId: 'A0009Z', firstName: 'Zed', lastName: 'Zz' },
  { agentId: 'Z9', firstName: 'Third', lastName: '3rd' },
  { agentId: 'A0001B', firstName: 'Aaron', lastName: 'Smith' },
];
const ALL = { kind: 'all' } as const;

let total = 0;

beforeAll(async () => {
  const today = new Date(Date.UTC(2025, 0, 15));
  const generated = generateAgents(GENERATED, seededRandom(7), today).slice(5); // the first five are the seed's demo agents
  // The edges differ in every sorted column too: no login, priorities 1 and 10, a balance drawn on the credit line.
  const edges = EDGES.map((e, i) => ({ ...generated[0]!.profile, lastLoginAt: undefined, lastLeadAt: i % 2 ? '2025-01-01T00:00:00.000Z' : undefined, priority: i % 2 ? 1 : 10, ...e }));
  const edgeBalances = EDGES.map((e, i) =>
    Balance.toItem({ agentId: e.agentId, balanceCents: (i - 2) * 2_500, creditLineCents: i * 5_000, version: 0, updatedAt: today.toISOString() }),
  );
  const balances = generated.map((a) => accountItems(a.profile.agentId, a.creditLineCents, historyOf(a, 7, today)).find((i) => i.entity === 'Balance')!);
  await batchPut([...generated.map((a) => AgentProfile.toItem(a.profile)), ...edges.map((p) => AgentProfile.toItem(p)), ...balances, ...edgeBalances]);
  // Written in bulk like the seed, so counted like the seed: the demo agents' count plus these.
  await Counter.patch({ name: 'AGENTS' }, { add: { value: generated.length + edges.length } }, { upsert: true });
  for (const b of directoryBucketCounts([...generated.map((a) => a.profile), ...edges]))
    await DirectoryBucket.patch({ order: b.order, bucket: b.bucket }, { add: { count: b.count } }, { upsert: true });
  total = GENERATED + EDGES.length;
}, 120_000);

const query = (q: Partial<DirectoryQuery> & { column?: 'LastName' | 'AgentId'; descending?: boolean }): DirectoryQuery => ({
  filters: q.filters ?? {},
  sort: { column: q.column ?? 'LastName', descending: q.descending ?? false },
  page: q.page ?? 1,
  pageSize: q.pageSize ?? 25,
});

/** Both strategies answer `q` alike, and the index did serve it. */
async function expectSameAsFullRead(q: DirectoryQuery): Promise<number> {
  const [fromIndex, fromFullRead] = await Promise.all([listAgentsFromIndex(ALL, q), listAgentsFromFullRead(ALL, q)]);
  expect(fromIndex, JSON.stringify(q)).toBeDefined();
  expect(fromIndex, JSON.stringify(q)).toEqual(fromFullRead);
  return fromFullRead.totalCount;
}

describe('a page of the staff list read from the index', () => {
  it('equals the full read on the first, a middle and the last page of the default sort, ascending and descending', async () => {
    for (const descending of [false, true])
      for (const pageSize of [10, 25]) {
        const last = Math.ceil(total / pageSize);
        for (const page of [1, Math.ceil(last / 2), last - 1, last, last + 1])
          expect(await expectSameAsFullRead(query({ descending, pageSize, page }))).toBe(total);
      }
  });

  it('equals the full read on the first, a middle and the last pages of every sort column, ascending and descending', async () => {
    const pageSize = 25;
    const last = Math.ceil(total / pageSize);
    for (const column of AGENT_SORT_COLUMNS)
      for (const descending of [false, true]) {
        // The whole order once from the full read; each page from the index must be its slice.
        const sort = { column, descending };
        const whole = await listAgentsFromFullRead(ALL, { ...query({ pageSize: total }), sort });
        expect(whole.totalCount).toBe(total);
        const pages = [1, 2, Math.ceil(last / 2), last - 1, last, last + 1];
        const fromIndex = await Promise.all(pages.map((page) => listAgentsFromIndex(ALL, { ...query({ pageSize, page }), sort })));
        pages.forEach((page, i) => {
          const expected = { entries: whole.entries.slice((page - 1) * pageSize, page * pageSize), totalCount: total };
          expect(fromIndex[i], `${column} ${descending ? 'desc' : 'asc'} page ${page}`).toEqual(expected);
        });
      }
  }, 120_000);

  it('gives every agent once in every sort column, page after page', async () => {
    for (const column of ['Priority', 'AgentId', 'CurrentBalance', 'LastLoginDateTime'] as const) {
      const sort = { column, descending: column === 'CurrentBalance' };
      const whole = (await listAgentsFromFullRead(ALL, { ...query({ pageSize: total }), sort })).entries.map((e) => e.agentId);
      const pages = await Promise.all(Array.from({ length: Math.ceil(total / 40) }, (_, i) => listAgentsFromIndex(ALL, { ...query({ page: i + 1, pageSize: 40 }), sort })));
      expect(pages.flatMap((p) => p!.entries.map((e) => e.agentId)), column).toEqual(whole);
      expect(new Set(whole).size).toBe(total);
    }
  });

  it('gives every agent once, in the full read\'s order, page after page', async () => {
    const whole = (await listAgentsFromFullRead(ALL, query({ pageSize: total }))).entries.map((e) => e.agentId);
    const pages = await Promise.all(Array.from({ length: Math.ceil(total / 25) }, (_, i) => listAgentsFromIndex(ALL, query({ page: i + 1 }))));
    expect(pages.flatMap((p) => p!.entries.map((e) => e.agentId))).toEqual(whole);
    expect(new Set(whole).size).toBe(total);
  });

  it('filters by last-name prefix like the full read, at the slice edges too', async () => {
    const counts: Record<string, number> = {};
    for (const lastName of ['m', 'MAR', 'martinez', 'b', "'", 'å', 'zz', 'nobody']) {
      counts[lastName] = await expectSameAsFullRead(query({ filters: { lastName }, pageSize: 5 }));
      const last = Math.max(1, Math.ceil(counts[lastName] / 5));
      for (const descending of [false, true])
        for (const page of [1, Math.ceil(last / 2), last]) await expectSameAsFullRead(query({ filters: { lastName }, descending, pageSize: 5, page }));
    }
    expect(counts.nobody).toBe(0);
    expect(counts).toMatchObject({ "'": 1, å: 1, zz: 1 });
    expect(counts.b).toBeGreaterThan(1);
    expect(counts.m).toBeGreaterThan(counts.MAR!);
    expect(counts.MAR).toBeGreaterThan(counts.martinez!);
    expect(counts.martinez).toBeGreaterThan(0);
  });

  it('filters by agent-id prefix like the full read, an id exactly on a slice cut counted once', async () => {
    for (const agentId of ['a0001', 'A0002', 'A0009', 'Z999'])
      for (const descending of [false, true])
        for (const page of [1, 2, 40]) await expectSameAsFullRead(query({ column: 'AgentId', filters: { agentId }, descending, pageSize: 3, page }));
    // A000001..A000400 and the four edge ids starting A000, among them A0001 on a cut of the A000 slices.
    for (const descending of [false, true])
      for (const page of [1, 2, 3, 4, 5])
        expect(await expectSameAsFullRead(query({ column: 'AgentId', filters: { agentId: 'A000' }, descending, pageSize: 100, page }))).toBe(GENERATED + 4);
    const page = await listAgentsFromIndex(ALL, query({ column: 'AgentId', filters: { agentId: 'A0009' } }));
    expect(page).toEqual({ entries: [expect.objectContaining({ agentId: 'A0009Z', lastName: 'Zz' })], totalCount: 1 });
  });

  it('reads a first-name prefix from the first-name index: the agents whose first name starts with it, in any sort', async () => {
    const everyone = (await listAgentsFromFullRead(ALL, query({ pageSize: total }))).entries;
    for (const firstName of ['a', 'JO', 'mar', 'zz']) {
      const expected = everyone.filter((e) => e.firstName.toLowerCase().startsWith(firstName.toLowerCase())).map((e) => e.agentId);
      const byLastName = await listAgentsFromFullRead(ALL, query({ filters: { firstName }, pageSize: total }));
      expect(byLastName.entries.map((e) => e.agentId), firstName).toEqual(expected);
      expect(byLastName.totalCount).toBe(expected.length);
      const byFirstName = await listAgentsFromFullRead(ALL, { ...query({ filters: { firstName }, pageSize: total }), sort: { column: 'FirstName', descending: true } });
      const keys = byFirstName.entries.map((e) => `${e.firstName.toLowerCase()}#${e.lastName.toLowerCase()}#${e.agentId}`);
      expect(keys).toEqual([...keys].sort().reverse());
    }
  });

  it('leaves the sorts, filters and page sizes the index order cannot serve to the full read', async () => {
    const notServed: DirectoryQuery[] = [
      { ...query({ filters: { lastName: 'm' } }), sort: { column: 'CurrentBalance', descending: true } },
      { ...query({ filters: { lastName: 'm' } }), sort: { column: 'FirstName', descending: false } },
      // Served from the first-name cards where they exist (agent-list-live-orders.test.ts); this directory is written without them.
      query({ filters: { firstName: 'jo' } }),
      query({ filters: { agentId: 'A0001' } }),
      query({ column: 'AgentId', filters: { agentId: 'A00' } }),
      query({ column: 'AgentId', filters: { agentId: 'A0001', lastName: 'smith' } }),
      query({ filters: { lastName: 'smith#' } }),
      query({ pageSize: 30_000 }),
    ];
    for (const q of notServed) expect(await listAgentsFromIndex(ALL, q), JSON.stringify(q)).toBeUndefined();
    // A team is served by its index in name order only (agent-list-light-read.test.ts checks those pages).
    const team = { kind: 'downline', ancestorId: 'A000001' } as const;
    expect(await listAgentsFromIndex(team, query({ column: 'AgentId' }))).toBeUndefined();
    expect(await listAgentsFromIndex(team, query({ filters: { firstName: 'j' } }))).toBeUndefined();
    expect(await listAgentsFromIndex(team, query({ filters: { lastName: 's ' } }))).toBeUndefined();
    expect(await listAgentsFromIndex(team, query({ pageSize: 30_000 }))).toBeUndefined();
    expect(await listAgentsFromIndex(team, query({}))).toEqual(await listAgentsFromFullRead(team, query({})));
  });

  it('answers TotalCount and TotalPages through GET /api/agent', async () => {
    const res = await api.call('agents.list', { query: { PageNumber: 3, PageSize: 10, SortOrder: true }, session: await api.sessionFor('admin') });
    expect(res.status).toBe(200);
    const body = res.body as { Results: { AgentId: string }[]; Metadata: unknown };
    expect(body.Metadata).toEqual({ TotalPages: Math.ceil(total / 10), TotalCount: total, PageNumber: 3, PageSize: 10 });
    const expected = await listAgentsFromFullRead(ALL, query({ page: 3, pageSize: 10, descending: true }));
    expect(body.Results.map((r) => r.AgentId)).toEqual(expected.entries.map((e) => e.agentId));
  });
});
