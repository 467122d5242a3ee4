// Benchmark of the Home insights (issue 12) at marketplace scale, calling the core reads directly:
// the agent's 30 days (one Query of ≤ 30 AgentInsightDay items + a BatchGet), the staff marketplace
// days (30 days of 8 MarketDayTotal shards, a partition each) with the unsold supply (7 days of 8
// MarketDay shard partitions, --cells items a day), and the starving orders (the open-orders index of every state, headers and
// owners, 7 DAY usage counters per capped active order fed in its last 7 days; then from the snapshot).
// Starts its own in-memory DynamoDB Local.
//
//   npx tsx tests/bench/insights.bench.ts [--orders 5000] [--agents 30000] [--cells 600] [--runs 5]
import { parseArgs } from 'node:util';
import { startDynamoDb } from '../../infra/local/services/dynamodb.ts';
import { freePort } from '../../infra/local/services/ports.ts';
import { ensureTable } from '../../infra/local/services/table.ts';
import { handlerEnvironment } from '../../infra/local/settings.ts';
import { agentProfileFixture } from '../support/agent-fixture.ts';
import { percentile } from './raw-dynamodb.ts';

const { values: args } = parseArgs({
  options: { orders: { type: 'string', default: '5000' }, agents: { type: 'string', default: '30000' }, cells: { type: 'string', default: '600' }, runs: { type: 'string', default: '5' } },
});
const ORDERS = Number(args.orders);
const AGENTS = Number(args.agents);
const CELLS = Number(args.cells);
const RUNS = Number(args.runs);

const dynamodb = await freePort().then((port) => startDynamoDb({ port }));
try {
  const tableName = `bench-insights-${Date.now()}`;
  await ensureTable(dynamodb.endpoint, tableName, { stream: false });
  Object.assign(process.env, handlerEnvironment({ tableName, dynamodbEndpoint: dynamodb.endpoint, s3Endpoint: 'http://localhost:9', appOrigin: 'http://localhost:5173', stage: 'test' }));
  await run();
} finally {
  await dynamodb.stop();
}

async function run() {
  const { batchPut } = await import('#platform/db.ts');
  const { AgentProfile } = await import('#entities/agent-profile.ts');
  const { Balance } = await import('#entities/balance.ts');
  const { AgentInsightDay, MarketDay, MarketDayTotal } = await import('#entities/insight-day.ts');
  const { Order } = await import('#entities/order.ts');
  const { OrderTarget } = await import('#entities/order-target.ts');
  const { agentInsights } = await import('#core/reports/insights/agent-insights.ts');
  const { marketOfDays, recentStarvingDemand, starvingDemand } = await import('#core/reports/insights/staff-insights.ts');
  const { reportDay } = await import('#platform/report-day.ts');
  const { daysEndingWith, dayIn } = await import('#shared/insights.ts');
  const { US_STATES } = await import('#shared/lookups.ts');

  const now = new Date();
  const states = US_STATES.map((s) => s.StateAbbreviation);
  const items: Record<string, unknown>[] = [];
  const started = Date.now();
  // The directory's agents (profiles only: the starving orders read their owners' zones).
  for (let i = 0; i < AGENTS; i++) items.push(AgentProfile.toItem(agentProfileFixture(`B${i}`, { timeZone: i % 2 ? 'Eastern' : 'Central' })));
  // One agent with 30 days of purchases.
  items.push(Balance.toItem({ agentId: 'B0', balanceCents: 50_000, creditLineCents: 0, version: 1, updatedAt: now.toISOString() }));
  for (const day of daysEndingWith(dayIn(now, 'America/Chicago'), 30)) items.push(AgentInsightDay.toItem({ agentId: 'B0', day, leads: 3, spendCents: 7_500 }));
  // The marketplace: CELLS campaign-vendor-state items on each of 30 reporting days.
  for (const day of daysEndingWith(reportDay(now.toISOString()), 30)) {
    for (let shard = 0; shard < 8; shard++) items.push(MarketDayTotal.toItem({ day, shard, received: 10 * CELLS / 8, sold: 7 * CELLS / 8, sales: CELLS, revenueCents: 2_500_000, vendorCostCents: 437_500 }));
    for (let c = 0; c < CELLS; c++) items.push(MarketDay.toItem({ day, shard: c % 8, campaignId: `C${c % 20}`, vendorId: `V${Math.floor(c / 20) % 30}`, state: states[c % states.length]!, received: 10, sold: 7, sales: 8, revenueCents: 20_000, vendorCostCents: 3_500 }));
  }
  // Active capped orders, one state each, with DAY usage on their last 7 days.
  for (let o = 0; o < ORDERS; o++) {
    const agentId = `B${o % AGENTS}`;
    const orderId = `BO${o}`;
    const state = states[o % states.length]!;
    // Half the orders had a lead in their last 7 days (their days are on the header), half not.
    items.push(
      Order.toItem({
        orderId, userFacingOrderId: o + 1, agentId, createdAt: now.toISOString(), lastUpdated: now.toISOString(), modifiedBy: 'bench', description: 'bench', status: 1, priority: 5, isFundOrder: true, statesOnly: true,
        maxPerHour: 0, maxPerDay: 5, maxPerWeek: 0, maxPerMonth: 0, selectedFundIds: ['F'], campaigns: [], recipients: [], slots: [], stateCount: 1, zipCodeCount: 0, targetStates: [state], attention: [], receivedCounts: {}, leadCount: 0, ...(o % 2 ? { lastLeadAt: now.toISOString(), usage: { days: Object.fromEntries(daysEndingWith(dayIn(now, 'America/New_York'), 7).map((day) => [day, o % 6])) } } : {}), revision: 1, createDigest: 'x',
      }),
      OrderTarget.toItem({ orderId, agentId, state, fundIds: ['F'], campaignVendors: [], zips: [], active: true, revision: 1 }),
    );
  }
  await batchPut(items);
  console.log(`seeded ${items.length.toLocaleString('en-US')} items (${AGENTS} agents, ${ORDERS} active capped orders, ${CELLS} market cells × 30 days) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const time = async (name: string, work: () => Promise<unknown>) => {
    const ms: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const t = performance.now();
      await work();
      ms.push(performance.now() - t);
    }
    console.log(`${name}: p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms (${RUNS} runs)`);
  };
  await time('agent insights (30 days + forecast)', () => agentInsights('B0', now));
  await time(`staff marketplace days (30 × 8 total shards) + unsold supply (7 × ${CELLS} cells)`, () => marketOfDays(now));
  await time(`starving orders computed (${ORDERS} active capped orders)`, () => starvingDemand(now));
  await recentStarvingDemand(now);
  await time('starving orders from the stored snapshot', () => recentStarvingDemand(now));
}
