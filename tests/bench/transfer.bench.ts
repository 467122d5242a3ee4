// Benchmark of agent-to-agent transfers (issue 20's "Done means"), each figure beside a raw DynamoDB
// Local figure sampled in the same run: a bare TransactWriteItems of the transfer's own shape (two
// balance updates, three puts: two ledger entries and the idempotency record; raw-dynamodb.ts).
//   (a) one transfer at a time, through the domain function and over HTTP (local gateway: session,
//       authorization, validation, ledger), each followed by one raw transaction: p50/p95 and the
//       ratio (target <= 2x over HTTP);
//   (b) CLIENTS clients over HTTP, each moving money back and forth between its own two agents,
//       PER_CLIENT transfers each: transfers/s, in rounds alternating with CLIENTS concurrent raw
//       transactions on distinct items (target >= 70 % of the raw rate); for scale, also the raw rate
//       of a transfer's DynamoDB requests (a session GetItem and a BatchGet before the transaction);
//   (c) CONCURRENT transfers at once out of one agent over HTTP: all answered within 10 s (the max),
//       then the sender's ledger walked row by row: each running balance the one before plus the
//       row's amount, the last the balance item's (OK or the mismatches), beside CONCURRENT concurrent
//       raw transactions;
// and the conservation of money over every account of the run.
// Starts its own in-memory DynamoDB Local on a free port (no stream: the write path alone), so it
// runs beside `npm start`.
//
//   npx tsx tests/bench/transfer.bench.ts [--sequential 200] [--clients 20] [--per-client 25] [--rounds 3] [--concurrent 60]
import { parseArgs } from 'node:util';
import { percentile } from './raw-dynamodb.ts';
import { BENCH_ORIGIN, withBenchStack } from './bench-stack.ts';

const { values: args } = parseArgs({
  options: {
    sequential: { type: 'string', default: '200' },
    clients: { type: 'string', default: '20' },
    'per-client': { type: 'string', default: '25' },
    rounds: { type: 'string', default: '3' },
    concurrent: { type: 'string', default: '60' },
  },
});
const SEQUENTIAL = Number(args.sequential);
const CLIENTS = Number(args.clients);
const PER_CLIENT = Number(args['per-client']);
const ROUNDS = Number(args.rounds);
const CONCURRENT = Number(args.concurrent);
const ORIGIN = BENCH_ORIGIN;
const TRANSFER_CENTS = 1_000;
const ANSWER_WITHIN_MS = 10_000;

await withBenchStack({ name: 'transfer' }, () => run());

async function run(): Promise<void> {
  // Imported after the environment points at the benchmark's own table.
  const { AgentProfile } = await import('#entities/agent-profile.ts');
  const { LedgerEntry } = await import('#entities/ledger-entry.ts');
  const { User } = await import('#entities/user.ts');
  const { getBalance, openAccount, postEntry } = await import('#core/money/ledger.ts');
  const { transferToAgent } = await import('#core/money/transfers.ts');
  const { createSession } = await import('#core/identity/sessions.ts');
  const { startGateway } = await import('../../infra/local/gateway.ts');
  const { rawTransferRate, rawTransferRequestsRate, rawTransferSampler } = await import('./raw-dynamodb.ts');

  const createdAt = new Date().toISOString();
  const allAgents: string[] = [];
  async function agent(agentId: string, balanceCents: number): Promise<string> {
    allAgents.push(agentId);
    await AgentProfile.put({
      agentId, firstName: 'Bench', lastName: agentId, email: `${agentId.toLowerCase()}@bench.example.com`, type: 0, status: 1,
      role: 'agent', timeZone: 'Central', zip: '60601', zipStatus: 1, orderStatus: 1, liveTransferStatus: 1,
      thirdPartyLeadStatus: false, priority: 5, proStoreEnabled: false, proStoreAmountCents: 0, address1: '1 Main Street',
      city: 'Chicago', state: 'IL', createdAt,
    });
    await openAccount(agentId);
    if (balanceCents) await postEntry({ agentId, deltaCents: balanceCents, type: 'CreditCardPayment', description: 'Bench funds', idempotencyKey: `bench:${agentId}` });
    await User.put({
      userId: `U-${agentId}`, email: `${agentId.toLowerCase()}@bench.example.com`, name: `Bench ${agentId}`, kind: 'agent', agentId,
      isAdmin: false, isManager: false, isLeadConnectHome: false, isSalesAssistant: false, isSponsorAgent: false, isFundPreview: false, createdAt,
    });
    return `lc_session=${(await createSession(`U-${agentId}`)).token}`;
  }

  const WARM_UP = 5;
  const SENDER = 'BENCH-SENDER';
  // Enough for every transfer out of the sender, so a refusal can only mean a fault.
  const senderCookie = await agent(SENDER, (2 * (WARM_UP + SEQUENTIAL) + CONCURRENT) * TRANSFER_CENTS);
  await agent('BENCH-RECEIVER', 0);
  const receivers = Array.from({ length: CONCURRENT }, (_v, i) => `BENCH-R${String(i).padStart(3, '0')}`);
  for (const id of receivers) await agent(id, 0);
  // Each client's own pair, each side able to send every transfer of the run alone.
  const pairs: { a: string; b: string; cookies: Record<string, string> }[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const a = `BENCH-P${String(i).padStart(2, '0')}A`;
    const b = `BENCH-P${String(i).padStart(2, '0')}B`;
    const funds = (ROUNDS * PER_CLIENT + 2) * TRANSFER_CENTS;
    pairs.push({ a, b, cookies: { [a]: await agent(a, funds), [b]: await agent(b, funds) } });
  }

  const gateway = await startGateway({ port: 0 });
  const overHttp = async (fromId: string, cookie: string, toId: string) => {
    const res = await fetch(`${gateway.url}/api/agent/${fromId}/agentTransfer/${toId}?amount=${TRANSFER_CENTS / 100}`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie },
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`HTTP ${res.status}`);
  };
  const fromSender = {
    'domain function': (receiverId: string) => transferToAgent({ fromAgentId: SENDER, toAgentId: receiverId, amountCents: TRANSFER_CENTS }).then(() => undefined),
    'HTTP via local gateway': (receiverId: string) => overHttp(SENDER, senderCookie, receiverId),
  } as const;

  const total = async () => (await Promise.all(allAgents.map(async (id) => (await getBalance(id))?.balanceCents ?? 0))).reduce((a, b) => a + b, 0);

  try {
    const before = await total();
    console.log(`DynamoDB Local (in memory), Node ${process.version}; raw = a bare TransactWriteItems of a transfer's shape (2 balance updates, 3 puts)`);

    // (a) One at a time. The raw transaction is timed right after each transfer, so both see the same
    // load and the same warmth of DynamoDB Local's JIT; a warm-up of both comes first.
    const rawSample = rawTransferSampler();
    for (let i = 0; i < 50; i++) await rawSample();
    for (const [name, transfer] of Object.entries(fromSender)) {
      // A few warm-up calls load the area module and open connections, as a warm Lambda would have.
      for (let i = 0; i < WARM_UP; i++) await transfer('BENCH-RECEIVER');
      const times: number[] = [];
      const raw: number[] = [];
      for (let i = 0; i < SEQUENTIAL; i++) {
        times.push(await timed(() => transfer('BENCH-RECEIVER')));
        raw.push(await rawSample());
      }
      const [p50, p95, r50, r95] = [percentile(times, 50), percentile(times, 95), percentile(raw, 50), percentile(raw, 95)];
      console.log(
        `(a) ${name}: one transfer, ${SEQUENTIAL} in turn: p50 ${fmt(p50)} ms, p95 ${fmt(p95)} ms, max ${fmt(Math.max(...times))} ms | raw 5-item transaction between them: p50 ${fmt(r50)} ms, p95 ${fmt(r95)} ms | ratio p50 ${(p50 / r50).toFixed(2)}x, p95 ${(p95 / r95).toFixed(2)}x${name.startsWith('HTTP') ? ' (target p50 <= 2x)' : ''}`,
      );
    }

    // (b) CLIENTS clients on distinct pairs, in rounds alternating with the raw rate (whichever runs
    // first in a round, the other runs first in the next).
    for (const { a, b, cookies } of pairs) {
      await overHttp(a, cookies[a]!, b);
      await overHttp(b, cookies[b]!, a);
    }
    const clientsRound = async (latencies: number[]) => {
      let failed = 0;
      const started = performance.now();
      await Promise.all(
        pairs.map(async ({ a, b, cookies }) => {
          for (let n = 0; n < PER_CLIENT; n++) {
            const [from, to] = n % 2 === 0 ? [a, b] : [b, a];
            try {
              latencies.push(await timed(() => overHttp(from, cookies[from]!, to)));
            } catch {
              failed++;
            }
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      return { rate: (CLIENTS * PER_CLIENT - failed) / seconds, seconds, failed };
    };
    const transferLatencies: number[] = [];
    const rawLatencies: number[] = [];
    let transferSeconds = 0;
    let rawSeconds = 0;
    let requestsSeconds = 0;
    let failedInRounds = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (['raw', 'requests', 'http'] as const) : (['http', 'requests', 'raw'] as const);
      const figures: Record<string, number> = {};
      for (const which of order) {
        if (which === 'raw') {
          const started = performance.now();
          figures.raw = await rawTransferRate(CLIENTS, PER_CLIENT, rawLatencies);
          rawSeconds += (performance.now() - started) / 1000;
        } else if (which === 'requests') {
          const started = performance.now();
          figures.requests = await rawTransferRequestsRate(CLIENTS, PER_CLIENT);
          requestsSeconds += (performance.now() - started) / 1000;
        } else {
          const r = await clientsRound(transferLatencies);
          figures.http = r.rate;
          transferSeconds += r.seconds;
          failedInRounds += r.failed;
        }
      }
      console.log(`(b) round ${round + 1}: ${CLIENTS} clients x ${PER_CLIENT} transfers over HTTP ${Math.round(figures.http!)}/s | raw ${Math.round(figures.raw!)} transactions/s | ${((figures.http! / figures.raw!) * 100).toFixed(0)}% | raw with a transfer's reads ${Math.round(figures.requests!)}/s`);
    }
    const count = ROUNDS * CLIENTS * PER_CLIENT;
    const httpRate = (count - failedInRounds) / transferSeconds;
    const rawRate = count / rawSeconds;
    const requestsRate = count / requestsSeconds;
    console.log(
      `(b) ${CLIENTS} clients on distinct pairs, ${count} transfers over HTTP: ${Math.round(httpRate)} transfers/s (${failedInRounds} failed; each p50 ${fmt(percentile(transferLatencies, 50))} ms, p95 ${fmt(percentile(transferLatencies, 95))} ms) | raw: ${CLIENTS} concurrent 5-item transactions on distinct items, ${count}: ${Math.round(rawRate)}/s (each p50 ${fmt(percentile(rawLatencies, 50))} ms, p95 ${fmt(percentile(rawLatencies, 95))} ms) | ${((httpRate / rawRate) * 100).toFixed(0)}% of raw (target >= 70%)`,
      `\n(b) for scale, not the target: each raw transaction after a transfer's reads (a consistent GetItem, a consistent BatchGet of 5 keys), ${CLIENTS} clients: ${Math.round(requestsRate)}/s; the transfers reach ${((httpRate / requestsRate) * 100).toFixed(0)}% of that`,
    );

    // (c) CONCURRENT at once out of one agent, between two raw bursts of as many transactions.
    const burstRaw = async () => {
      const times: number[] = [];
      const started = performance.now();
      await rawTransferRate(CONCURRENT, 1, times);
      return { all: performance.now() - started, max: Math.max(...times) };
    };
    const rawBefore = await burstRaw();
    const started = performance.now();
    const burst = await Promise.allSettled(receivers.map((id) => timed(() => fromSender['HTTP via local gateway'](id))));
    const burstMs = performance.now() - started;
    const rawAfter = await burstRaw();
    const ok = burst.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = burst.flatMap((r) => (r.status === 'rejected' ? [String((r.reason as Error)?.message ?? r.reason)] : []));
    const max = ok.length ? Math.max(...ok) : NaN;
    console.log(
      `(c) ${CONCURRENT} concurrent transfers out of one agent over HTTP: ${ok.length} answered 201, ${refused.length} failed${refused.length ? ` (${[...new Set(refused)].join(', ')})` : ''}; all done in ${fmt(burstMs)} ms, per transfer p50 ${fmt(percentile(ok, 50))} ms, max ${fmt(max)} ms (${ok.length === CONCURRENT && max <= ANSWER_WITHIN_MS ? 'all within' : 'NOT all within'} ${ANSWER_WITHIN_MS / 1000} s) | raw: ${CONCURRENT} concurrent 5-item transactions on distinct items, before: all in ${fmt(rawBefore.all)} ms (max ${fmt(rawBefore.max)} ms), after: all in ${fmt(rawAfter.all)} ms (max ${fmt(rawAfter.max)} ms)`,
    );

    // The sender's ledger, row by row, against its balance item.
    const [balance, entries] = await Promise.all([getBalance(SENDER), LedgerEntry.query.ofAgent(SENDER).all({ consistent: true })]);
    const problems: string[] = [];
    let running = 0;
    let previousAt = '';
    for (const e of entries) {
      if (e.at <= previousAt) problems.push(`the row at ${e.at} does not come after ${previousAt}`);
      running += e.creditCents - e.debitCents;
      if (e.balanceAfterCents !== running) problems.push(`the row at ${e.at} shows ${e.balanceAfterCents} cents after, its rows add up to ${running}`);
      previousAt = e.at;
    }
    if ((balance?.balanceCents ?? 0) !== running) problems.push(`the balance item holds ${balance?.balanceCents ?? 0} cents, the rows add up to ${running}`);
    const expectedRows = 1 + 2 * (WARM_UP + SEQUENTIAL) + ok.length;
    if (entries.length !== expectedRows) problems.push(`${entries.length} rows, ${expectedRows} expected (1 funding + ${2 * (WARM_UP + SEQUENTIAL)} in turn + ${ok.length} concurrent)`);
    console.log(`(c) the sender's ledger: ${entries.length} rows, balance ${balance?.balanceCents ?? 0} cents: ${problems.length ? `MISMATCH\n    ${problems.slice(0, 10).join('\n    ')}` : 'OK (each row adds up, the last equals the balance)'}`);

    const after = await total();
    console.log(`conservation: ${allAgents.length} accounts hold ${before} cents before, ${after} after: ${before === after ? 'OK' : 'MISMATCH'}`);
    if (after !== before || problems.length || ok.length !== CONCURRENT || failedInRounds) process.exitCode = 1;
  } finally {
    await gateway.stop();
  }
}

async function timed(action: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

function fmt(ms: number): string {
  return ms.toFixed(1);
}
