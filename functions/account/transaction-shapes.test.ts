import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '#core/ledger.ts';
import { toTransactionRow } from './transaction-shapes.ts';

const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  entryId: 'e1',
  agentId: 'A000002',
  at: '2026-03-08T15:00:00.000Z',
  type: 'FundsTransfer',
  description: 'Transfer',
  creditCents: 0,
  debitCents: 0,
  balanceAfterCents: 0,
  ...over,
});

describe('toTransactionRow', () => {
  it('shows a debit in dollars with the signed amount and the balance after it', () => {
    expect(toTransactionRow(entry({ debitCents: 2_550, balanceAfterCents: 7_450 }))).toMatchObject({
      AgentId: 'A000002',
      TimeStamp: '2026-03-08T15:00:00.000Z',
      Type: 'FundsTransfer',
      AmountCleared: -25.5,
      Credit: 0,
      Debit: 25.5,
      RunningTotal: 74.5,
      EndingBalance: 74.5,
    });
  });
});
