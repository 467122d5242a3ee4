// The projector killed mid-batch: a transfer's stream records are applied by the local projector in a
// child process that SIGKILLs itself just before its first DynamoDB call or just after a view write;
// then the projector starts again from its checkpoint file (as a Lambda mapping redelivers the batch)
// and every view must be exactly as if nothing had happened: applying a record twice changes nothing.
process.env.FAULT_INJECTION = 'on';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { FaultPlan, RecordedStep } from '#platform/faults.ts';
import { startLocalProjector } from '../../../infra/local/projector.ts';
import { agentProfileFixture } from '../../support/agent-fixture.ts';
import { recordPath, runFaultMatrix, saveRows, type Attempt, type FaultPath } from '../../support/fault-matrix.ts';
import { testDynamoEndpoint, useTestTable } from '../../support/test-table.ts';
import { ledgerViews, moneyFacts, reportViews } from './fault-agents.ts';
import { runInChild } from './run-in-child.ts';

const table = useTestTable({ stream: true });
const checkpointDir = mkdtempSync(path.join(tmpdir(), 'fault-projector-'));
const checkpointFile = path.join(checkpointDir, 'checkpoints.json');
afterAll(() => rmSync(checkpointDir, { recursive: true, force: true }));

const { AgentProfile } = await import('#entities/agent-profile.ts');
const { openAccount, postEntry, transfer } = await import('#core/money/ledger.ts');

/** The projector from the checkpoint file, in this process, until the stream is applied. */
async function catchUp(): Promise<void> {
  const projector = await startLocalProjector({ endpoint: testDynamoEndpoint(), tableName: table.name, checkpointFile, idleMs: 50 });
  await projector.settled();
  await projector.stop();
}

let counter = 0;
async function agent(balanceCents: number): Promise<string> {
  const agentId = `Z${Date.now().toString(36).toUpperCase()}${(counter++).toString(36).toUpperCase()}`;
  await AgentProfile.put(agentProfileFixture(agentId, { lastName: `Killed${agentId}` }));
  await openAccount(agentId);
  if (balanceCents) await postEntry({ agentId, deltaCents: balanceCents, type: 'CreditCardPayment', description: 'Card', idempotencyKey: `fault:${agentId}:card` });
  return agentId;
}

interface Pair {
  from: string;
  to: string;
}

const killedProjector: FaultPath<Pair> = {
  name: 'projector (killed)',
  scope: 'projector',
  remote: true,
  faults: ['kill-before', 'kill-after'],
  // The pair's own facts applied first: the projector's next records are the transfer's.
  arrange: async () => {
    const pair = { from: await agent(10_000), to: await agent(0) };
    await catchUp();
    await transfer({ fromAgentId: pair.from, toAgentId: pair.to, amountCents: 6_000, type: 'FundsTransfer', description: 'Transfer', idempotencyKey: `fault-kill:${pair.from}` });
    return pair;
  },
  act: async (_pair, plan?: FaultPlan): Promise<Attempt> => {
    if (!plan) {
      await catchUp();
      return { run: 'settled' };
    }
    const attempt = await runInChild('projector', plan, { checkpointFile });
    return attempt.run === 'finished' ? { run: 'settled', fired: false } : attempt;
  },
  retry: async () => {
    await catchUp();
    return { run: 'restarted from its checkpoint' };
  },
  facts: async ({ from, to }) => [
    ...(await moneyFacts(from, 4_000, ['CreditCardPayment', 'FundsTransfer'])),
    ...(await moneyFacts(to, 6_000, ['FundsTransfer'])),
    ...(await ledgerViews(from, to)),
    ...(await reportViews(from, to)),
  ],
};

it('projector: killed before its first call or after a view write, then started again from its checkpoint, leaves the views exactly right', async () => {
  const recorded = await recordPath(killedProjector);
  // One kill per kind of step: the same write for the other agent's record takes the same path.
  const seen = new Set<string>();
  const steps = recorded.filter((s: RecordedStep, i) => {
    const kind = `${s.operation} ${s.touches}`;
    if (i > 0 && seen.has(kind)) return false;
    seen.add(kind);
    return true;
  });
  const rows = await runFaultMatrix(killedProjector, steps);
  await saveRows('projector (killed)', rows);
  expect(rows.filter((r) => r.problems.length).map((r) => `${r.step} ${r.fault}: ${r.first} → ${r.retry}: ${r.problems.join('; ')}`)).toEqual([]);
  expect(rows.filter((r) => r.reached).length).toBeGreaterThan(0);
}, 300_000);
