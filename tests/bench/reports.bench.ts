// Benchmark of the ledger reports (issue 12) over a large directory with a month of generated activity,
// through the local gateway: Account Summary's first, middle and last page of 25 (each agent's
// figures from its day sums) and a filtered page; Transaction History's paged form in time order
// (first and last page, through the ledger's day index) and sorted by first name (in memory, refused
// above 10,000 rows); and both CSV exports timed from the start until the status says the file is
// ready (the local scheduler plays the uploads bucket's notification and runs the agentExport job).
// Starts its own in-memory DynamoDB Local and s3rver on free ports and stops them.
// Beside each page: the raw DynamoDB Local yardstick, a bare Query of one agent's day sums (the shape
// of one Account Summary row's read) sampled right after each request, so the machine's load at that
// moment shows; only ratios to it compare across runs. The seeded table gets the day sums' by-day
// index keys from the start, which the Account Summary export uses.
//
//   npm run bench -- reports            (30,000 agents)
//   npx tsx tests/bench/reports.bench.ts [--agents 30000] [--runs 10] [--skip pages|exports]
//
// The directory and each agent's ledger (entries, day sums, balance) come from the seed's generators
// (2 to 6 movements each over the 45 days before the bench's "today").
import os from 'node:os';
import { parseArgs } from 'node:util';
import { BUCKETS } from '../../infra/local/settings.ts';
import { percentile } from './raw-dynamodb.ts';
import type { TestServices } from '../support/local-services.ts';
import { BENCH_ORIGIN, withBenchStack } from './bench-stack.ts';

const { values: args } = parseArgs({
  options: { agents: { type: 'string', default: '30000' }, runs: { type: 'string', default: '10' }, skip: { type: 'string', multiple: true, default: [] } },
});
const SKIP = new Set(args.skip);
const AGENTS = Number(args.agents);
const RUNS = Number(args.runs);
const ORIGIN = BENCH_ORIGIN;
const SEED = 20_240_501;
const loadAtStart = os.loadavg().map((n) => n.toFixed(1)).join(' ');

await withBenchStack({ name: 'reports' }, run);

async function run(services: TestServices): Promise<void> {
  // Imported after the environment points at the benchmark's own table.
  const { batchPut } = await import('#platform/db.ts');
  const { AgentProfile } = await import('#entities/agent-profile.ts');
  const { User } = await import('#entities/user.ts');
  const { projectAgents } = await import('#core/views/directory-view.ts');
  const { accountItems } = await import('#core/money/ledger.ts');
  const { generateAgents, historyOf } = await import('#core/seed/agents.ts');
  const { DEMO_USERS } = await import('#core/seed/demo-users.ts');
  const { seededRandom } = await import('#core/seed/random.ts');
  const { createSession } = await import('#core/identity/sessions.ts');
  const { startGateway } = await import('../../infra/local/gateway.ts');
  const { startScheduler } = await import('../../infra/local/scheduler.ts');
  const { DaySummary } = await import('#entities/day-summary.ts');
  const { listAgents } = await import('#core/directory/agent-directory.ts');
  const { summarizeAgent, mapLimited, SUMMARY_CONCURRENCY, daysOf } = await import('#core/reports/ledger-reports.ts');
  const { buildLedgerDigests } = await import('#core/reports/ledger-sort-pages.ts');
  const { LedgerEntry } = await import('#entities/ledger-entry.ts');
  const { LedgerHistoryKey, HISTORY_COLUMNS } = await import('#entities/ledger-history-key.ts');
  const { historyKeysOf } = await import('#core/views/ledger-history-view.ts');

  const today = new Date(Date.UTC(2025, 0, 15));
  const agents = generateAgents(AGENTS, seededRandom(SEED), today);
  const createdAt = today.toISOString();
  const users = DEMO_USERS.map((u) =>
    User.toItem({
      userId: u.userId, email: u.email, name: u.name, kind: u.kind, ...(u.agentId ? { agentId: u.agentId } : {}),
      isAdmin: u.isAdmin ?? false, isManager: u.isManager ?? false, isLeadConnectHome: u.isLeadConnectHome ?? false,
      isSalesAssistant: u.isSalesAssistant ?? false, isSponsorAgent: u.isSponsorAgent ?? false, isFundPreview: u.isFundPreview ?? false, createdAt,
    }),
  );
  const seedStarted = performance.now();
  // The seed's items (about a million objects with the copies) are let go before anything is timed, so
  // the gateway's collector, in this process, is not timed sweeping the benchmark's own heap.
  const { entries, daySums } = await (async () => {
    const ledgerItems = agents.flatMap((a) => accountItems(a.profile.agentId, a.creditLineCents, historyOf(a, SEED, today), { firstName: a.profile.firstName, lastName: a.profile.lastName }));
    await batchPut([...agents.map((a) => AgentProfile.toItem(a.profile)), ...ledgerItems, ...users], { concurrency: 32 });
    await projectAgents(agents.map((a) => a.profile.agentId));
    // The Transaction History's sort copies, as the ledger-history view writes them from the entries' records.
    for (let i = 0; i < ledgerItems.length; i += 10_000) {
      const chunk = ledgerItems.slice(i, i + 10_000).filter((item) => item.entity === 'LedgerEntry');
      const copies = (await Promise.all(chunk.map((item) => historyKeysOf(LedgerEntry.parse(item))))).flat();
      await batchPut(copies.map((c) => LedgerHistoryKey.toItem(c)), { concurrency: 32 });
    }
    return { entries: ledgerItems.filter((i) => i.entity === 'LedgerEntry').length, daySums: ledgerItems.filter((i) => i.entity === 'DaySummary').length };
  })();
  const seedMs = performance.now() - seedStarted;
  // The closed days' rank digests of every order (what the first page of each day would build).
  const digestDays = daysOf({ startDate: '2024-12-15', endDate: '2025-01-14' });
  const digestStarted = performance.now();
  const digests = await buildLedgerDigests(digestDays, HISTORY_COLUMNS);
  const digestMs = performance.now() - digestStarted;

  // The yardstick: one bare Query of an agent's day sums, newest first, ≤ 32 items.
  let rawAt = 0;
  const rawQuery = async (): Promise<number> => {
    const agentId = agents[rawAt++ % agents.length]!.profile.agentId;
    const started = performance.now();
    await DaySummary.query.before(agentId, '2025-01-14').page({ newestFirst: true, limit: 32 });
    return performance.now() - started;
  };

  const admin = `lc_session=${(await createSession(DEMO_USERS.find((u) => u.role === 'admin')!.userId)).token}`;
  const gateway = await startGateway({ port: 0 });
  const scheduler = startScheduler({ log: () => undefined, uploads: { bucket: BUCKETS.uploads, onObjectEvent: services.onObjectEvent } });
  const get = async (pathAndQuery: string, expected = 200, method = 'GET'): Promise<{ status: number; body: Record<string, unknown>; bytes: number }> => {
    const res = await fetch(`${gateway.url}/api${pathAndQuery}`, { method, headers: { cookie: admin, origin: ORIGIN } });
    const text = await res.text();
    if (res.status !== expected && res.status !== 400) throw new Error(`${method} ${pathAndQuery}: HTTP ${res.status} ${text.slice(0, 200)}`);
    return { status: res.status, body: JSON.parse(text) as Record<string, unknown>, bytes: text.length };
  };

  // The month before "today": 31 days, both ends included.
  const range = { start: '2024-12-15', end: '2025-01-14' };
  const us = (day: string) => `${day.slice(5, 7)}-${day.slice(8, 10)}-${day.slice(0, 4)}`;
  const summary = (query: string) => `/accountsummary/start/${range.start}/end/${range.end}?${query}`;
  const history = (query: string) => `/transactionhistory/start/${us(range.start)}/end/${us(range.end)}?${query}`;
  const lastAgentPage = Math.ceil(agents.length / 25);
  const first = await get(history('sortColumnName=Timestamp&pageSize=25&page=1'));
  const historyPages = Number(first.body.Pages ?? 1);

  const cases: [string, string][] = [
    ['account summary: first page (last name)', summary('page=1&pageSize=25')],
    [`account summary: middle page (${Math.ceil(lastAgentPage / 2)})`, summary(`page=${Math.ceil(lastAgentPage / 2)}&pageSize=25`)],
    [`account summary: last page (${lastAgentPage})`, summary(`page=${lastAgentPage}&pageSize=25`)],
    ['account summary: first name sort, first page', summary('page=1&pageSize=25&sortColumnName=FirstName')],
    ["account summary: last name filter 'smi'", summary('page=1&pageSize=25&filterObject[0].id=LastName&filterObject[0].Value=smi')],
    ['transaction history: time order, first page', history('sortColumnName=Timestamp&pageSize=25&page=1')],
    [`transaction history: time order, last page (${historyPages})`, history(`sortColumnName=Timestamp&pageSize=25&page=${historyPages}`)],
    ['transaction history: newest first, first page', history('sortColumnName=Timestamp&sortOrder=desc&pageSize=25&page=1')],
    ['transaction history: by first name (spec default), first page', history('pageSize=25&page=1')],
    [`transaction history: by first name, middle page (${Math.ceil(historyPages / 2)})`, history(`pageSize=25&page=${Math.ceil(historyPages / 2)}`)],
    [`transaction history: by first name, last page (${historyPages})`, history(`pageSize=25&page=${historyPages}`)],
    ['transaction history: by first name descending, first page', history('pageSize=25&page=1&sortOrder=desc')],
    ['transaction history: by last name, first page', history('pageSize=25&page=1&sortColumnName=LastName')],
    [`transaction history: by last name desc, middle page (${Math.ceil(historyPages / 3)})`, history(`pageSize=25&page=${Math.ceil(historyPages / 3)}&sortColumnName=LastName&sortOrder=desc`)],
    ['transaction history: by agent id, first page', history('pageSize=25&page=1&sortColumnName=AgentId')],
    ['transaction history: by type, first page', history('pageSize=25&page=1&sortColumnName=Type')],
    [`transaction history: by type desc, middle page (${Math.ceil(historyPages / 2)})`, history(`pageSize=25&page=${Math.ceil(historyPages / 2)}&sortColumnName=Type&sortOrder=desc`)],
    ['transaction history: by credit desc, first page', history('pageSize=25&page=1&sortColumnName=Credit&sortOrder=desc')],
    ['transaction history: by debit desc, first page', history('pageSize=25&page=1&sortColumnName=Debit&sortOrder=desc')],
    [`transaction history: by debit, last page (${historyPages})`, history(`pageSize=25&page=${historyPages}&sortColumnName=Debit`)],
    ["transaction history: last name filter 'smi', by debit", history('pageSize=25&page=1&sortColumnName=Debit&sortOrder=desc&filterObject[0].id=LastName&filterObject[0].Value=smi')],
    ["transaction history: agent id filter, by type", history(`pageSize=25&page=1&sortColumnName=Type&filterObject[0].id=AgentId&filterObject[0].Value=${agents[17]!.profile.agentId}`)],
  ];

  try {
    const lines: string[] = [];
    await get(summary('page=1&pageSize=10'));
    const heapMiB = (process.memoryUsage().heapUsed / 2 ** 20).toFixed(0);
    const rawLine = (raw: number[]) => `raw Query p50 ${fmt(percentile(raw, 50))} / p95 ${fmt(percentile(raw, 95))} ms`;
    for (const [name, query] of SKIP.has('pages') ? [] : cases) {
      const samples: number[] = [];
      const raw: number[] = [];
      let last = { status: 0, body: {} as Record<string, unknown>, bytes: 0 };
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        last = await get(query);
        samples.push(performance.now() - started);
        raw.push(await rawQuery());
      }
      const rows = (last.body.Result ?? last.body.Histories) as unknown[] | undefined;
      const total = last.body.TotalCount ?? last.body.TotalHistoryCount;
      const outcome = last.status === 200 ? `${rows?.length ?? 0} rows of ${String(total)}` : `HTTP ${last.status}: ${String((last.body.ErrorMessages as string[] | undefined)?.[0])}`;
      const p95 = percentile(samples, 95);
      lines.push(
        `${name.padEnd(62)} p50 ${fmt(percentile(samples, 50)).padStart(7)} ms, p95 ${fmt(p95).padStart(7)} ms ${p95 <= 300 ? '(<= 300)' : '(OVER 300)'}  (${outcome}, ${(last.bytes / 1024).toFixed(0)} KiB; ${rawLine(raw)})`,
      );
    }
    // Where an Account Summary page's time goes, in process (no gateway): the directory's page, then its 25 agents' Queries.
    if (!SKIP.has('pages')) {
      const viewer = { scope: { kind: 'all' as const }, canSeePriority: false, canSeeCreditLine: false };
      const directory: number[] = [];
      const figures: number[] = [];
      const raw: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        let started = performance.now();
        const page = await listAgents(viewer, { filters: {}, sort: { column: 'LastName', descending: false }, page: 1 + i * 37, pageSize: 25 });
        directory.push(performance.now() - started);
        started = performance.now();
        await mapLimited(page.entries, SUMMARY_CONCURRENCY, (a) => summarizeAgent(a.agentId, { startDate: range.start, endDate: range.end }));
        figures.push(performance.now() - started);
        raw.push(await rawQuery());
      }
      const pct = (xs: number[]) => `p50 ${fmt(percentile(xs, 50)).padStart(7)} ms, p95 ${fmt(percentile(xs, 95)).padStart(7)} ms`;
      lines.push(`${'  of which the directory page (in process)'.padEnd(62)} ${pct(directory)}`);
      lines.push(`${'  of which 25 agents\' day-sum Queries (in process)'.padEnd(62)} ${pct(figures)}  (${rawLine(raw)})`);
    }
    const exportUntilReady = async (pathAndQuery: string): Promise<{ rows: number; ms: number }> => {
      const started = performance.now();
      const { body } = await get(pathAndQuery, 202, 'POST');
      const exportId = String(body.ExportId);
      for (;;) {
        const { body: status } = await get(`/exports/${exportId}`);
        if (status.Status === 'Succeeded') return { rows: Number(status.Rows ?? 0), ms: performance.now() - started };
        if (status.Status === 'Failed') throw new Error(`export ${exportId} failed`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    for (const [name, query] of SKIP.has('exports')
      ? []
      : ([
          ['account summary, every agent', `/accountsummary/start/${range.start}/end/${range.end}/export`],
          ['transaction history, every entry of the month', `/transactionhistory/export/start/${range.start}/end/${range.end}/`],
        ] as const)) {
      const done = await exportUntilReady(query);
      lines.push(`${`CSV export start to ready: ${name}`.padEnd(62)} ${fmt(done.ms)} ms (${done.rows} rows)`);
    }
    console.log(
      `DynamoDB Local (in memory), Node ${process.version}; ${AGENTS} agents, ${entries} ledger entries, ${daySums} day sums (45 days); written in ${fmt(seedMs / 1000)} s; range ${range.start} to ${range.end}`,
    );
    console.log(`rank digests of ${digestDays.length} closed days x 6 orders (${JSON.stringify(digests)}): ${fmt(digestMs / 1000)} s; load average at the start ${loadAtStart}, at the end ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}; this process's heap when the pages began ${heapMiB} MiB`);
    console.log(`each page ${RUNS} requests through the local gateway (target p95 <= 300 ms), each followed by one raw Query:`);
    for (const line of lines) console.log(`  ${line}`);
  } finally {
    scheduler.stop();
    await gateway.stop();
  }
}

function fmt(ms: number): string {
  return ms.toFixed(1);
}
