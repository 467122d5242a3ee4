// Benchmark of agent-to-agent transfers: the time of one transfer (sequential, median and p95) and of
// a burst of concurrent transfers out of one account, both through the domain function and through
// the local gateway (session, authorization, validation, ledger). Starts its own in-memory DynamoDB
// Local on a free port and stops it at the end, so it runs beside `npm start`.
//
//   npx tsx tests/bench/transfer.bench.ts [--sequential 200] [--concurrent 50]
import { parseArgs } from 'node:util';
import { percentile } from './raw-dynamodb.ts';
import { BENCH_ORIGIN, withBenchStack } from './bench-stack.ts';

const { values: args } = parseArgs({
  options: { sequential: { type: 'string', default: '200' }, concurrent: { type: 'string', default: '50' } },
});
const SEQUENTIAL = Number(args.sequential);
const CONCURRENT = Number(args.concurrent);
const ORIGIN = BENCH_ORIGIN;
const TRANSFER_CENTS = 1_000;

await withBenchStack({ name: 'transfer' }, () => run());

async function run(): Promise<void> {
  // Imported after the environment points at the benchmark's own table.
  const { AgentProfile } = await import('#entities/agent-profile.ts');
  const { User } = await import('#entities/user.ts');
  const { getBalance, openAccount, postEntry } = await import('#core/ledger.ts');
  const { transferToAgent } = await import('#core/transfers.ts');
  const { createSession } = await import('#core/auth/sessions.ts');
  const { startGateway } = await import('../../infra/local/gateway.ts');
  const { rawTransactionSampler } = await import('./raw-dynamodb.ts');

  const createdAt = new Date().toISOString();
  async function agent(agentId: string, balanceCents: number): Promise<string> {
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
  // Enough for every transfer of both runs, so a refusal can only mean a fault.
  const senderCookie = await agent('BENCH-SENDER', 2 * (WARM_UP + SEQUENTIAL + CONCURRENT) * TRANSFER_CENTS);
  await agent('BENCH-RECEIVER', 0);
  const receivers = Array.from({ length: CONCURRENT }, (_v, i) => `BENCH-R${String(i).padStart(3, '0')}`);
  for (const id of receivers) await agent(id, 0);

  const gateway = await startGateway({ port: 0 });
  const overHttp = async (receiverId: string) => {
    const res = await fetch(`${gateway.url}/api/agent/BENCH-SENDER/agentTransfer/${receiverId}?amount=${TRANSFER_CENTS / 100}`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: senderCookie },
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`HTTP ${res.status}`);
  };
  const inProcess = async (receiverId: string) => {
    await transferToAgent({ fromAgentId: 'BENCH-SENDER', toAgentId: receiverId, amountCents: TRANSFER_CENTS });
  };

  const balances = async () => {
    const all = await Promise.all(['BENCH-SENDER', 'BENCH-RECEIVER', ...receivers].map(async (id) => (await getBalance(id))?.balanceCents ?? 0));
    return { sender: all[0]!, total: all.reduce((a, b) => a + b, 0) };
  };

  try {
    const before = await balances();
    const lines: string[] = [];
    const medians: [string, number][] = [];
    // The yardstick: the transfer's own transaction (7 items) alone, on the same DynamoDB Local, timed
    // interleaved with the transfers (one transfer, one bare transaction, ...) so both see the same
    // load and the same warmth of DynamoDB Local's JIT; a warm-up of both comes first.
    const rawSample = rawTransactionSampler(7);
    for (let i = 0; i < 50; i++) await rawSample();
    const raw: number[] = [];
    for (const [name, transfer] of [['domain function', inProcess], ['HTTP via local gateway', overHttp]] as const) {
      // A few warm-up calls load the area module and open connections, as a warm Lambda would have.
      for (let i = 0; i < WARM_UP; i++) await transfer('BENCH-RECEIVER');
      const sequential: number[] = [];
      for (let i = 0; i < SEQUENTIAL; i++) {
        sequential.push(await timed(() => transfer('BENCH-RECEIVER')));
        raw.push(await rawSample());
      }
      const started = performance.now();
      const burst = await Promise.allSettled(receivers.map((id) => timed(() => transfer(id))));
      const burstMs = performance.now() - started;
      const ok = burst.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<number>).value);
      medians.push([name, percentile(sequential, 50)]);
      lines.push(
        `${name}: one transfer over ${SEQUENTIAL} sequential: median ${fmt(percentile(sequential, 50))} ms, p95 ${fmt(percentile(sequential, 95))} ms, max ${fmt(Math.max(...sequential))} ms`,
        `${name}: ${CONCURRENT} concurrent out of one account: all done in ${fmt(burstMs)} ms, ${ok.length} succeeded, ${CONCURRENT - ok.length} failed, per transfer median ${fmt(percentile(ok, 50))} ms, p95 ${fmt(percentile(ok, 95))} ms`,
      );
    }
    const after = await balances();
    console.log(`DynamoDB Local (in memory), Node ${process.version}`);
    for (const line of lines) console.log(line);
    const rawP50 = percentile(raw, 50);
    console.log(`raw DynamoDB Local: one 7-item TransactWriteItems, ${raw.length} sampled between the transfers: median ${fmt(rawP50)} ms, p95 ${fmt(percentile(raw, 95))} ms`);
    for (const [name, p50] of medians) console.log(`${name}: transfer median / raw transaction median = ${(p50 / rawP50).toFixed(2)}x (target <= 2x)`);
    console.log(`conservation: total ${before.total} cents before, ${after.total} after; sender ${after.sender} cents (never below zero: ${after.sender >= 0})`);
    if (after.total !== before.total || after.sender < 0) process.exitCode = 1;
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
