// `npm run bench`: runs every benchmark script in turn, each in its own process (they start their own
// emulators), and prints their figures. Benchmarks measure; tests check behaviour.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const BENCHES = [
  ['bundle sizes (Lambda bundles and the frontend initial JavaScript)', 'infra/bundle-sizes.ts'],
  ['address data (cold start, memory, look-ups, radius)', 'tests/bench/address.bench.ts'],
  ['write cost of a transfer, a card credit, a lead sale, an order save and a Pro Store row (items, index writes, write units, partitions)', 'tests/bench/write-cost.test.ts'],
  ['partition heat of lead sales at 1,000 a second, the projector\'s writes included', 'tests/bench/write-cost-heat.test.ts'],
  ['transfers (one transfer, 20 clients on distinct pairs, 60 concurrent out of one agent; beside raw 5-item transactions)', 'tests/bench/transfer.bench.ts'],
  ['freshness: a committed fact to its change in the agents list, My Team, Transaction History and Open Orders (the projector running)', 'tests/bench/freshness.test.ts'],
  ['speed to lead: 500 sales to the agent\'s socket, the CRM webhook and the alert e-mail (the projector, the live socket and the delivery queue running)', 'tests/bench/delivery.test.ts'],
  ['Pro Store weekly job over 30,000 agents', 'tests/bench/prostore.bench.ts'],
  ['agent list over 30,000 agents', 'tests/bench/agent-list.bench.ts'],
  ['catalogue list calls over the seeded catalogue', 'tests/bench/catalogue-lists.bench.ts'],
  ['campaign save with 5 vendors and 10 fund links', 'tests/bench/campaign-save.bench.ts'],
  ['agent CSV upload of a 10,000-row transaction file', 'tests/bench/agent-upload.bench.ts'],
  ['do-not-call scrub: a 1,000,000-number list loaded, a list uploaded end to end, intake latency with and without the scrub beside the raw GetItem, reads added per lead (`DNC_BENCH_NUMBERS` for a smaller list)', 'tests/bench/do-not-call.test.ts'],
  ['orders: save with 500 zips and 10 recipients, My Orders of 200 orders', 'tests/bench/orders.bench.ts'],
  ['leads over HTTP as a vendor posts: decision latency, sold leads a second at 8 and 16 clients, pings, and the correctness audit (30,000 agents, 10,000 orders, 10,000 leads; `npx tsx tests/bench/leads.bench.ts --quick` for 2,000, 500 and 1,000)', 'tests/bench/leads.bench.ts'],
  ['ledger reports over 30,000 agents with a month of activity (Account Summary, Transaction History, both exports)', 'tests/bench/reports.bench.ts'],
  ['marketplace reports over 30,000 agents with a month of activity (campaign, fund, internal leads, open orders, ping history, their exports)', 'tests/bench/marketplace-reports.bench.ts'],
  ['Home insights over 30,000 agents and 5,000 capped orders (agent chart, staff series, starving orders)', 'tests/bench/insights.bench.ts'],
] as const;

const only = process.argv.slice(2);
let failed = 0;
for (const [title, file] of BENCHES) {
  if (only.length && !only.some((o) => file.includes(o))) continue;
  if (!existsSync(path.join(root, file))) {
    console.log(`\n== ${title}: not built yet (${file})`);
    continue;
  }
  console.log(`\n== ${title} (${file})`);
  const started = Date.now();
  // Benchmarks written as vitest files run in the `bench` project (they use the integration harness).
  const command = file.endsWith('.test.ts') ? ['node_modules/vitest/vitest.mjs', 'run', '--project', 'bench', file] : ['--import', 'tsx', file];
  const run = spawnSync(process.execPath, command, { cwd: root, stdio: 'inherit', env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } });
  if (run.status !== 0) failed++;
  console.log(`== ${run.status === 0 ? 'done' : `FAILED (exit ${run.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
process.exit(failed ? 1 : 0);
