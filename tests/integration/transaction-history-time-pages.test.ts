// Transaction History's paged form in time order (issue 12): every page, in both directions, is the
// slice of the one time-ordered list, wherever it starts inside a day (the days' entries spread over
// the view's shards, merged by rank).
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { agentProfileFixture } from '../support/agent-fixture.ts';

const api = useApiHarness({ projector: true });

const { batchPut } = await import('#platform/db.ts');
const { registerAgent } = await import('#core/directory/agent-registry.ts');
const { accountItems } = await import('#core/money/ledger.ts');
const { usDayOf } = await import('#shared/api/reports-ledger.ts');

const RUN = Date.now().toString(36).toUpperCase();
/** Three closed reporting days (Central) with 17, 9 and 23 entries: pages of 10 start inside each day, near both of its ends. */
const DAYS = [
  { day: '2025-03-03', entries: 17 },
  { day: '2025-03-04', entries: 9 },
  { day: '2025-03-05', entries: 23 },
];
const range = { startDate: DAYS[0]!.day, endDate: DAYS.at(-1)!.day };
const agentIds = [0, 1, 2].map((i) => `T${RUN}${i}`);
let admin: Session;
/** Every entry's time, in time order (the times are distinct). */
const times: string[] = [];

beforeAll(async () => {
  admin = await api.sessionFor('admin');
  for (const agentId of agentIds) await registerAgent(agentProfileFixture(agentId, { lastName: `Pages${RUN}` }));
  const movements = new Map<string, { at: string; deltaCents: number; type: 'AgentContribution'; description: string }[]>(agentIds.map((id) => [id, []]));
  for (const { day, entries } of DAYS)
    for (let n = 0; n < entries; n++) {
      // Noon Central (18:00Z) plus n minutes: inside the reporting day.
      const at = new Date(Date.parse(`${day}T18:00:00.000Z`) + n * 60_000).toISOString();
      movements.get(agentIds[n % agentIds.length]!)!.push({ at, deltaCents: 100 + n, type: 'AgentContribution', description: `pages ${n}` });
      times.push(at);
    }
  await batchPut(agentIds.flatMap((id) => accountItems(id, 0, movements.get(id)!)));
  await api.settled();
});

describe('Transaction History in time order', () => {
  const paged = (query: string) =>
    api.fetch<{ Histories: { Timestamp: string }[]; Pages: number; TotalHistoryCount: number }>('GET', `/transactionhistory/start/${usDayOf(range.startDate)}/end/${usDayOf(range.endDate)}?${query}`, { session: admin });

  it('gives every page of 10, oldest first and newest first, as the slice of the one time-ordered list', async () => {
    const newest = [...times].reverse();
    for (const [order, list] of [['asc', times], ['desc', newest]] as const) {
      for (let page = 1; page <= 5; page++) {
        const res = await paged(`sortColumnName=Timestamp&sortOrder=${order}&pageSize=10&page=${page}`);
        expect(res.status, res.errors.join()).toBe(200);
        expect(res.body.TotalHistoryCount).toBe(49);
        expect(res.body.Pages).toBe(5);
        expect(res.body.Histories.map((h) => h.Timestamp), `${order} page ${page}`).toEqual(list.slice((page - 1) * 10, page * 10));
      }
    }
  });

  it('gives odd page sizes the same slices (a page that spans two days, read from either end of each)', async () => {
    for (const [order, list] of [['asc', times], ['desc', [...times].reverse()]] as const)
      for (let page = 1; page <= 7; page++) {
        const res = await paged(`sortColumnName=Timestamp&sortOrder=${order}&pageSize=7&page=${page}`);
        expect(res.body.Histories.map((h) => h.Timestamp), `${order} page ${page}`).toEqual(list.slice((page - 1) * 7, page * 7));
      }
  });
});
