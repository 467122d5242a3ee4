// The Account Summary export over the day sums' by-day index (gsi2 DAYSUM_DAY#{day}#{shard}): the index holds
// exactly the agents with activity on a day, in agent order, paged; the day sums are the projector's
// (a view of the ledger) and a rebuild makes a lost or unindexed one whole again; and the export's
// figures, for active agents, quiet ones (balance older than the range), quiet ones with entries after
// the range, and agents without any entry, all reconcile with the ledger.
import { beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { agentProfileFixture } from '../support/agent-fixture.ts';

const api = useApiHarness({ projector: true });

const { DaySummary } = await import('#entities/day-summary.ts');
const { LedgerEntry } = await import('#entities/ledger-entry.ts');
const { registerAgent } = await import('#core/directory/agent-registry.ts');
const { postEntry } = await import('#core/money/ledger.ts');
const { daySummariesOfDays } = await import('#core/reports/day-summary-index.ts');
const { rebuildViews, viewsNamed } = await import('#core/views/rebuild.ts');
const { DAY_INDEX_SHARDS } = await import('#platform/shard.ts');
const { daysOf } = await import('#core/reports/ledger-reports.ts');
const { docClient, tableName } = await import('#platform/dynamo.ts');
const { reportDay } = await import('#platform/report-day.ts');
const { invokeJob, s3PutEvent } = await import('../../infra/local/jobs.ts');
const { BUCKETS } = await import('../../infra/local/settings.ts');

const RUN = Date.now().toString(36).toUpperCase();
const DAY_MS = 86_400_000;
const today = reportDay(new Date().toISOString());
const dayBefore = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
const range = { startDate: dayBefore(10), endDate: dayBefore(5) };
const noon = (day: string, minute = 0) => `${day}T18:${String(minute).padStart(2, '0')}:00.000Z`;

/** Who does what: [agent id suffix, movements as [days before today, cents]]; every history in time order. */
const AGENTS: [string, [number, number][]][] = [
  ['ACTIVE1', [[12, 50_000], [9, -1_500], [9, 2_000], [6, -700]]],
  ['ACTIVE2', [[10, 9_900], [5, -900]]],
  ['ACTIVE3', [[8, 4_000]]],
  ['QUIET', [[20, 7_700], [15, -700]]],
  ['LATER', [[14, 3_000], [2, -1_000]]],
  ['NONE', []],
];
const agentId = (suffix: string) => `X${RUN}${suffix}`;
let admin: Session;

beforeAll(async () => {
  admin = await api.sessionFor('admin');
  for (const [i, [suffix, moves]] of AGENTS.entries()) {
    await registerAgent(agentProfileFixture(agentId(suffix), { lastName: `Export${RUN}`, firstName: `F${i}` }), { at: noon(dayBefore(30)) });
    for (const [k, [days, cents]] of moves.entries())
      await postEntry({ agentId: agentId(suffix), deltaCents: cents, type: cents > 0 ? 'CreditCardPayment' : 'LeadSpend', description: 'export test', idempotencyKey: `x:${RUN}:${suffix}:${k}`, at: noon(dayBefore(days), k) });
  }
  await api.settled();
}, 120_000);

/** The lines of the export of a range (the header first), written by the export job. */
async function exportFile(r: { startDate: string; endDate: string }): Promise<string[]> {
  const started = await api.fetch<{ ExportId: string }>('POST', `/accountsummary/start/${r.startDate}/end/${r.endDate}/export`, { session: admin });
  expect(started.status, started.errors.join()).toBe(202);
  const outcome = await invokeJob('agentExport', s3PutEvent({ bucket: BUCKETS.uploads, key: `export-requests/${started.body.ExportId}.json`, size: 20, eTag: 'etag' }));
  expect(outcome.result).toEqual([expect.objectContaining({ outcome: 'exported', status: 'Succeeded' })]);
  const status = await api.call('agents.exportStatus', { params: { exportId: started.body.ExportId }, session: admin });
  const lines = (await (await fetch(status.body.Download!.Url)).text()).trim().split('\r\n');
  expect(lines).toHaveLength(status.body.Rows! + 1);
  return lines;
}

async function exportLines(): Promise<Map<string, string>> {
  const lines = await exportFile(range);
  return new Map(lines.filter((l) => l.startsWith(`X${RUN}`)).map((l) => [l.split(',')[0]!, l]));
}

/** Starting and ending balance of an agent over the range, in dollars as the CSV writes them, from its ledger entries. */
async function truth(id: string): Promise<[string, string]> {
  const entries = (await LedgerEntry.query.ofAgent(id).all()).sort((a, b) => a.at.localeCompare(b.at));
  const before = entries.filter((e) => reportDay(e.at) < range.startDate).at(-1)?.balanceAfterCents ?? 0;
  const ending = entries.filter((e) => reportDay(e.at) <= range.endDate).at(-1)?.balanceAfterCents ?? 0;
  return [(before / 100).toFixed(2), (ending / 100).toFixed(2)];
}

describe('the day sums by day', () => {
  it('hold exactly the agents with entries on the day, in each shard in agent id order, across pages', async () => {
    const day = dayBefore(9);
    const mine = (await daySummariesOfDays([day])).get(agentId('ACTIVE1')) ?? [];
    expect([...(await daySummariesOfDays([day])).keys()].filter((id) => id.startsWith(`X${RUN}`))).toEqual([agentId('ACTIVE1')]);
    expect(mine.map((d) => d.agentId)).toEqual([agentId('ACTIVE1')]);
    expect(mine[0]).toMatchObject({ entryCount: 2, openingBalanceCents: 50_000, closingBalanceCents: 50_500, debitLeadSpendCents: 1_500, creditCreditCardPaymentCents: 2_000 });
    // Pages of one item follow the same order as one read, in every shard.
    for (const shard of [...Array(DAY_INDEX_SHARDS).keys()]) {
      const all = await DaySummary.query.ofDay(dayBefore(10), shard).all();
      const paged: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await DaySummary.query.ofDay(dayBefore(10), shard).page({ limit: 1, ...(cursor ? { cursor } : {}) });
        paged.push(...page.items.map((d) => d.agentId));
        cursor = page.cursor;
      } while (cursor);
      expect(paged).toEqual(all.map((d) => d.agentId));
      expect(paged).toEqual([...paged].sort());
    }
    expect([...(await daySummariesOfDays([dayBefore(10)])).keys()]).toContain(agentId('ACTIVE2'));
  });

  it('are grouped by agent over a range, newest day first, with the totals of the ledger', async () => {
    const active = await daySummariesOfDays(daysOf(range));
    expect([...active.keys()].filter((id) => id.startsWith(`X${RUN}`)).sort()).toEqual(['ACTIVE1', 'ACTIVE2', 'ACTIVE3'].map(agentId).sort());
    const one = active.get(agentId('ACTIVE1'))!;
    expect(one.map((d) => d.day)).toEqual([dayBefore(6), dayBefore(9)]);
    expect(one.reduce((n, d) => n + d.entryCount, 0)).toBe(3);
  });
});

describe('the rebuild', () => {
  it('makes a day sum that lost its by-day keys, and one that was lost, whole again from the ledger', async () => {
    const unindexed = DaySummary.key({ agentId: agentId('ACTIVE3'), day: dayBefore(8) });
    await docClient().send(new UpdateCommand({ TableName: tableName(), Key: unindexed, UpdateExpression: 'REMOVE gsi2pk, gsi2sk' }));
    const lost = (await DaySummary.get({ agentId: agentId('ACTIVE2'), day: dayBefore(10) }, { consistent: true }))!;
    await DaySummary.delete(lost);
    expect((await daySummariesOfDays([dayBefore(8), dayBefore(10)])).has(agentId('ACTIVE3'))).toBe(false);

    await rebuildViews(viewsNamed(['day-sums']));

    const active = await daySummariesOfDays([dayBefore(8), dayBefore(10)]);
    expect(active.get(agentId('ACTIVE3'))).toEqual([expect.objectContaining({ closingBalanceCents: 4_000 })]);
    expect(active.get(agentId('ACTIVE2'))).toEqual([lost]);
  });
});

describe('the Account Summary export', () => {
  it('writes one row per agent through the index, each reconciling with the ledger', async () => {
    const indexed = await exportLines();
    expect([...indexed.keys()].sort()).toEqual(AGENTS.map(([s]) => agentId(s)).sort());
    for (const [suffix] of AGENTS) {
      const cells = indexed.get(agentId(suffix))!.split(',');
      expect([cells[4], cells[5]], suffix).toEqual(await truth(agentId(suffix)));
    }
    // The rows say what each kind of agent did: a quiet agent's balance holds, an agent with later entries shows the balance of the range.
    expect(indexed.get(agentId('QUIET'))!.split(',').slice(4, 7)).toEqual(['70.00', '70.00', '0.00']);
    expect(indexed.get(agentId('LATER'))!.split(',').slice(4, 6)).toEqual(['30.00', '30.00']);
    expect(indexed.get(agentId('NONE'))!.split(',').slice(4, 6)).toEqual(['0.00', '0.00']);
    expect(indexed.get(agentId('ACTIVE1'))!.split(',').slice(4, 9)).toEqual(['500.00', '498.00', '0.00', '0.00', '-22.00']);
  });
});

describe('Account Summary over a period', () => {
  /** Days long before any ledger entry of this file's table. */
  const quiet = { startDate: '2001-01-01', endDate: '2001-01-05' };

  it("without ledger activity lists no agents, so the page says 'No results found for the selected date period.'", async () => {
    const res = await api.fetch<{ Result: unknown[]; TotalCount: number; Pages: number }>('GET', `/accountsummary/start/${quiet.startDate}/end/${quiet.endDate}`, { session: admin });

    expect(res.status, res.errors.join()).toBe(200);
    expect(res.body).toEqual({ Result: [], TotalCount: 0, Pages: 0 });
  });

  it('without ledger activity exports the header only', async () => {
    expect(await exportFile(quiet)).toEqual([expect.stringMatching(/^AgentId,FirstName,LastName,Status,StartingBalance,EndingBalance,/)]);
  });

  it('with ledger activity lists every agent of the filter, those that moved no money in it too', async () => {
    const res = await api.fetch<{ Result: { AgentId: string; StartingBalance: number; EndingBalance: number }[]; TotalCount: number }>(
      'GET',
      `/accountsummary/start/${range.startDate}/end/${range.endDate}?filterObject[0].id=AgentId&filterObject[0].Value=X${RUN}&pageSize=100`,
      { session: admin },
    );

    expect(res.status, res.errors.join()).toBe(200);
    expect(res.body.TotalCount).toBe(AGENTS.length);
    expect(res.body.Result.find((r) => r.AgentId === agentId('QUIET'))).toMatchObject({ StartingBalance: 70, EndingBalance: 70 });
    expect(res.body.Result.find((r) => r.AgentId === agentId('NONE'))).toMatchObject({ StartingBalance: 0, EndingBalance: 0 });
  });
});
