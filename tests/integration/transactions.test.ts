// My Account's transaction history, its CSV export through s3rver, and Home's account summary,
// through the real gateway and account area against DynamoDB Local.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import Papa from 'papaparse';
import { agentProfileFixture } from '../support/agent-fixture.ts';
import { useApiHarness, type DemoRole } from '../support/api-harness.ts';

const api = useApiHarness();

const { DEMO_USERS } = await import('../../functions/core/seed/index.ts');
const { AgentProfile } = await import('#entities/agent-profile.ts');
const { Dispute } = await import('#entities/dispute.ts');
const { Order } = await import('#entities/order.ts');
const { CallsOfDay } = await import('#entities/calls-of-day.ts');
const { docClient, tableName } = await import('../../functions/platform/dynamo.ts');
const { getBalance, openAccount, postEntry } = await import('../../functions/core/money/ledger.ts');
const { END_BEFORE_START, INVALID_START_DATE } = await import('../../shared/api/define.ts');
const { NO_AGENT_ACCOUNT } = await import('../../functions/account/get-account-summary.ts');
const { PENDING_DISPUTE_STATUS } = await import('../../functions/core/money/account-summary.ts');

const demo = (role: DemoRole) => DEMO_USERS.find((u) => u.role === role)!;

/** A GET below /api as the demo user of `role`. */
async function get(role: DemoRole, path: string) {
  // An export's start is a POST (docs/api.md); everything else here is a GET.
  const { status, body } = await api.fetch<Record<string, unknown>>(path.endsWith('/export') ? 'POST' : 'GET', path, { session: await api.sessionFor(role) });
  return { status, body };
}

interface Row {
  TimeStamp: string;
  Type: string;
  AmountCleared: number;
  Credit: number;
  Debit: number;
  RunningTotal: number;
}
interface TransactionsPage {
  StartingBalance: number;
  EndingBalance: number;
  TotalCount: number;
  TotalPages: number;
  Page: number;
  TimeZone: string;
  Transactions: Row[];
  NextCursor?: string;
}

let counter = 0;
/** An agent in `timeZone` whose ledger holds `movements` at the given (past) instants, in order. */
async function agentWithHistory(timeZone: string, movements: [at: string, deltaCents: number][]): Promise<string> {
  const agentId = `H${Date.now().toString(36).toUpperCase()}${(counter++).toString(36).toUpperCase()}`;
  await AgentProfile.put(agentProfileFixture(agentId, { firstName: 'History', type: 1, timeZone, zip: '10001', city: 'New York', state: 'NY' }));
  await openAccount(agentId, { at: '2026-01-01T00:00:00.000Z' });
  for (const [i, [at, deltaCents]] of movements.entries())
    await postEntry({
      agentId,
      at,
      deltaCents,
      type: deltaCents > 0 ? 'CreditCardPayment' : 'LeadSpend',
      description: deltaCents > 0 ? 'Card payment' : 'Lead purchase',
      idempotencyKey: `history:${agentId}:${i}`,
    });
  return agentId;
}

const transactionsPath = (agentId: string, start: string, end: string) => `/transactions/agent/${agentId}/startDate/${start}/endDate/${end}`;

describe('GET /api/transactions/agent/{agentId}/startDate/{start}/endDate/{end}', () => {
  // 2 and 3 March 2026 in Eastern time are [05:00Z on 2 March, 05:00Z on 4 March).
  const history: [string, number][] = [
    ['2026-03-01T12:00:00.000Z', 10_000],
    ['2026-03-02T04:59:59.999Z', -1_100],
    ['2026-03-02T05:00:00.000Z', -1_000],
    ['2026-03-03T15:30:00.000Z', 2_525],
    ['2026-03-04T04:59:59.999Z', -499],
    ['2026-03-04T05:00:00.000Z', -700],
  ];

  it('lists the range in the account time zone, oldest first, and starting balance plus the rows equals the ending balance', async () => {
    const agentId = await agentWithHistory('Eastern', history);

    const { status, body } = await get('admin', transactionsPath(agentId, '2026-03-02', '2026-03-03'));
    const page = body as unknown as TransactionsPage;

    expect(status).toBe(200);
    expect(page.TimeZone).toBe('Eastern');
    expect(page.Transactions.map((r) => r.TimeStamp)).toEqual(['2026-03-02T05:00:00.000Z', '2026-03-03T15:30:00.000Z', '2026-03-04T04:59:59.999Z']);
    expect(page.Transactions.map((r) => [r.Type, r.Credit, r.Debit, r.RunningTotal])).toEqual([
      ['LeadSpend', 0, 10, 79],
      ['CreditCardPayment', 25.25, 0, 104.25],
      ['LeadSpend', 0, 4.99, 99.26],
    ]);
    expect(page.StartingBalance).toBe(89);
    expect(page.EndingBalance).toBe(99.26);
    const sumOfRows = page.Transactions.reduce((total, r) => total + Math.round(r.AmountCleared * 100), 0);
    expect(Math.round(page.StartingBalance * 100) + sumOfRows).toBe(Math.round(page.EndingBalance * 100));
  });

  it('pages at 25 rows with a NextCursor, and page=2 gives the same rows as following the cursor', async () => {
    const movements: [string, number][] = [['2026-04-01T12:00:00.000Z', 50_000]];
    for (let i = 0; i < 30; i++) movements.push([new Date(Date.UTC(2026, 3, 2, 12, i)).toISOString(), -100]);
    const agentId = await agentWithHistory('Central', movements);
    const path = transactionsPath(agentId, '2026-04-02', '2026-04-02');

    const first = (await get('admin', path)).body as unknown as TransactionsPage;
    const next = (await get('admin', `${path}?cursor=${first.NextCursor}`)).body as unknown as TransactionsPage;
    const second = (await get('admin', `${path}?page=2`)).body as unknown as TransactionsPage;

    expect(first).toMatchObject({ TotalCount: 30, TotalPages: 2, Page: 1, StartingBalance: 500, EndingBalance: 470 });
    expect(first.Transactions).toHaveLength(25);
    expect(next).toMatchObject({ TotalCount: 30, Page: 2 });
    expect(next.NextCursor).toBeUndefined();
    expect(next.Transactions.map((r) => r.TimeStamp)).toEqual(movements.slice(26).map(([at]) => at));
    expect(second.Transactions).toEqual(next.Transactions);
    // The running balance carries across the page boundary.
    expect(next.Transactions[0]!.RunningTotal).toBeCloseTo(first.Transactions.at(-1)!.RunningTotal - 1, 2);
  });

  it("refuses with 400 a cursor taken from another agent's history", async () => {
    const many: [string, number][] = [['2026-04-01T12:00:00.000Z', 50_000]];
    for (let i = 0; i < 26; i++) many.push([new Date(Date.UTC(2026, 3, 2, 12, i)).toISOString(), -100]);
    const [a, b] = [await agentWithHistory('Central', many), await agentWithHistory('Central', many)];
    const cursor = ((await get('admin', transactionsPath(a, '2026-04-02', '2026-04-02'))).body as unknown as TransactionsPage).NextCursor;

    const res = await get('admin', `${transactionsPath(b, '2026-04-02', '2026-04-02')}?cursor=${cursor}`);

    expect(res).toEqual({ status: 400, body: { ErrorMessages: ['Invalid cursor'] } });
  });

  it('refuses an impossible date and an end before the start with 400', async () => {
    const agentId = demo('captive agent').agentId!;
    expect(await get('captive agent', transactionsPath(agentId, '2026-02-30', '2026-03-01'))).toEqual({
      status: 400,
      body: { ErrorMessages: [INVALID_START_DATE] },
    });
    expect(await get('captive agent', transactionsPath(agentId, '2026-03-02', '2026-03-01'))).toEqual({
      status: 400,
      body: { ErrorMessages: [END_BEFORE_START] },
    });
  });

  it("shows an agent their own seeded history, ending at their current balance", async () => {
    const agentId = demo('captive agent').agentId!;
    const today = new Date().toISOString().slice(0, 10);
    const page = (await get('captive agent', transactionsPath(agentId, '2000-01-01', today))).body as unknown as TransactionsPage;
    expect(page.StartingBalance).toBe(0);
    expect(Math.round(page.EndingBalance * 100)).toBe((await getBalance(agentId))!.balanceCents);
    expect(page.TotalCount).toBeGreaterThan(0);
  });
});

describe('POST .../export', () => {
  it('writes the CSV to the exports bucket and answers a presigned link that downloads it', async () => {
    const agentId = await agentWithHistory('Pacific', [
      ['2026-05-01T18:00:00.000Z', 20_000],
      ['2026-05-02T18:00:00.000Z', -2_500],
    ]);

    // The file is named after the server's day in the agent's zone: the day read just before or just
    // after the export (Los Angeles's midnight may pass in between).
    const dayOf = (at: Date) => new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', month: '2-digit', day: '2-digit', year: 'numeric' }).format(at).replaceAll('/', '-');
    const dayBefore = dayOf(new Date());
    const { status, body } = await get('admin', `${transactionsPath(agentId, '2026-05-01', '2026-05-02')}/export`);
    expect(status).toBe(200);
    expect([dayBefore, dayOf(new Date())].map((day) => `Transactions-${agentId}-${day}.csv`)).toContain(body.FileName);
    expect(new URL(body.Url as string).searchParams.get('X-Amz-Expires')).toBe('300');

    const download = await fetch(body.Url as string);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(body.FileName as string);
    const rows = Papa.parse<string[]>((await download.text()).trim()).data;
    expect(rows).toEqual([
      ['Agent ID', 'Date', 'Description', 'Type', 'Credit', 'Debit', 'Balance'],
      [agentId, '', 'Starting Balance', '', '', '', '0.00'],
      [agentId, '5/1/2026, 11:00:00 AM', 'Card payment', 'CreditCardPayment', '200.00', '', '200.00'],
      [agentId, '5/2/2026, 11:00:00 AM', 'Lead purchase', 'LeadSpend', '', '25.00', '175.00'],
      [agentId, '', 'Ending Balance', '', '', '', '175.00'],
    ]);
  });
});

describe('GET /api/accountsummary', () => {
  const put = (item: Record<string, unknown>) => docClient().send(new PutCommand({ TableName: tableName(), Item: item }));

  it('gives an agent without disputes or calls their balance, zeros, and the counts and caps of their (seeded) orders', async () => {
    const sponsor = demo('sponsor agent');
    const { Order } = await import('#entities/order.ts');
    const orders = await Order.query.ofAgent(sponsor.agentId!).all();
    const active = orders.filter((o) => o.status === 1);
    const sum = (cap: 'maxPerHour' | 'maxPerDay' | 'maxPerWeek' | 'maxPerMonth') => active.reduce((total, o) => total + o[cap], 0);
    const { status, body } = await get('sponsor agent', '/accountsummary');
    expect(status).toBe(200);
    expect(body).toEqual({
      AgentBalance: (await getBalance(sponsor.agentId!))!.balanceCents / 100,
      TotalActiveOrder: active.length,
      TotalInactiveOrders: orders.filter((o) => o.status === 0).length,
      TotalPendingDisputes: 0,
      TotalLeadsCapacityByHour: sum('maxPerHour'),
      TotalLeadsCapacityByDay: sum('maxPerDay'),
      TotalLeadsCapacityByWeek: sum('maxPerWeek'),
      TotalLeadsCapacityByMonth: sum('maxPerMonth'),
      // What the orders took this hour, day, week and month (tests/integration/lead-engine-jobs.test.ts counts them).
      TotalLeadsUsedByHour: expect.any(Number),
      TotalLeadsUsedByDay: expect.any(Number),
      TotalLeadsUsedByWeek: expect.any(Number),
      TotalLeadsUsedByMonth: expect.any(Number),
      TotalAcceptedCalls: 0,
      TotalWonCalls: 0,
    });
  });

  it("counts the agent's orders by status, sums the caps of active ones, and counts pending disputes and today's calls", async () => {
    // The test writes the calls of the day it reads, the summary reads its own: the clock (Date only,
    // still running) starts at a fixed instant far from any day boundary in New York, so both read the same day.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-10T17:20:00Z'), shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const agentId = demo('captive agent').agentId!;
    const now = new Date().toISOString();
    const order = (orderId: string, status: number, caps: [number, number, number, number]) =>
      put({
        ...Order.keys({ orderId, agentId, createdAt: now, attention: [] } as never),
        entity: 'Order',
        schemaVersion: 1,
        orderId,
        agentId,
        status,
        maxPerHour: caps[0],
        maxPerDay: caps[1],
        maxPerWeek: caps[2],
        maxPerMonth: caps[3],
      });
    // The seed gives the captive agent orders too: the figures below are what these add to them.
    const before = (await get('captive agent', '/accountsummary')).body as Record<string, number>;
    await order('O-active-1', 1, [2, 10, 40, 100]);
    await order('O-active-2', 1, [0, 5, 0, 50]);
    await order('O-paused', 0, [9, 9, 9, 9]);
    await order('O-cancelled', 2, [7, 7, 7, 7]);
    for (const [leadId, status] of [['L1', PENDING_DISPUTE_STATUS], ['L2', PENDING_DISPUTE_STATUS], ['L3', 'Approved']] as const)
      await put({ ...Dispute.keys({ leadId, agentId, status, at: now } as never), entity: 'Dispute', schemaVersion: 1, leadId, agentId, status });
    // The captive demo agent is in New York: the counters are kept per day of the account's time zone.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    await CallsOfDay.put({ agentId, day: today, attempted: 7, won: 3 });

    const { body } = await get('captive agent', '/accountsummary');

    const added = (field: string) => (body as Record<string, number>)[field]! - before[field]!;
    expect(Object.fromEntries(['TotalActiveOrder', 'TotalInactiveOrders', 'TotalLeadsCapacityByHour', 'TotalLeadsCapacityByDay', 'TotalLeadsCapacityByWeek', 'TotalLeadsCapacityByMonth'].map((f) => [f, added(f)]))).toEqual({
      TotalActiveOrder: 2,
      TotalInactiveOrders: 1,
      TotalLeadsCapacityByHour: 2,
      TotalLeadsCapacityByDay: 15,
      TotalLeadsCapacityByWeek: 40,
      TotalLeadsCapacityByMonth: 150,
    });
    expect(body).toMatchObject({ TotalPendingDisputes: 2, TotalAcceptedCalls: 7, TotalWonCalls: 3 });
  });

  it('answers 404 with a clear message for staff, who have no agent account', async () => {
    expect(await get('admin', '/accountsummary')).toEqual({ status: 404, body: { ErrorMessages: [NO_AGENT_ACCOUNT] } });
  });
});
