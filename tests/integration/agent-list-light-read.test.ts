// A filtered page in another order than its index's, and a team's page in any order, read light
// (listAgentsFromLightRead: projected candidates, the sort values only where the candidate read does
// not carry them, or the page walked off the sort's own index near either end, then the page's rows
// whole) answer exactly what the full read (listAgentsFromFullRead: the candidates read whole, sorted
// in memory) answers: rows, their order and TotalCount, on the first, a middle and the last page of
// every sort column in both directions. The directory holds a few hundred generated agents with
// their hierarchy; the teams are chosen large (walked on every page), middling (walked near the ends,
// the values read in the middle) and small (the values read); the large one also read in several
// answers (its first Query cut short), and sorted by status and type from its closure items.
import { beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryQuery, DirectoryScope } from '../../functions/core/agent-directory.ts';
import { useApiHarness } from '../support/api-harness.ts';

const api = useApiHarness();

const { generateAgents, downlineOf, historyOf } = await import('../../functions/core/seed/agents.ts');
const { seededRandom } = await import('../../functions/core/seed/random.ts');
const { accountItems } = await import('../../functions/core/ledger.ts');
const { batchPut } = await import('../../functions/platform/db.ts');
const { AgentProfile } = await import('#entities/agent-profile.ts');
const { Counter } = await import('#entities/counter.ts');
const { Downline } = await import('#entities/downline.ts');
const { AGENT_SORT_COLUMNS } = await import('../../shared/agent-list.ts');
const { listAgents, listAgentsFromFullRead, listAgentsFromLightRead, LIGHT_READ } = await import('../../functions/core/agent-directory.ts');
const { rebuildDirectoryCounts } = await import('#core/directory-counts.ts');
const { DirectoryCard } = await import('#entities/directory-card.ts');

const GENERATED = 400;
const ALL = { kind: 'all' } as const;
let teams: { ancestorId: string; size: number }[] = [];

beforeAll(async () => {
  const today = new Date(Date.UTC(2025, 0, 15));
  const agents = generateAgents(GENERATED, seededRandom(11), today);
  const generated = agents.slice(5); // the first five are the seed's demo agents
  const balances = generated.map((a) => accountItems(a.profile.agentId, a.creditLineCents, historyOf(a, 11, today)).find((i) => i.entity === 'Balance')!);
  const closure = downlineOf(agents).filter((d) => generated.some((a) => a.profile.agentId === d.descendantId));
  await batchPut([...generated.map((a) => AgentProfile.toItem(a.profile)), ...balances, ...closure.map((d) => Downline.toItem(d))]);
  await Counter.patch({ name: 'AGENTS' }, { add: { value: generated.length } }, { upsert: true });
  const sizes = new Map<string, number>();
  for (const d of closure) sizes.set(d.ancestorId, (sizes.get(d.ancestorId) ?? 0) + 1);
  const bySize = [...sizes].map(([ancestorId, size]) => ({ ancestorId, size })).sort((a, b) => b.size - a.size);
  const middling = bySize.find((t) => t.size <= 40 && t.size >= 15);
  const small = bySize.find((t) => t.size <= 8 && t.size >= 3);
  teams = [bySize[0]!, middling!, small!];
}, 120_000);

const query = (q: { filters?: DirectoryQuery['filters']; column: DirectoryQuery['sort']['column']; descending: boolean; page: number }): DirectoryQuery => ({
  filters: q.filters ?? {},
  sort: { column: q.column, descending: q.descending },
  page: q.page,
  pageSize: 10,
});

/**
 * Every column, both directions, the first, a middle and the last page and one past it: the light read equals the full read's whole sorted list cut at that page.
 */
async function expectEveryOrderAsFullRead(scope: DirectoryScope, filters: DirectoryQuery['filters'] = {}): Promise<number> {
  let total = 0;
  for (const column of AGENT_SORT_COLUMNS)
    for (const descending of [false, true]) {
      const whole = await listAgentsFromFullRead(scope, { ...query({ filters, column, descending, page: 1 }), pageSize: 30_000 });
      total = whole.totalCount;
      const last = Math.max(1, Math.ceil(total / 10));
      const pages = [...new Set([1, Math.ceil(last / 2), last, last + 1])].filter((p) => p >= 1);
      const lights = await Promise.all(pages.map((page) => listAgentsFromLightRead(scope, query({ filters, column, descending, page }))));
      pages.forEach((page, i) =>
        expect(lights[i], JSON.stringify({ scope, filters, column, descending, page })).toEqual({ entries: whole.entries.slice((page - 1) * 10, page * 10), totalCount: total }),
      );
    }
  return total;
}

describe('a page read from light candidates', () => {
  it('equals the full read for a last-name prefix in every order, the money orders included', async () => {
    for (const lastName of ['Sm', 'm']) expect(await expectEveryOrderAsFullRead(ALL, { lastName })).toBeGreaterThan(0);
  }, 120_000);

  it('equals the full read for a first-name prefix, an agent-id prefix and combined filters in every order', async () => {
    expect(await expectEveryOrderAsFullRead(ALL, { firstName: 'jo' })).toBeGreaterThan(0);
    expect(await expectEveryOrderAsFullRead(ALL, { agentId: 'A00' })).toBeGreaterThan(0);
    await expectEveryOrderAsFullRead(ALL, { firstName: 'j', lastName: 's' });
    expect(await expectEveryOrderAsFullRead(ALL, { lastName: 'zzzz' })).toBe(0);
  }, 120_000);

  it("equals the full read for a large, a middling and a small team in every order, with and without a last-name prefix", async () => {
    expect(teams.map((t) => t.size)).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)]);
    for (const { ancestorId, size } of teams) {
      // The demo seed's agents may sit in a team too.
      expect(await expectEveryOrderAsFullRead({ kind: 'downline', ancestorId })).toBeGreaterThanOrEqual(size);
    }
    await expectEveryOrderAsFullRead({ kind: 'downline', ancestorId: teams[0]!.ancestorId }, { lastName: 's' });
  }, 120_000);

  it('reads a team larger than its first answer as the full read does: the rest of its keys in slices side by side', async () => {
    const before = LIGHT_READ.teamFirstAnswer;
    try {
      // A first answer of 7 closure items: the rest starts mid-slice, on a cut, or within the prefix.
      for (const first of [7, 1]) {
        LIGHT_READ.teamFirstAnswer = first;
        expect(await expectEveryOrderAsFullRead({ kind: 'downline', ancestorId: teams[0]!.ancestorId })).toBeGreaterThan(first);
      }
      LIGHT_READ.teamFirstAnswer = 3;
      await expectEveryOrderAsFullRead({ kind: 'downline', ancestorId: teams[0]!.ancestorId }, { lastName: 's' });
    } finally {
      LIGHT_READ.teamFirstAnswer = before;
    }
  }, 120_000);

  it("answers a team's pages by name, counted beside the page's Query, as the full read does", async () => {
    for (const { ancestorId } of teams) {
      const scope = { kind: 'downline', ancestorId } as const;
      const viewer = { scope, canSeePriority: true, canSeeCreditLine: true };
      for (const lastName of [undefined, 's', 'S', 'zzzz'])
        for (const descending of [false, true]) {
          const filters = lastName === undefined ? {} : { lastName };
          const whole = await listAgentsFromFullRead(scope, { ...query({ filters, column: 'LastName', descending, page: 1 }), pageSize: 30_000 });
          const last = Math.max(1, Math.ceil(whole.totalCount / 10));
          for (const page of new Set([1, 2, Math.ceil(last / 2), last, last + 1])) {
            const got = await listAgents(viewer, query({ filters, column: 'LastName', descending, page }));
            expect(got, JSON.stringify({ ancestorId, lastName, descending, page })).toEqual({ entries: whole.entries.slice((page - 1) * 10, page * 10), totalCount: whole.totalCount });
          }
        }
    }
  }, 60_000);

  // Last: writes the directory's counts and first-name cards, which the tests above run without.
  it('reads a first-name prefix from the first-name cards once they are counted, in every order, and not when one is missing', async () => {
    await rebuildDirectoryCounts();
    for (const firstName of ['jo', 'J', 'joh']) expect(await expectEveryOrderAsFullRead(ALL, { firstName })).toBeGreaterThan(0);
    const jo = await listAgentsFromFullRead(ALL, { ...query({ filters: { firstName: 'jo' }, column: 'CurrentBalance', descending: true, page: 1 }), pageSize: 30_000 });
    await DirectoryCard.delete({ agentId: jo.entries[0]!.agentId });
    await expectEveryOrderAsFullRead(ALL, { firstName: 'jo' });
  }, 120_000);

  it('answers a filtered money sort through GET /api/agent as the full read orders it', async () => {
    const admin = await api.sessionFor('admin');
    const res = await api.fetch('GET', '/agent?PageSize=10&LastName=m&SortColumnName=CurrentBalance&SortOrder=true', { session: admin });
    expect(res.status).toBe(200);
    const full = await listAgentsFromFullRead(ALL, query({ filters: { lastName: 'm' }, column: 'CurrentBalance', descending: true, page: 1 }));
    const body = res.body as { Results: { AgentId: string }[]; Metadata: { TotalCount: number } };
    expect(body.Results.map((r) => r.AgentId)).toEqual(full.entries.map((e) => e.agentId));
    expect(body.Metadata.TotalCount).toBe(full.totalCount);
  });
});
