// The local stack's demo activity (functions/core/seed/demo-activity.ts) on its own table: a month of
// leads through the real engine in several statuses, disputes (one left for the staff queue), pings,
// day aggregates for Home, every demo agent's ledger equal to its balance, and a second run (and a
// run that finds its marker gone, as after a stop halfway) changing nothing.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { getBalance } from '#core/money/ledger.ts';
import { planDemoPings, runDemoActivity } from '#core/seed/demo-activity.ts';
import { DEMO_AGENT_IDS } from '#core/seed/demo-users.ts';
import { seed } from '#core/seed/index.ts';
import { LedgerEntry } from '#entities/ledger-entry.ts';
import { Ping } from '#entities/ping.ts';
import { docClient, tableName } from '#platform/dynamo.ts';
import { rebuildViews, viewsNamed } from '#core/views/rebuild.ts';
import { ledgerProblems, recentRanges, reportProblems } from '../support/ledger-walk.ts';
import { useTestTable } from '../support/test-table.ts';

// The file reads today (UTC) once, the seed reads it again when it runs, and both place the month of
// activity from it: the clock (Date only, still running) starts at a fixed instant far from any day
// boundary in UTC and Central, so the two are the same day.
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-10T17:20:00Z'), shouldAdvanceTime: true });
afterAll(() => void vi.useRealTimers());

useTestTable();

type Item = Record<string, unknown>;
let counts: Record<string, number> = {};
let seconds = 0;
const today = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()));

async function scanAll(): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await docClient().send(new ScanCommand({ TableName: tableName(), ConsistentRead: true, ExclusiveStartKey: start }));
    items.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

const ofEntity = (items: Item[], entity: string) => items.filter((i) => i.entity === entity);

/** What the activity leaves behind, comparable between runs. */
async function snapshot() {
  const items = await scanAll();
  const leads = ofEntity(items, 'Lead').map((l) => `${String(l.sourceId)}:${String(l.leadStatus)}:${String(l.userFacingLeadId)}`).sort();
  const disputes = ofEntity(items, 'Dispute').map((d) => `${String(d.leadId)}:${String(d.status)}`).sort();
  const pings = ofEntity(items, 'Ping').length;
  const sales = ofEntity(items, 'LeadSale').length;
  const agents = Object.values(DEMO_AGENT_IDS);
  const money = await Promise.all(agents.map(async (id) => [(await getBalance(id))!.balanceCents, (await LedgerEntry.query.ofAgent(id).all({ consistent: true })).length]));
  return { leads, disputes, pings, sales, money };
}

beforeAll(async () => {
  const started = Date.now();
  counts = await seed({ agents: 5, demoActivity: true });
  seconds = (Date.now() - started) / 1000;
}, 180_000);

describe('the demo activity of the local seed', () => {
  it('posts a month of leads through the engine that end in several statuses', async () => {
    const leads = ofEntity(await scanAll(), 'Lead');
    console.log(`seed with demo activity: ${seconds.toFixed(1)} s`, counts);
    expect(leads.length).toBeGreaterThanOrEqual(150);
    expect(leads.length).toBeLessThanOrEqual(300);
    expect(counts.demoLeadsRefused ?? 0).toBe(0);
    const statuses = new Map<string, number>();
    for (const l of leads) statuses.set(String(l.leadStatus), (statuses.get(String(l.leadStatus)) ?? 0) + 1);
    for (const status of ['Sold', 'Unsold', 'Duplicate', 'CallCenter']) expect(statuses.get(status) ?? 0, status).toBeGreaterThan(0);
    const from = new Date(today.getTime() - 31 * 86_400_000).toISOString();
    expect(leads.every((l) => String(l.at) >= from && String(l.at) < today.toISOString())).toBe(true);
  });

  it('leaves sales, disputes (one Submitted for staff), pings with and without a bid, and Home day aggregates', async () => {
    // The seed writes facts; the Home day aggregates are the insights view's (no projector runs here: a rebuild makes them).
    await rebuildViews(viewsNamed(['insights']));
    const items = await scanAll();
    expect(ofEntity(items, 'LeadSale').length).toBeGreaterThan(20);
    const disputes = ofEntity(items, 'Dispute');
    expect(disputes.length).toBeGreaterThanOrEqual(3);
    expect(disputes.some((d) => d.status === 'Submitted')).toBe(true);
    expect(disputes.some((d) => d.status !== 'Submitted')).toBe(true);
    const pings = ofEntity(items, 'Ping');
    expect(pings.some((p) => p.bidCents !== undefined)).toBe(true);
    expect(pings.some((p) => p.bidCents === undefined)).toBe(true);
    expect(ofEntity(items, 'AgentInsightDay').length).toBeGreaterThan(0);
  });

  it("keeps every demo agent's ledger equal to its balance", async () => {
    for (const agentId of Object.values(DEMO_AGENT_IDS)) {
      const entries = await LedgerEntry.query.ofAgent(agentId).all({ consistent: true });
      const sum = entries.reduce((s, e) => s + e.creditCents - e.debitCents, 0);
      expect(sum, agentId).toBe((await getBalance(agentId))!.balanceCents);
    }
  });

  it("adds up every demo agent's ledger row by row in time order, and Account Summary, Transaction History and My Account with it", async () => {
    // The day sums and the Transaction History's copies are views of the ledger: no projector runs here, so the rebuild makes them.
    await rebuildViews(viewsNamed(['day-sums', 'ledger-history']));
    const problems: string[] = [];
    for (const agentId of Object.values(DEMO_AGENT_IDS)) {
      problems.push(...(await ledgerProblems(agentId)));
      for (const range of recentRanges(2)) problems.push(...(await reportProblems(agentId, range)));
    }
    expect(problems).toEqual([]);
  });

  it('writes the money at the times it happens: the top-ups 31 days back, each lead purchase at its sale, the team transfer named on both sides', async () => {
    const topUpAt = new Date(today.getTime() - 31 * 86_400_000).toISOString();
    const items = await scanAll();
    const saleTimes = new Map(ofEntity(items, 'LeadSale').map((s) => [String(s.ledgerEntryId), String(s.at)]));
    for (const agentId of Object.values(DEMO_AGENT_IDS)) {
      const entries = await LedgerEntry.query.ofAgent(agentId).all({ consistent: true });
      expect(entries.filter((e) => e.description === 'Credit card payment' && e.at === topUpAt), agentId).toHaveLength(1);
      for (const e of entries.filter((x) => x.type === 'LeadSpend' && saleTimes.has(x.entryId))) expect(e.at, `${agentId} ${e.description}`).toBe(saleTimes.get(e.entryId));
    }
    const transfers = await Promise.all([DEMO_AGENT_IDS.sponsor, DEMO_AGENT_IDS.captive].map(async (id) => (await LedgerEntry.query.ofAgent(id).all()).filter((e) => e.type === 'FundsTransfer')));
    expect(transfers.map((list) => list.map((e) => [e.description, e.creditCents, e.debitCents]))).toEqual([
      [['Transfer from Sofia Sponsor (A000001) to Carlos Captive (A000002)', 0, 2_500]],
      [['Transfer from Sofia Sponsor (A000001) to Carlos Captive (A000002)', 2_500, 0]],
    ]);
  });

  it('changes nothing when run again, even when it has to replay every step', async () => {
    const before = await snapshot();
    expect(await runDemoActivity({ today })).toEqual({ ran: false, counts: {} });
    expect(await snapshot()).toEqual(before);
    // As if the first run had stopped before its last ping: every step is sent again and answered from what is stored.
    const last = planDemoPings(today).at(-1)!;
    const [recorded] = (await Ping.query.ofCampaignVendor(last.campaignCode, last.vendorCode, last.at.toISOString(), new Date(last.at.getTime() + 1).toISOString()).all()).filter(
      (p) => p.callerId === last.callerId,
    );
    await Ping.delete(recorded!);
    const again = await runDemoActivity({ today });
    expect(again.ran).toBe(true);
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});
