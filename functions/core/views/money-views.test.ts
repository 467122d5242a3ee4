import { describe, expect, it } from 'vitest';
import type { Balance } from '#entities/balance.ts';
import { crossesBelow, crossingOf } from './balance-crossings-view.ts';
import { daySummaryOf } from './day-sums-view.ts';

const entry = (at: string, type: 'CreditCardPayment' | 'LeadSpend', deltaCents: number, balanceAfterCents: number) => ({
  at,
  type,
  creditCents: Math.max(deltaCents, 0),
  debitCents: Math.max(-deltaCents, 0),
  balanceAfterCents,
});

describe('a day sum from the day’s entries', () => {
  const day = [
    entry('2024-05-01T15:00:00.000Z', 'CreditCardPayment', 10_000, 12_000),
    entry('2024-05-01T16:00:00.000Z', 'LeadSpend', -2_500, 9_500),
    entry('2024-05-01T17:00:00.000Z', 'LeadSpend', -500, 9_000),
  ];

  it('opens with the balance before the first entry, closes with the last, and sums each type', () => {
    expect(daySummaryOf('A1', '2024-05-01', day)).toEqual({
      agentId: 'A1',
      day: '2024-05-01',
      openingBalanceCents: 2_000,
      closingBalanceCents: 9_000,
      entryCount: 3,
      updatedAt: '2024-05-01T17:00:00.000Z',
      creditCreditCardPaymentCents: 10_000,
      debitCreditCardPaymentCents: 0,
      creditLeadSpendCents: 0,
      debitLeadSpendCents: 3_000,
    });
  });

  it('is the same whatever order the entries come in', () => {
    expect(daySummaryOf('A1', '2024-05-01', [day[2]!, day[0]!, day[1]!])).toEqual(daySummaryOf('A1', '2024-05-01', day));
  });
});

const balance = (balanceCents: number, watch: Partial<Balance> = {}): Balance => ({
  agentId: 'A1',
  balanceCents,
  creditLineCents: 0,
  version: 3,
  updatedAt: '2026-01-02T00:00:00.000Z',
  ...watch,
});

describe('a crossing from a balance change', () => {
  it('a debit from at the threshold to below it crosses; staying below or above does not', () => {
    expect(crossesBelow(1000, 1000, 999)).toBe(true);
    expect(crossesBelow(1000, 999, 500)).toBe(false);
    expect(crossesBelow(1000, 2000, 1000)).toBe(false);
    expect(crossesBelow(undefined, 2000, 0)).toBe(false);
  });

  it('names the thresholds crossed, with the time of the change, and none when nothing is watched or crossed', () => {
    const watched = { lowBalanceAlertCents: 1000, autoRechargeBelowCents: 3000 };
    expect(crossingOf(balance(5000), balance(0))).toBeUndefined();
    expect(crossingOf(balance(5000, { lowBalanceAlertCents: 1000 }), balance(2000, { lowBalanceAlertCents: 1000 }))).toBeUndefined();
    expect(crossingOf(balance(5000, watched), balance(500, { ...watched, updatedAt: '2026-01-03T00:00:00.000Z' }))).toEqual({
      agentId: 'A1',
      at: '2026-01-03T00:00:00.000Z',
      balanceBeforeCents: 5000,
      balanceAfterCents: 500,
      alertCents: 1000,
      rechargeBelowCents: 3000,
      state: 'pending',
    });
    const onlyRecharge = crossingOf(balance(5000, watched), balance(2000, watched));
    expect(onlyRecharge).toMatchObject({ rechargeBelowCents: 3000 });
    expect(onlyRecharge).not.toHaveProperty('alertCents');
  });

  it('switching auto-recharge on below its threshold starts a recharge; above it, or already on, does not', () => {
    expect(crossingOf(balance(500), balance(500, { autoRechargeBelowCents: 1000, version: 4 }))).toMatchObject({ rechargeBelowCents: 1000, state: 'pending' });
    expect(crossingOf(balance(5000), balance(5000, { autoRechargeBelowCents: 1000 }))).toBeUndefined();
    expect(crossingOf(balance(500, { autoRechargeBelowCents: 800 }), balance(500, { autoRechargeBelowCents: 1000 }))).toBeUndefined();
  });
});
