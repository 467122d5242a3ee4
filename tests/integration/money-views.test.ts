// The money path's views against DynamoDB Local: a money movement's transaction holds only facts (the
// balance, the entry), and the projector makes the day sums and the low-balance crossings from the
// table's stream. Each view applied twice, or its records out of
// order, gives the same items; a crossing delivered again neither duplicates nor re-arms; a rebuild
// makes the day sums again from the ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { getBalance, openAccount, postEntry, setCreditLine, transfer } from '#core/money/ledger.ts';
import { balanceCrossingsView } from '#core/views/balance-crossings-view.ts';
import { daySummaryOf, daySumsView } from '#core/views/day-sums-view.ts';
import { project } from '#core/views/projector.ts';
import { rebuildViews } from '#core/views/rebuild.ts';
import { Balance } from '#entities/balance.ts';
import { BalanceCrossing } from '#entities/balance-crossing.ts';
import { DaySummary } from '#entities/day-summary.ts';
import { LedgerEntry } from '#entities/ledger-entry.ts';
import { reportDay } from '#platform/report-day.ts';
import type { ChangeRecord } from '#platform/stream.ts';
import { startLocalProjector, type LocalProjector } from '../../infra/local/projector.ts';
import { testDynamoEndpoint, useTestTable } from '../support/test-table.ts';

const table = useTestTable({ stream: true });
const MONEY_VIEWS = [daySumsView, balanceCrossingsView];

// The file's table's stream through these views only (the other views have their own tests).
let projector: LocalProjector;
beforeAll(async () => {
  const handler = async (event: DynamoDBStreamEvent) => {
    const { failedSequenceNumber } = await project(event.Records, MONEY_VIEWS);
    return { batchItemFailures: failedSequenceNumber ? [{ itemIdentifier: failedSequenceNumber }] : [] };
  };
  projector = await startLocalProjector({ endpoint: testDynamoEndpoint(), tableName: table.name, handler, idleMs: 100 });
});
afterAll(() => projector.stop());

let counter = 0;
async function newAccount(): Promise<string> {
  const agentId = `M${Date.now().toString(36)}${(counter++).toString(36)}`.toUpperCase();
  await openAccount(agentId);
  return agentId;
}
const key = () => `test:${crypto.randomUUID()}`;
const post = (agentId: string, deltaCents: number, at?: string) =>
  postEntry({ agentId, deltaCents, type: deltaCents > 0 ? 'CreditCardPayment' : 'LeadSpend', description: 'Test', idempotencyKey: key(), ...(at ? { at } : {}) });

/** The stream's record of an item first written (what a rebuild replays too). */
const insert = (item: Record<string, unknown>): ChangeRecord => ({ eventId: 'i', eventName: 'INSERT', sequenceNumber: '', keys: { pk: String(item.pk), sk: String(item.sk) }, newImage: item });
const modify = (before: Balance, after: Balance): ChangeRecord => {
  const [oldImage, newImage] = [Balance.toItem(before), Balance.toItem(after)];
  return { eventId: 'm', eventName: 'MODIFY', sequenceNumber: '', keys: { pk: String(newImage.pk), sk: String(newImage.sk) }, oldImage, newImage };
};
const daySum = (agentId: string, day: string) => DaySummary.get({ agentId, day }, { consistent: true });
const crossingsOf = async (agentId: string) => (await BalanceCrossing.query.pending().all()).filter((c) => c.agentId === agentId);

describe('a money movement writes only its facts', () => {
  it('the day sum, a crossing and the engine’s change come after it, from the stream', async () => {
    const agentId = await newAccount();
    await post(agentId, 5_000, '2024-03-05T15:00:00.000Z');
    await Balance.patch({ agentId }, { set: { lowBalanceAlertCents: 2_000 } });
    await post(agentId, -3_500, '2024-03-05T16:00:00.000Z');
    await projector.settled();

    expect(await daySum(agentId, '2024-03-05')).toMatchObject({
      openingBalanceCents: 0,
      closingBalanceCents: 1_500,
      entryCount: 2,
      creditCreditCardPaymentCents: 5_000,
      debitLeadSpendCents: 3_500,
      debitCreditCardPaymentCents: 0,
    });
    const [debit] = (await LedgerEntry.query.ofAgent(agentId).all({ consistent: true })).filter((e) => e.debitCents > 0);
    expect(await crossingsOf(agentId)).toEqual([expect.objectContaining({ entryId: debit!.entryId, at: debit!.at, alertCents: 2_000, balanceBeforeCents: 5_000, balanceAfterCents: 1_500, state: 'pending' })]);
  });

  it('a transfer’s two sides each get their day sum, and a credit line change moves no sum', async () => {
    const from = await newAccount();
    const to = await newAccount();
    await post(from, 5_000);
    await projector.settled();
    const { from: debit, to: credit } = await transfer({ fromAgentId: from, toAgentId: to, amountCents: 1_250, type: 'FundsTransfer', description: 'T', idempotencyKey: key() });
    await setCreditLine({ agentId: from, creditLineCents: 10_000, by: 'staff', source: 'Test' });
    await projector.settled();

    expect(await daySum(from, reportDay(debit.at))).toMatchObject({ entryCount: 2, closingBalanceCents: 3_750, debitFundsTransferCents: 1_250 });
    expect(await daySum(to, reportDay(credit.at))).toMatchObject({ entryCount: 1, openingBalanceCents: 0, closingBalanceCents: 1_250, creditFundsTransferCents: 1_250 });
  });
});

describe('the day sums view', () => {
  it('gives the same sum whatever order the day’s records come in, and applied twice', async () => {
    const agentId = await newAccount();
    await post(agentId, 9_000, '2024-04-02T14:00:00.000Z');
    await post(agentId, -1_000, '2024-04-02T15:00:00.000Z');
    await post(agentId, -2_000, '2024-04-02T16:00:00.000Z');
    await projector.settled();
    const entries = await LedgerEntry.query.ofAgent(agentId).all({ consistent: true });
    const want = daySummaryOf(agentId, '2024-04-02', entries);
    expect(await daySum(agentId, '2024-04-02')).toEqual(want);

    await DaySummary.delete({ agentId, day: '2024-04-02' });
    for (const entry of [entries[2]!, entries[0]!, entries[1]!, entries[0]!, entries[2]!]) await daySumsView.apply(insert(LedgerEntry.toItem(entry)));
    expect(await daySum(agentId, '2024-04-02')).toEqual(want);
  });

  it('a record applied after a later one of its day does not take the sum back', async () => {
    const agentId = await newAccount();
    await post(agentId, 4_000, '2024-04-03T14:00:00.000Z');
    await projector.settled();
    const [first] = await LedgerEntry.query.ofAgent(agentId).all({ consistent: true });
    await post(agentId, -500, '2024-04-03T15:00:00.000Z');
    await projector.settled();

    await daySumsView.apply(insert(LedgerEntry.toItem(first!)));
    expect(await daySum(agentId, '2024-04-03')).toMatchObject({ entryCount: 2, openingBalanceCents: 0, closingBalanceCents: 3_500 });
  });
});

describe('the balance crossings view', () => {
  it('a crossing delivered again is not written twice, nor re-armed once handled', async () => {
    const agentId = await newAccount();
    await post(agentId, 5_000);
    await Balance.patch({ agentId }, { set: { autoRechargeBelowCents: 3_000 } });
    const before = (await getBalance(agentId))!;
    await post(agentId, -4_000);
    const after = (await getBalance(agentId))!;
    await projector.settled();

    await balanceCrossingsView.apply(modify(before, after));
    const [crossing] = await crossingsOf(agentId);
    expect(await crossingsOf(agentId)).toHaveLength(1);
    expect(crossing).toMatchObject({ rechargeBelowCents: 3_000, balanceAfterCents: 1_000 });

    await BalanceCrossing.patch({ agentId, entryId: crossing!.entryId }, { set: { state: 'done', recharge: 'credited' } }, { current: crossing! });
    await balanceCrossingsView.apply(modify(before, after));
    expect(await BalanceCrossing.get({ agentId, entryId: crossing!.entryId }, { consistent: true })).toMatchObject({ state: 'done', recharge: 'credited' });
    expect(await crossingsOf(agentId)).toEqual([]);
  });

  it('switching auto-recharge on below its threshold leaves one crossing, named by the balance’s version', async () => {
    const agentId = await newAccount();
    await post(agentId, 500);
    const before = (await getBalance(agentId))!;
    await Balance.patch({ agentId }, { set: { autoRechargeBelowCents: 1_000, version: before.version + 1 } });
    await projector.settled();
    const after = (await getBalance(agentId))!;
    await balanceCrossingsView.apply(modify(before, after));

    expect(await crossingsOf(agentId)).toEqual([expect.objectContaining({ entryId: `optin-${after.version}`, rechargeBelowCents: 1_000, balanceAfterCents: 500 })]);
  });
});

describe('a rebuild', () => {
  it('makes the day sums again from the ledger, and starts no crossing', async () => {
    const agentId = await newAccount();
    await post(agentId, 3_000, '2024-05-06T14:00:00.000Z');
    await Balance.patch({ agentId }, { set: { lowBalanceAlertCents: 2_500 } });
    await post(agentId, -1_000, '2024-05-07T14:00:00.000Z');
    await projector.settled();
    const sums = await DaySummary.query.between(agentId, '2024-05-01', '2024-05-31').all({ consistent: true });
    const crossings = await crossingsOf(agentId);
    expect(sums).toHaveLength(2);
    expect(crossings).toHaveLength(1);

    for (const sum of sums) await DaySummary.delete(sum);
    await rebuildViews(MONEY_VIEWS);

    expect(await DaySummary.query.between(agentId, '2024-05-01', '2024-05-31').all({ consistent: true })).toEqual(sums);
    expect(await crossingsOf(agentId)).toEqual(crossings);
  });
});
