// Freshness of the projector's views (issue 20, "Done means": p95 <= 2 s on the local stack): a fact
// is committed through the API, and from its answer the list a client sees is polled every POLL_MS
// until the change shows, SAMPLES times per list, the lists taken in turn so they share the load:
//   - the agents list (an admin's GET /api/agent sorted by CurrentBalance, descending, filtered to the
//     agent): a transfer's sender shows its new balance (the directory view, read from the snapshot);
//   - My Team (the demo sponsor's GET /api/agent): its downline agent shows the balance a transfer
//     from the sponsor gave it;
//   - Transaction History (the staff report's first page, sorted by Timestamp, descending): a
//     transfer's debit row shows (the ledger-history view's sort copies);
//   - Open Orders (the staff report of the run's fund, all states, sorted by LastUpdated, descending):
//     an order saved under a new name shows it (the open-orders view).
// Beside them, in the same rounds, the raw figure: a bare put to the same DynamoDB Local table, timed
// from its answer until a reader of the table's stream (GetRecords every POLL_MS, as the views' floor)
// gets its record. The projector's idle poll (infra/local/projector.ts; the harness passes 250 ms)
// bounds the figures: a fact that lands while it sleeps waits for it. (The local stack of `npm start`
// polls at once after its own writes instead: nudge().)
//
//   npm run bench -- freshness        (or: npx vitest run --project bench tests/bench/freshness.test.ts)
//   FRESHNESS_SAMPLES=30 FRESHNESS_AGENTS=200 to change the samples per list or the seeded agents.
import { DescribeTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient, DescribeStreamCommand, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { cpus, loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDynamoCredentials, LOCAL_REGION } from '../../infra/local/settings.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';
import { percentile } from './raw-dynamodb.ts';
import { testDynamoEndpoint } from '../support/test-table.ts';

const SAMPLES = Number(process.env.FRESHNESS_SAMPLES ?? 30);
const AGENTS = Number(process.env.FRESHNESS_AGENTS ?? 200);
const POLL_MS = 20;
const GIVE_UP_MS = 15_000;
const PROJECTOR_IDLE_MS = 250;

const api = useApiHarness({ projector: true, seed: { agents: AGENTS } });
const fx = useLeadFixture(api, {
  codeLetter: 'F',
  idPrefix: 'F',
  names: { campaign: 'Freshness', fund: 'Freshness fund' },
  agentDefaults: { balanceCents: 10_000_000 },
});

const { getBalance, postEntry } = await import('#core/money/ledger.ts');
const { Order } = await import('#entities/order.ts');
const { DEMO_AGENT_IDS } = await import('#core/seed/demo-users.ts');

type Row = Record<string, unknown>;
const lists = ['agents list', 'My Team', 'Transaction History', 'Open Orders', 'raw: put to stream record'] as const;
type List = (typeof lists)[number];
const figures = new Map<List, { ms: number[]; missed: number }>(lists.map((l) => [l, { ms: [], missed: 0 }]));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `seen` every POLL_MS from now; the ms until it held (undefined: not within GIVE_UP_MS). */
async function until(seen: () => Promise<boolean>, from: number): Promise<number | undefined> {
  for (;;) {
    if (await seen()) return performance.now() - from;
    if (performance.now() - from > GIVE_UP_MS) return undefined;
    await sleep(POLL_MS);
  }
}

function record(list: List, ms: number | undefined) {
  const f = figures.get(list)!;
  if (ms === undefined) f.missed++;
  else f.ms.push(ms);
}

/** MM-DD-YYYY of today plus `days` (the paged Transaction History's path days). */
function pathDay(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}-${d.getUTCFullYear()}`;
}

/** A reader of the table's stream from now on, for the raw figure. */
async function streamReader() {
  const config = { endpoint: testDynamoEndpoint(), region: LOCAL_REGION, credentials: localDynamoCredentials() };
  const dynamo = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);
  const TableName = process.env.TABLE_NAME!;
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName }));
  const StreamArn = Table!.LatestStreamArn!;
  const iterators = new Map<string, string>();
  const latest = async () => {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      if (!shard.ShardId || iterators.has(shard.ShardId) || shard.SequenceNumberRange?.EndingSequenceNumber) continue;
      const { ShardIterator } = await streams.send(new GetShardIteratorCommand({ StreamArn, ShardId: shard.ShardId, ShardIteratorType: 'LATEST' }));
      if (ShardIterator) iterators.set(shard.ShardId, ShardIterator);
    }
  };
  await latest();
  let n = 0;
  return {
    /** Puts a new item; the ms from its answer until its record is read from the stream. */
    async sample(): Promise<number | undefined> {
      const pk = `RAW#freshness#${++n}`;
      await dynamo.send(new PutItemCommand({ TableName, Item: { pk: { S: pk }, sk: { S: 'RAW' } } }));
      const from = performance.now();
      let found = false;
      return until(async () => {
        for (const [shardId, iterator] of [...iterators]) {
          const answer = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
          if (answer.NextShardIterator) iterators.set(shardId, answer.NextShardIterator);
          else iterators.delete(shardId);
          if ((answer.Records ?? []).some((r) => r.dynamodb?.Keys?.pk?.S === pk)) found = true;
        }
        if (iterators.size === 0) await latest();
        return found;
      }, from);
    },
    stop() {
      dynamo.destroy();
      streams.destroy();
    },
  };
}

let admin: Session;
let sponsor: Session;
let raw: Awaited<ReturnType<typeof streamReader>>;
const pairs: { agentId: string; session: Session }[] = [];
let order: { agentId: string; orderId: string };
/** How busy the shared machine was during the samples (the 1-minute load average's range). */
let loadNote = 'load not sampled';

beforeAll(async () => {
  admin = await api.sessionFor('admin');
  sponsor = await api.sessionFor('sponsor agent');
  await postEntry({ agentId: DEMO_AGENT_IDS.sponsor, deltaCents: 10_000_000, type: 'AgentContribution', description: 'freshness bench money', idempotencyKey: 'freshness:sponsor' });
  for (let i = 0; i < 2; i++) {
    const { agentId, session } = await fx.agentWithOrder({ state: 'WY', zip: '82001', withSession: true });
    pairs.push({ agentId, session });
  }
  order = await fx.agentWithOrder({ state: 'WY', zip: '82001', description: 'Freshness 0' });
  await api.settled();
  raw = await streamReader();
}, 300_000);

afterAll(() => {
  raw?.stop();
  const lines = [...figures].map(([list, { ms, missed }]) =>
    `  ${list.padEnd(27)} p50 ${fmt(percentile(ms, 50))} ms, p95 ${fmt(percentile(ms, 95))} ms, max ${fmt(ms.length ? Math.max(...ms) : NaN)} ms over ${ms.length} samples${missed ? `, ${missed} not seen within ${GIVE_UP_MS / 1000} s` : ''}${list.startsWith('raw') ? '' : ' (target p95 <= 2000 ms)'}`,
  );
  console.log(
    `\nFreshness on the local stack (DynamoDB Local with its stream, the projector, the local gateway; ${AGENTS} seeded agents, ${loadNote}): from the fact's API answer until the list a client polls every ${POLL_MS} ms shows it.\n` +
      `The projector sleeps ${PROJECTOR_IDLE_MS} ms between polls of an idle stream (infra/local/projector.ts idleMs, as the harness and npm start run it), which bounds every figure.\n${lines.join('\n')}`,
  );
});

function fmt(ms: number): string {
  return Number.isFinite(ms) ? ms.toFixed(0) : '-';
}

describe('freshness', () => {
  it(`${SAMPLES} samples of each list, in turn`, async () => {
    const loads: number[] = [];
    for (let round = 0; round < SAMPLES; round++) {
      loads.push(loadavg()[0]!);
      loadNote = `1-minute load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} on ${cpus().length} cores`;
      // The agents list: a transfer between the pair; the sender's new balance.
      {
        const [from, to] = round % 2 === 0 ? [pairs[0]!, pairs[1]!] : [pairs[1]!, pairs[0]!];
        const sent = await api.fetch<{ CurrentBalance: number }>('POST', `/agent/${from.agentId}/agentTransfer/${to.agentId}?amount=10`, { session: from.session });
        expect(sent.status, sent.errors.join()).toBe(201);
        const t0 = performance.now();
        const want = sent.body.CurrentBalance;
        record('agents list', await until(async () => {
          const page = await api.fetch<{ Results: Row[] }>('GET', `/agent?PageNumber=1&PageSize=25&SortColumnName=CurrentBalance&SortOrder=true&AgentId=${from.agentId}`, { session: admin });
          return page.body.Results.some((r) => r.AgentId === from.agentId && r.CurrentBalance === want);
        }, t0));
      }
      // My Team: the sponsor gives its downline agent $10; that agent's new balance in the sponsor's list.
      {
        const sent = await api.fetch('POST', `/agent/${DEMO_AGENT_IDS.sponsor}/agentTransfer/${DEMO_AGENT_IDS.captive}?amount=10`, { session: sponsor });
        expect(sent.status, sent.errors.join()).toBe(201);
        const t0 = performance.now();
        const want = ((await getBalance(DEMO_AGENT_IDS.captive))?.balanceCents ?? 0) / 100;
        record('My Team', await until(async () => {
          const page = await api.fetch<{ Results: Row[] }>('GET', `/agent?PageNumber=1&PageSize=25&SortColumnName=CurrentBalance&SortOrder=true&AgentId=${DEMO_AGENT_IDS.captive}`, { session: sponsor });
          return page.body.Results.some((r) => r.AgentId === DEMO_AGENT_IDS.captive && r.CurrentBalance === want);
        }, t0));
      }
      // Transaction History: a transfer's debit row on the staff report's first page.
      {
        const [from, to] = round % 2 === 0 ? [pairs[1]!, pairs[0]!] : [pairs[0]!, pairs[1]!];
        const sent = await api.fetch<{ TimeStamp: string }>('POST', `/agent/${from.agentId}/agentTransfer/${to.agentId}?amount=10`, { session: from.session });
        expect(sent.status, sent.errors.join()).toBe(201);
        const t0 = performance.now();
        const at = Date.parse(sent.body.TimeStamp);
        record('Transaction History', await until(async () => {
          const page = await api.fetch<{ Histories: Row[] }>('GET', `/transactionhistory/start/${pathDay(-1)}/end/${pathDay(1)}?page=1&pageSize=25&sortColumnName=Timestamp&sortOrder=desc`, { session: admin });
          return page.body.Histories.some((r) => r.AgentId === from.agentId && Date.parse(String(r.Timestamp)) === at && Number(r.Debit) > 0);
        }, t0));
      }
      // Open Orders: the order saved under a new name.
      {
        const stored = (await Order.get({ orderId: order.orderId }, { consistent: true }))!;
        const name = `Freshness ${round + 1}`;
        const saved = await api.call('orders.updateFundOrder', {
          params: { agentId: order.agentId, orderId: order.orderId },
          body: {
            OrderId: order.orderId, Description: name, SelectedFunds: [fx.ids.fund], StatesOnly: true, States: [{ StateAbbreviation: 'WY' }], ZipCodes: [],
            MaxPerHour: 0, MaxPerDay: 0, MaxPerWeek: 0, MaxPerMonth: 1000, OrderRecipients: [{ AgentId: order.agentId, Percentage: 100 }],
            OrderTimeSlots: stored.slots.map((s) => ({ StartSlot: s.startSlot, EndSlot: s.endSlot, Days: s.days })), Revision: stored.revision,
          },
          session: admin,
        });
        expect(saved.status, saved.errors.join()).toBe(200);
        const t0 = performance.now();
        record('Open Orders', await until(async () => {
          const page = await api.fetch<{ Data: Row[] }>('GET', `/openordersfromfunds/fund/${fx.ids.fund}/state/all?page=1&pageSize=25&sortColumnName=LastUpdated&sortOrder=desc`, { session: admin });
          return page.body.Data.some((r) => r.OrderName === name);
        }, t0));
      }
      record('raw: put to stream record', await raw.sample());
    }
  }, 900_000);
});
