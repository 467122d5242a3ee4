// Entries written late against DynamoDB Local: a back-dated entry (a replayed history's), a back-dated
// transfer and a CSV transaction row written after later entries are appended after them, so every
// ledger still adds up row by row in time order, with its day sums, and My Account, Account Summary
// and Transaction History each give starting balance + rows = ending balance. The day sums are the
// projector's (a view of the ledger): each check waits until it has caught up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAgent } from '#core/directory/agent-registry.ts';
import { applyAgentRows } from '#core/directory/agent-uploads/apply-agent-rows.ts';
import { getBalance, postEntry, transfer } from '#core/money/ledger.ts';
import { LedgerEntry } from '#entities/ledger-entry.ts';
import { reportDay } from '#platform/report-day.ts';
import { transactionRowSchema } from '#shared/agent-uploads.ts';
import { agentProfileFixture } from '../support/agent-fixture.ts';
import { ledgerProblems, reportProblems } from '../support/ledger-walk.ts';
import { testDynamoEndpoint, useTestTable } from '../support/test-table.ts';
import { startLocalProjector, type LocalProjector } from '../../infra/local/projector.ts';

const table = useTestTable({ stream: true });
let projector: LocalProjector;
beforeAll(async () => {
  projector = await startLocalProjector({ endpoint: testDynamoEndpoint(), tableName: table.name, idleMs: 100 });
});
afterAll(() => projector.stop());

const RUN = Date.now().toString(36).toUpperCase();
const DAY_MS = 86_400_000;
const today = reportDay(new Date().toISOString());
const dayBefore = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
/** 18:00Z: the middle of the reporting day (Central). */
const noonOf = (n: number) => `${dayBefore(n)}T18:00:00.000Z`;
const range = { startDate: dayBefore(6), endDate: today };
let counter = 0;

async function newAgent(): Promise<string> {
  const agentId = `L${RUN}${counter++}`;
  await registerAgent(agentProfileFixture(agentId, { lastName: `Late${RUN}` }));
  return agentId;
}

const key = () => `late:${crypto.randomUUID()}`;
const ledgerOf = (agentId: string) => LedgerEntry.query.ofAgent(agentId).all({ consistent: true });

describe('an entry written late', () => {
  it('back-dated between two entries written before it, is appended after them: the rows, day sums and the three views add up', async () => {
    const agentId = await newAgent();
    await postEntry({ agentId, deltaCents: 10_000, type: 'CreditCardPayment', description: 'Card', idempotencyKey: key(), at: noonOf(4) });
    await postEntry({ agentId, deltaCents: -1_200, type: 'LeadSpend', description: 'Lead', idempotencyKey: key(), at: noonOf(2) });

    const late = await postEntry({ agentId, deltaCents: 500, type: 'CompanyMatch', description: 'Match, sent late', idempotencyKey: key(), at: noonOf(3) });

    const entries = await ledgerOf(agentId);
    expect(entries.map((e) => [e.type, e.balanceAfterCents])).toEqual([
      ['CreditCardPayment', 10_000],
      ['LeadSpend', 8_800],
      ['CompanyMatch', 9_300],
    ]);
    expect(late.at > entries[1]!.at).toBe(true);
    expect((await getBalance(agentId))?.balanceCents).toBe(9_300);
    await projector.settled();
    expect([...(await ledgerProblems(agentId)), ...(await reportProblems(agentId, range))]).toEqual([]);
  });

  it('a back-dated transfer is appended after both accounts\u2019 latest entries, on both sides', async () => {
    const from = await newAgent();
    const to = await newAgent();
    await postEntry({ agentId: from, deltaCents: 5_000, type: 'CreditCardPayment', description: 'Card', idempotencyKey: key(), at: noonOf(5) });
    await postEntry({ agentId: to, deltaCents: 1_000, type: 'CreditCardPayment', description: 'Card', idempotencyKey: key(), at: noonOf(1) });

    const moved = await transfer({ fromAgentId: from, toAgentId: to, amountCents: 700, type: 'FundsTransfer', description: 'Transfer, sent late', idempotencyKey: key(), at: noonOf(3) });

    expect(moved.from.at).toBe(moved.to.at);
    expect(moved.to.at > noonOf(1)).toBe(true);
    expect((await ledgerOf(to)).map((e) => [e.type, e.creditCents, e.balanceAfterCents])).toEqual([
      ['CreditCardPayment', 1_000, 1_000],
      ['FundsTransfer', 700, 1_700],
    ]);
    await projector.settled();
    const problems = [];
    for (const agentId of [from, to]) problems.push(...(await ledgerProblems(agentId)), ...(await reportProblems(agentId, range)));
    expect(problems).toEqual([]);
  });

  it('a CSV transaction row applied after an entry dated ahead of this server\u2019s clock is appended after that entry', async () => {
    const agentId = await newAgent();
    await postEntry({ agentId, deltaCents: 4_000, type: 'CreditCardPayment', description: 'Card', idempotencyKey: key(), at: noonOf(2) });
    const ahead = new Date(Date.now() + 60_000).toISOString();
    await postEntry({ agentId, deltaCents: -400, type: 'LeadSpend', description: 'Lead, dated ahead', idempotencyKey: key(), at: ahead });

    const row = transactionRowSchema.parse({ TransactionID: `TX-${RUN}-${counter}`, AgentCode: agentId, Amount: '2.50', Description: 'Upload credit', TransactionType: 'CompanyMatch' });
    const [applied] = await applyAgentRows('transaction', [{ ...row, row: 2 }], { uploadId: `U${RUN}`, by: 'test' });

    expect(applied).toMatchObject({ outcome: 'Applied', balanceCents: 3_850 });
    const entries = await ledgerOf(agentId);
    expect(entries.map((e) => e.description)).toEqual(['Card', 'Lead, dated ahead', 'Upload credit']);
    expect(entries[2]!.at > ahead).toBe(true);
    await projector.settled();
    expect(await ledgerProblems(agentId)).toEqual([]);
  });
});
