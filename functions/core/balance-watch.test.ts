import { describe, expect, it } from 'vitest';
import type { Balance } from '#entities/balance.ts';
import { crossesBelow, crossingItems } from './balance-watch.ts';

const balance = (balanceCents: number, watch: Partial<Balance> = {}): Balance => ({
  agentId: 'A1',
  balanceCents,
  creditLineCents: 0,
  version: 3,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...watch,
});
const entry = { entryId: 'e1', at: '2026-01-02T00:00:00.000Z' };

describe('crossing detection', () => {
  it('a debit from at the threshold to below it crosses; staying below or above does not', () => {
    expect(crossesBelow(1000, 1000, 999)).toBe(true);
    expect(crossesBelow(1000, 999, 500)).toBe(false);
    expect(crossesBelow(1000, 2000, 1000)).toBe(false);
    expect(crossesBelow(undefined, 2000, 0)).toBe(false);
  });

  it('writes one crossing item naming the thresholds crossed, and none when nothing is watched or crossed', () => {
    expect(crossingItems(balance(5000), 0, entry)).toEqual([]);
    expect(crossingItems(balance(5000, { lowBalanceAlertCents: 1000 }), 2000, entry)).toEqual([]);
    const [item] = crossingItems(balance(5000, { lowBalanceAlertCents: 1000, autoRechargeBelowCents: 3000 }), 500, entry);
    expect(item).toMatchObject({ kind: 'put', item: { sk: 'CROSSING#e1', alertCents: 1000, rechargeBelowCents: 3000, state: 'pending', gsi3pk: 'BALANCE_CROSSINGS' } });
    const [onlyRecharge] = crossingItems(balance(5000, { lowBalanceAlertCents: 1000, autoRechargeBelowCents: 3000 }), 2000, entry);
    expect(onlyRecharge).toMatchObject({ item: { rechargeBelowCents: 3000 } });
    expect((onlyRecharge as { item: Record<string, unknown> }).item).not.toHaveProperty('alertCents');
  });
});
