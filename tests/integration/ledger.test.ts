// The ledger against DynamoDB Local: balances equal their ledgers, debits never go below zero,
// retries never pay twice, and concurrent transfers neither overdraw nor create money.
import { describe, expect, it } from 'vitest';
import {
  balanceAt,
  getBalance,
  INSUFFICIENT_FUNDS,
  listEntries,
  openAccount,
  postEntry,
  SELF_TRANSFER,
  transfer,
} from '#core/money/ledger.ts';
import { InsufficientFunds } from '#platform/errors.ts';
import { LedgerEntry } from '#entities/ledger-entry.ts';
import { useTestTable } from '../support/test-table.ts';

useTestTable();

let counter = 0;
/** A fresh account per test, so tests share the table without sharing balances. */
async function newAccount(opts: { creditLineCents?: number } = {}): Promise<string> {
  const agentId = `A${Date.now().toString(36)}${(counter++).toString(36)}`;
  await openAccount(agentId, opts);
  return agentId;
}

const key = () => `test:${crypto.randomUUID()}`;

async function ledgerOf(agentId: string) {
  return LedgerEntry.query.ofAgent(agentId).all({ consistent: true });
}

/** The invariant: the balance item equals credits minus debits, and the last running balance. */
async function expectBalanceMatchesLedger(agentId: string) {
  const [balance, entries] = await Promise.all([getBalance(agentId), ledgerOf(agentId)]);
  const sum = entries.reduce((total, e) => total + e.creditCents - e.debitCents, 0);
  expect(balance?.balanceCents).toBe(sum);
  if (entries.length) expect(entries.at(-1)!.balanceAfterCents).toBe(sum);
  return balance!.balanceCents;
}

describe('postEntry', () => {
  it('keeps the balance equal to the sum of the ledger entries', async () => {
    const agentId = await newAccount();
    await postEntry({ agentId, deltaCents: 10_000, type: 'CreditCardPayment', description: 'Card', idempotencyKey: key() });
    await postEntry({ agentId, deltaCents: -2_550, type: 'LeadSpend', description: 'Lead', idempotencyKey: key() });
    await postEntry({ agentId, deltaCents: 1_000, type: 'LeadCredit', description: 'Credit', idempotencyKey: key() });

    expect(await expectBalanceMatchesLedger(agentId)).toBe(8_450);
    const entries = await ledgerOf(agentId);
    expect(entries.map((e) => [e.type, e.creditCents, e.debitCents, e.balanceAfterCents])).toEqual([
      ['CreditCardPayment', 10_000, 0, 10_000],
      ['LeadSpend', 0, 2_550, 7_450],
      ['LeadCredit', 1_000, 0, 8_450],
    ]);
  });

  it("refuses a debit above the balance with 'Amount cannot be greater than your current balance'", async () => {
    const agentId = await newAccount();
    await postEntry({ agentId, deltaCents: 500, type: 'CreditCardPayment', description: 'Card', idempotencyKey: key() });

    const debit = postEntry({ agentId, deltaCents: -501, type: 'LeadSpend', description: 'Lead', idempotencyKey: key() });

    await expect(debit).rejects.toThrow(InsufficientFunds);
    await expect(debit).rejects.toThrow(INSUFFICIENT_FUNDS);
    expect(await expectBalanceMatchesLedger(agentId)).toBe(500);
    expect(await ledgerOf(agentId)).toHaveLength(1);
  });

  it('lets a debit use the credit line only when allowed', async () => {
    const agentId = await newAccount({ creditLineCents: 2_000 });
    await postEntry({ agentId, deltaCents: 1_000, type: 'CreditCardPayment', description: 'Card', idempotencyKey: key() });

    await expect(
      postEntry({ agentId, deltaCents: -2_500, type: 'LeadSpend', description: 'Lead', idempotencyKey: key() }),
    ).rejects.toThrow(INSUFFICIENT_FUNDS);
    const spent = await postEntry({ agentId, deltaCents: -2_500, type: 'LeadSpend', description: 'Lead', idempotencyKey: key(), allowCreditLine: true });
    await expect(
      postEntry({ agentId, deltaCents: -600, type: 'LeadSpend', description: 'Lead', idempotencyKey: key(), allowCreditLine: true }),
    ).rejects.toThrow(INSUFFICIENT_FUNDS);

    expect(spent.balanceCents).toBe(-1_500);
    expect(await expectBalanceMatchesLedger(agentId)).toBe(-1_500);
  });

  it('returns the first result and changes nothing when retried with the same idempotency key', async () => {
    const agentId = await newAccount();
    const idempotencyKey = key();
    const first = await postEntry({ agentId, deltaCents: 2_000, type: 'CreditCardPayment', description: 'Card', idempotencyKey });

    const again = await postEntry({ agentId, deltaCents: 2_000, type: 'CreditCardPayment', description: 'Card', idempotencyKey });
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () => postEntry({ agentId, deltaCents: 2_000, type: 'CreditCardPayment', description: 'Card', idempotencyKey })),
    );

    expect(again).toEqual(first);
    for (const result of concurrent) expect(result).toEqual(first);
    expect(await expectBalanceMatchesLedger(agentId)).toBe(2_000);
    expect(await ledgerOf(agentId)).toHaveLength(1);
  });

  it('refuses an idempotency key reused for a different request', async () => {
    const agentId = await newAccount();
    const idempotencyKey = key();
    await postEntry({ agentId, deltaCents: 2_000, type: 'CreditCardPayment', description: 'Card', idempotencyKey });

    await expect(
      postEntry({ agentId, deltaCents: 3_000, type: 'CreditCardPayment', description: 'Card', idempotencyKey }),
    ).rejects.toThrow('already used for a different request');
    expect(await expectBalanceMatchesLedger(agentId)).toBe(2_000);
  });
});

describe('transfer', () => {
  it('moves money between two accounts with one entry on each side', async () => {
    const from = await newAccount();
    const to = await newAccount();
    await postEntry({ agentId: from, deltaCents: 5_000, type: 'CreditCardPayment', description: 'Card', idempotencyKey: key() });

    const result = await transfer({ fromAgentId: from, toAgentId: to, amountCents: 1_250, type: 'FundsTransfer', description: 'To a friend', idempotencyKey: key() });

    expect(result.from.balanceCents).toBe(3_750);
    expect(result.to.balanceCents).toBe(1_250);
    expect(await expectBalanceMatchesLedger(from)).toBe(3_750);
    expect(await expectBalanceMatchesLedger(to)).toBe(1_250);
    const [received] = await ledgerOf(to);
    expect(received).toMatchObject({ type: 'FundsTransfer', creditCents: 1_250, counterpartyAgentId: from });
  });

  it('refuses a transfer to the same agent', async () => {
    const agentId = await newAccount();
    await expect(
      transfer({ fromAgentId: agentId, toAgentId: agentId, amountCents: 1_000, type: 'FundsTransfer', description: 'Self', idempotencyKey: key() }),
    ).rejects.toThrow(SELF_TRANSFER);
  });

  it('refuses a transfer to an agent without an account and moves nothing', async () => {
    const from = await newAccount();
    await postEntry({ agentId: from, deltaCents: 5_000, type: 'CreditCardPayment', description: 'Card', idempotencyKey: key() });

    await expect(
      transfer({ fromAgentId: from, toAgentId: 'nobody', amountCents: 1_000, type: 'FundsTransfer', description: 'Lost', idempotencyKey: key() }),
    ).rejects.toThrow('Agent account not found.');
    expect(await expectBalanceMatchesLedger(from)).toBe(5_000);
  });

  it('never overdraws and conserves the total across 50 concurrent transfers out of one account', async () => {
    const source = await newAccount();
    const receivers = await Promise.all(Array.from({ length: 5 }, () => newAccount()));
    await postEntry({ agentId: source, deltaCents: 30_000, type: 'CreditCardPayment', description: 'Card', idempotencyKey: key() });

    // 50 × $10 = $500 asked of a $300 balance: exactly 30 can succeed.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        transfer({
          fromAgentId: source,
          toAgentId: receivers[i % receivers.length]!,
          amountCents: 1_000,
          type: 'FundsTransfer',
          description: `Transfer ${i}`,
          idempotencyKey: key(),
        }),
      ),
    );

    const succeeded = outcomes.filter((o) => o.status === 'fulfilled').length;
    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as Error] : []));
    for (const refusal of refusals) expect(refusal).toBeInstanceOf(InsufficientFunds);
    expect(succeeded).toBe(30);
    const sourceBalance = await expectBalanceMatchesLedger(source);
    expect(sourceBalance).toBe(0);
    let received = 0;
    for (const receiver of receivers) received += await expectBalanceMatchesLedger(receiver);
    expect(sourceBalance + received).toBe(30_000);
    // Contended retries take seconds when the machine is busy with other suites.
  }, 120_000);
});

describe('ledger queries', () => {
  it('lists entries in a time range, newest or oldest first, with paging and boundary balances', async () => {
    const agentId = await newAccount();
    const times = ['2024-01-01T10:00:00.000Z', '2024-01-02T10:00:00.000Z', '2024-01-03T10:00:00.000Z', '2024-01-04T10:00:00.000Z'];
    for (const [i, at] of times.entries())
      await postEntry({ agentId, deltaCents: (i + 1) * 100, type: 'Other', description: `#${i}`, idempotencyKey: key(), at });

    const from = '2024-01-02T00:00:00.000Z';
    const to = '2024-01-04T10:00:00.000Z'; // exclusive: the entry at exactly `to` is left out
    const oldest = await listEntries({ agentId, from, to });
    const first = await listEntries({ agentId, from, to, newestFirst: true, limit: 1 });
    const second = await listEntries({ agentId, from, to, newestFirst: true, limit: 1, cursor: first.cursor });

    expect(oldest.items.map((e) => e.description)).toEqual(['#1', '#2']);
    expect(first.items.map((e) => e.description)).toEqual(['#2']);
    expect(second.items.map((e) => e.description)).toEqual(['#1']);
    expect(await balanceAt(agentId, from)).toBe(100);
    expect(await balanceAt(agentId, to)).toBe(600);
    expect(await balanceAt(agentId, '2023-12-31T00:00:00.000Z')).toBe(0);
  });
});
