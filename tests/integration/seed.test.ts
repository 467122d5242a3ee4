// The seed generator against DynamoDB Local: demo users exist, every seeded agent's balance equals its
// ledger, and a second seedIfEmpty writes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { getBalance } from '#core/money/ledger.ts';
import { readWholeDirectory } from '#core/directory/agent-directory.ts';
import { LedgerEntry } from '#entities/ledger-entry.ts';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { DEMO_USERS, SEED_GENERATOR_VERSION, seed, seedIfEmpty } from '#core/seed/index.ts';
import { docClient, tableName } from '#platform/dynamo.ts';
import { FundMakeupHistory } from '#entities/fund-makeup-history.ts';
import { Fund } from '#entities/fund.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Downline } from '#entities/downline.ts';
import { User } from '#entities/user.ts';
import { Order } from '#entities/order.ts';
import { isKnownTimeZone } from '#shared/time-zones.ts';
import { rebuildViews, viewsNamed } from '#core/views/rebuild.ts';
import { historyNets, ledgerProblems, recentRanges, reportProblems } from '../support/ledger-walk.ts';
import { useTestTable } from '../support/test-table.ts';

useTestTable();

const AGENTS = 60;
let first: Awaited<ReturnType<typeof seedIfEmpty>>;

beforeAll(async () => {
  first = await seedIfEmpty({ agents: AGENTS });
}, 120_000);

describe('seedIfEmpty', () => {
  it('seeds an empty table and reports what it wrote', () => {
    expect(first.seeded).toBe(true);
    expect(first.counts).toMatchObject({ agents: AGENTS, users: DEMO_USERS.length });
    expect(first.counts.ledgerEntries).toBeGreaterThan(AGENTS);
    expect(first.counts.funds).toBeGreaterThan(0);
  });

  it('is a no-op the second time', async () => {
    const before = await LedgerEntry.query.ofAgent('A000010').all({ consistent: true });

    const second = await seedIfEmpty({ agents: AGENTS });

    expect(second).toEqual({ seeded: false, counts: first.counts, generatorVersion: SEED_GENERATOR_VERSION });
    expect(await LedgerEntry.query.ofAgent('A000010').all({ consistent: true })).toEqual(before);
  });

  it('writes the same items when a seed that stopped before its marker runs again the same day: nothing doubled', async () => {
    const before = await tableKeys();
    const makeupBefore = await makeupRows();
    expect(makeupBefore.length).toBeGreaterThan(0);

    await seed({ agents: AGENTS });

    expect(await tableKeys()).toEqual(before);
    expect(await makeupRows()).toEqual(makeupBefore);
    expect((await seedIfEmpty({ agents: AGENTS })).seeded).toBe(false);
    expect(await tableKeys()).toEqual(before);
  }, 120_000);

  it('creates every demo user, findable by e-mail, with a valid agent where it acts for one', async () => {
    for (const demo of DEMO_USERS) {
      const [found] = await User.query.byEmail(demo.email.toUpperCase()).all();
      expect(found, demo.role).toMatchObject({ userId: demo.userId, kind: demo.kind });
      if (!demo.agentId) continue;
      const agent = await AgentProfile.get({ agentId: demo.agentId });
      expect(agent?.status, demo.role).toBe(1);
      expect(isKnownTimeZone(agent?.timeZone), demo.role).toBe(true);
    }
  });

  it("gives the sponsor agent a downline that includes the demo captive agent", async () => {
    const team = await Downline.query.ofAncestor('A000001').all();
    expect(team.length).toBeGreaterThan(2);
    expect(team.find((d) => d.descendantId === 'A000002')?.depth).toBe(1);
  });

  it('seeds orders of both kinds for the demo agents, one flagged for each attention cause', async () => {
    const orders = await Order.query.ofAgent('A000001').all();
    expect(orders.some((o) => o.isFundOrder) && orders.some((o) => !o.isFundOrder)).toBe(true);
    expect(orders.some((o) => o.statesOnly) && orders.some((o) => !o.statesOnly)).toBe(true);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set([0, 1, 2]));
    expect(orders.some((o) => o.recipients.some((r) => r.agentId === 'A000002'))).toBe(true);
    expect((await Order.query.withTermed('A000001').all()).length).toBeGreaterThan(0);
    expect((await Order.query.withReassigned('A000001').all()).length).toBeGreaterThan(0);
    expect(orders.some((o) => o.attention.includes('FundsInactive'))).toBe(true);
    // Every seeded flag is what the live rule computes from the seeded agents and funds.
    const { attentionOf } = await import('#core/orders/attention.ts');
    const { readOrderCatalogue } = await import('#core/orders/catalogue.ts');
    const catalogue = await readOrderCatalogue({ funds: true });
    for (const order of orders) expect(await attentionOf(order, catalogue, new Date()), order.description).toEqual(order.attention);
  });

  it('keeps every seeded agent\u2019s balance equal to the sum of its ledger', async () => {
    const agents = await readWholeDirectory();
    expect(agents).toHaveLength(AGENTS);
    expect(agents.some((a) => a.type === 0) && agents.some((a) => a.type === 1) && agents.some((a) => a.type === 2)).toBe(true);
    expect(agents.some((a) => a.status === 0 && a.terminationDate)).toBe(true);

    for (const agent of agents) {
      const [balance, entries] = await Promise.all([
        getBalance(agent.agentId),
        LedgerEntry.query.ofAgent(agent.agentId).all({ consistent: true }),
      ]);
      const sum = entries.reduce((total, e) => total + e.creditCents - e.debitCents, 0);
      expect(balance?.balanceCents, agent.agentId).toBe(sum);
      expect(entries.at(-1)?.balanceAfterCents, agent.agentId).toBe(sum);
      expect(entries.every((e) => e.balanceAfterCents >= 0), agent.agentId).toBe(true);
    }
  });
});

describe("the seeded agents' ledgers", () => {
  it('add up row by row in time order for every agent: starting balance + rows = ending = current balance, in My Account, Account Summary and Transaction History', async () => {
    const agents = await readWholeDirectory();
    // The demo accounts' entries go through the ledger, whose day sums and Transaction History copies are views: no projector runs here, so the rebuild makes them.
    await rebuildViews(viewsNamed(['day-sums', 'ledger-history']));
    const problems: string[] = [];
    // Transaction History's rows of every agent, one walk of the whole report per range (transaction-history-sorts.test.ts filters it).
    const ranges = await Promise.all(recentRanges(2).map(async (range) => ({ range, history: await historyNets(range) })));
    for (const agent of agents) {
      problems.push(...(await ledgerProblems(agent.agentId)));
      for (const { range, history } of ranges) problems.push(...(await reportProblems(agent.agentId, range, history)));
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it("names the demo team transfer on both sides, a debit of the sponsor's and a credit of the captive agent's", async () => {
    const [sent, received] = await Promise.all(['A000001', 'A000002'].map(async (id) => (await LedgerEntry.query.ofAgent(id).all()).filter((e) => e.type === 'FundsTransfer')));
    const description = 'Transfer from Sofia Sponsor (A000001) to Carlos Captive (A000002)';
    expect(sent!.map((e) => [e.description, e.creditCents, e.debitCents, e.counterpartyAgentId])).toEqual([[description, 0, 2_500, 'A000002']]);
    expect(received!.map((e) => [e.description, e.creditCents, e.debitCents, e.counterpartyAgentId])).toEqual([[description, 2_500, 0, 'A000001']]);
  });
});

describe("the demo data's live-transfer ping", () => {
  it("answers docs/intake-api.md's ping curl with the demo vendor ACME's bid (the zip's entry) on a fresh seed", async () => {
    const { readFile } = await import('node:fs/promises');
    const { pingCampaign } = await import('#core/leads/ping.ts');
    const { Vendor } = await import('#entities/vendor.ts');
    const { stableId } = await import('#core/seed/ids.ts');
    const { intakePingBodySchema } = await import('#shared/api/intake.ts');
    const doc = await readFile(new URL('../../docs/intake-api.md', import.meta.url), 'utf8');
    const curl = /curl -s http:\/\/localhost:5173\/api\/intake\/ping[^`]*?-d '([^']+)'/.exec(doc);
    expect(curl, 'the ping curl of docs/intake-api.md').not.toBeNull();
    const body = intakePingBodySchema.parse(JSON.parse(curl![1]!));
    const vendor = (await Vendor.get({ vendorId: stableId('vendor', 'ACME') }))!;

    const answer = await pingCampaign({ vendor, campaignCode: body.CampaignCode, callerId: body.CallerId, stateCode: body.StateCode, zipCode: body.ZipCode, at: new Date() });

    expect(answer).toMatchObject({ bidCents: 4000, errorMessages: [] });
    expect(doc).toContain('"BidAmount":40');
  });
});

/** Every item's key in the table, sorted (the seed table is small enough to scan in a test). */
async function tableKeys(): Promise<string[]> {
  const keys: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await docClient().send(new ScanCommand({ TableName: tableName(), ProjectionExpression: 'pk, sk', ConsistentRead: true, ExclusiveStartKey: start }));
    keys.push(...(page.Items ?? []).map((i) => `${String(i.pk)}|${String(i.sk)}`));
    start = page.LastEvaluatedKey;
  } while (start);
  return keys.sort();
}

/** The makeup history rows of every seeded fund. */
async function makeupRows() {
  const funds = await Fund.query.byName().all({ consistent: false });
  return (await Promise.all(funds.map((f) => FundMakeupHistory.query.ofFund(f.fundId).all({ consistent: true })))).flat();
}
