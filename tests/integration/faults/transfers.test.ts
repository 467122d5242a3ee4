// Faults at every DynamoDB step of a transfer to another agent and of a point-and-click transfer:
// throttled, the answer lost after the write, a condition failed; then the client's retry with the
// same Idempotency-Key. The money moves exactly once, the first answer is a retryable 503 or a right
// non-5xx, and the ledger views add up once the projector has caught up.
process.env.FAULT_INJECTION = 'on';
import { expect, it } from 'vitest';
import { useApiHarness } from '../../support/api-harness.ts';
import { recordPath, runFaultMatrix, saveRows, type FaultPath, type FaultRow } from '../../support/fault-matrix.ts';
import { ledgerViews, moneyFacts, newAgent, type FaultAgent } from './fault-agents.ts';

const api = useApiHarness({ projector: true });
const settled = () => api.settled();

let keys = 0;
const post = async (from: FaultAgent, path: string, key: string) => {
  const res = await api.fetch<{ ErrorMessages?: string[] }>('POST', path, { session: from.session, headers: { 'idempotency-key': key } });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), note: res.errors.join('; ') };
};

const transfer: FaultPath<{ from: FaultAgent; to: FaultAgent; key: string }> = {
  name: 'transfer',
  arrange: async () => ({ from: await newAgent(api, 'F', { balanceCents: 10_000 }), to: await newAgent(api, 'G'), key: `fault-${keys++}` }),
  act: ({ from, to, key }) => post(from, `/agent/${from.agentId}/agentTransfer/${to.agentId}?amount=60`, key),
  facts: async ({ from, to }) => [...(await moneyFacts(from.agentId, 4_000, ['CreditCardPayment', 'FundsTransfer'])), ...(await moneyFacts(to.agentId, 6_000, ['FundsTransfer']))],
  views: ({ from, to }) => ledgerViews(from.agentId, to.agentId),
  settled,
};

const pointAndClick: FaultPath<{ from: FaultAgent; key: string }> = {
  name: 'point-and-click transfer',
  arrange: async () => ({ from: await newAgent(api, 'P', { balanceCents: 30_000 }), key: `fault-pac-${keys++}` }),
  act: ({ from, key }) => post(from, `/agent/${from.agentId}/pointAndClickTransfer?amount=100`, key),
  facts: ({ from }) => moneyFacts(from.agentId, 20_000, ['CreditCardPayment', 'PointAndClickTransfer']),
  views: ({ from }) => ledgerViews(from.agentId),
  settled,
};

for (const path of [transfer, pointAndClick] as FaultPath<unknown>[]) {
  it(`${path.name}: every fault at every step, then the retry, moves the money exactly once`, async () => {
    const steps = await recordPath(path);
    expect(steps.length).toBeGreaterThan(0);
    const rows: FaultRow[] = await runFaultMatrix(path, steps);
    await saveRows(path.name, rows);
    expect(rows.filter((r) => r.problems.length).map((r) => `${r.step} ${r.fault}: ${r.problems.join('; ')}`)).toEqual([]);
  }, 120_000);
}
