// Faults at every DynamoDB step the projector takes to apply a transfer's stream records to the views
// (day sums, Account Summary, Transaction History, My Account): throttled, or the answer of a view write
// lost after it was applied. The projector's own retry (the record read again, as Lambda's mapping
// does with a batch item failure) must leave every view exactly as if nothing had failed. A failed
// condition is not injected here: a view's condition only refuses an older state over a newer one,
// and a forged failure would claim a newer state that does not exist.
process.env.FAULT_INJECTION = 'on';
import { expect, it } from 'vitest';
import { useApiHarness } from '../../support/api-harness.ts';
import { recordPath, runFaultMatrix, saveRows, type FaultPath } from '../../support/fault-matrix.ts';
import { ledgerViews, moneyFacts, newAgent, reportViews, type FaultAgent } from './fault-agents.ts';

const api = useApiHarness({ projector: true });

interface Pair {
  from: FaultAgent;
  to: FaultAgent;
  key: string;
}
let keys = 0;
// Pairs of agents made a batch at a time, then one wait for the projector: when a case starts, the
// projector is idle and its next calls are the transfer's.
const pool: Pair[] = [];
async function pair(): Promise<Pair> {
  if (!pool.length) {
    for (let i = 0; i < 6; i++) pool.push({ from: await newAgent(api, 'J', { balanceCents: 10_000 }), to: await newAgent(api, 'K'), key: `fault-projector-${keys++}` });
    await api.settled();
  }
  return pool.shift()!;
}

const projector: FaultPath<Pair> = {
  name: 'projector (a transfer applied to the views)',
  scope: 'projector',
  faults: ['throttle', 'lost-answer'],
  arrange: pair,
  act: async ({ from, to, key }) => {
    const res = await api.fetch('POST', `/agent/${from.agentId}/agentTransfer/${to.agentId}?amount=60`, { session: from.session, headers: { 'idempotency-key': key } });
    expect(res.status).toBe(201);
    await api.settled();
    return { run: 'settled' };
  },
  // The projector's retry is its own: the failed record is read again, within the act's wait for it.
  retry: async () => ({ run: 'settled' }),
  facts: async ({ from, to }) => [
    ...(await moneyFacts(from.agentId, 4_000, ['CreditCardPayment', 'FundsTransfer'])),
    ...(await moneyFacts(to.agentId, 6_000, ['FundsTransfer'])),
    ...(await ledgerViews(from.agentId, to.agentId)),
    ...(await reportViews(from.agentId, to.agentId)),
  ],
};

it('projector: every fault at every step of applying a transfer, then its own retry, leaves the views exactly right', async () => {
  const steps = await recordPath(projector);
  expect(steps.length).toBeGreaterThan(0);
  const rows = await runFaultMatrix(projector, steps);
  await saveRows('projector', rows);
  expect(rows.filter((r) => r.problems.length).map((r) => `${r.step} ${r.fault}: ${r.first} → ${r.retry}: ${r.problems.join('; ')}`)).toEqual([]);
}, 300_000);
