// Benchmark of the catalogue list calls over the seeded catalogue, through the local gateway as an
// admin (session, authorization, contract check, handler): GET fund, and GET campaign, VendorTable,
// rules and contracts where they are built (a route still answering 501 prints "not built"). Printed
// beside a raw Query of the funds index partition on the same DynamoDB Local, measured in the same run.
//
//   npx tsx tests/bench/catalogue-lists.bench.ts [--calls 100]
import { parseArgs } from 'node:util';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { percentile } from './raw-dynamodb.ts';
import { BENCH_ORIGIN, withBenchStack } from './bench-stack.ts';

const { values: args } = parseArgs({ options: { calls: { type: 'string', default: '100' } } });
const CALLS = Number(args.calls);
const ORIGIN = BENCH_ORIGIN;
const WARM_UP = 20;

const LISTS: [string, string][] = [
  ['GET fund', '/fund'],
  ['GET fund/campaignvendorfunds', '/fund/campaignvendorfunds'],
  ['GET campaign', '/campaign'],
  ['GET VendorTable (page 1, 10)', '/VendorTable?page=1&pageSize=10'],
  ['GET rules', '/rules'],
  ['GET contracts', '/contracts'],
];

await withBenchStack({ name: 'catalogue' }, () => run());

async function run(): Promise<void> {
  // Imported after the environment points at the benchmark's own table.
  const { seed } = await import('#core/seed/index.ts');
  const { createSession } = await import('#core/identity/sessions.ts');
  const { docClient, tableName } = await import('#platform/dynamo.ts');
  const { startGateway } = await import('../../infra/local/gateway.ts');

  const counts = await seed({ agents: 1 });
  const cookie = `lc_session=${(await createSession('U-admin')).token}`;
  const gateway = await startGateway({ port: 0 });
  try {
    const get = async (path: string): Promise<number> => {
      const res = await fetch(`${gateway.url}/api${path}`, { headers: { origin: ORIGIN, cookie } });
      await res.arrayBuffer();
      return res.status;
    };
    console.log(`DynamoDB Local (in memory), Node ${process.version}; seeded catalogue: ${counts.funds} funds, ${counts.campaigns} campaigns, ${counts.vendors} vendors`);
    // Every list is warmed up before any is measured: the first calls of a fresh process run cold
    // (module loading, JIT), and measuring the first list right after its own few warm-up calls made
    // it look several times slower than it is (GET fund read 34 ms median that way, about 15 ms warm).
    const built: [string, string][] = [];
    for (const [name, path] of LISTS) {
      const status = await get(path);
      if (status === 501) console.log(`${name}: not built`);
      else if (status !== 200) {
        console.log(`${name}: answered ${status}, not measured`);
        process.exitCode = 1;
      } else built.push([name, path]);
    }
    for (let i = 0; i < WARM_UP; i++) for (const [, path] of built) await get(path);
    const medians: [string, number][] = [];
    for (const [name, path] of built) {
      const samples = await timeEach(CALLS, async () => {
        if ((await get(path)) !== 200) throw new Error(`${path} failed`);
      });
      medians.push([name, percentile(samples, 50)]);
      console.log(`${name}: ${CALLS} sequential calls: median ${fmt(percentile(samples, 50))} ms, p95 ${fmt(percentile(samples, 95))} ms, max ${fmt(Math.max(...samples))} ms`);
    }
    // The yardstick: one Query of the funds index partition (what GET fund reads first), bare.
    const raw = await timeEach(CALLS, async () => {
      await docClient().send(new QueryCommand({ TableName: tableName(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'FUNDS' } }));
    });
    const rawP50 = percentile(raw, 50);
    console.log(`raw DynamoDB Local: one Query of the funds partition over ${CALLS} sequential: median ${fmt(rawP50)} ms, p95 ${fmt(percentile(raw, 95))} ms`);
    for (const [name, p50] of medians) console.log(`${name}: median / raw Query median = ${(p50 / rawP50).toFixed(2)}x`);
    // GET fund (and fund/campaignvendorfunds) read five index partitions at once, not one: funds, and
    // for each fund's disputable status every link, pair, campaign and vendor (docs/data-model.md).
    const partitions = [['gsi1', 'FUNDS'], ['gsi3', 'CVFS'], ['gsi3', 'CAMPAIGN_VENDORS'], ['gsi1', 'CAMPAIGNS'], ['gsi1', 'VENDORS']] as const;
    const raw5 = await timeEach(CALLS, async () => {
      await Promise.all(
        partitions.map(([IndexName, pk]) =>
          docClient().send(new QueryCommand({ TableName: tableName(), IndexName, KeyConditionExpression: `${IndexName}pk = :pk`, ExpressionAttributeValues: { ':pk': pk } })),
        ),
      );
    });
    const raw5P50 = percentile(raw5, 50);
    console.log(`raw DynamoDB Local: the five Queries GET fund reads, at once, over ${CALLS} sequential: median ${fmt(raw5P50)} ms, p95 ${fmt(percentile(raw5, 95))} ms`);
    for (const [name, p50] of medians.filter(([n]) => n.startsWith('GET fund'))) console.log(`${name}: median / raw five Queries median = ${(p50 / raw5P50).toFixed(2)}x`);
  } finally {
    await gateway.stop();
  }
}

async function timeEach(times: number, action: () => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await action();
    samples.push(performance.now() - start);
  }
  return samples;
}

function fmt(ms: number): string {
  return ms.toFixed(1);
}
