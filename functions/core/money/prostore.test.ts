import { describe, expect, it } from 'vitest';
import { insufficientFundsReason, isoWeekOf, proStoreIdempotencyKey } from './prostore.ts';

describe('isoWeekOf', () => {
  it.each([
    ['2025-11-24T06:00:00Z', '2025-W48'],
    // Sunday closes the ISO week that began on Monday.
    ['2025-11-30T23:59:59Z', '2025-W48'],
    ['2025-12-01T00:00:00Z', '2025-W49'],
    // Early January can belong to the previous year's last week, late December to next year's first.
    ['2021-01-03T12:00:00Z', '2020-W53'],
    ['2024-12-30T06:00:00Z', '2025-W01'],
    ['2026-01-01T00:00:00Z', '2026-W01'],
  ])('puts %s in %s (UTC)', (at, week) => {
    expect(isoWeekOf(new Date(at))).toBe(week);
  });

  it('uses the UTC date, not the machine’s time zone', () => {
    // Monday 00:30 UTC is still Sunday in the Americas.
    expect(isoWeekOf(new Date('2025-12-01T00:30:00Z'))).toBe('2025-W49');
  });
});

describe('skip reasons and keys', () => {
  it("says 'Insufficient funds: balance $12.00, Pro Store amount $25.00'", () => {
    expect(insufficientFundsReason(1_200, 2_500)).toBe('Insufficient funds: balance $12.00, Pro Store amount $25.00');
  });

  it('keys a transfer by week and agent', () => {
    expect(proStoreIdempotencyKey('2025-W48', 'A1001')).toBe('prostore:2025-W48:A1001');
  });
});
