import { describe, expect, it } from 'vitest';
import { defaultRange, rangeProblem } from './transaction-range.ts';

describe('the transaction date range', () => {
  it('defaults to the last 5 days up to today', () => {
    expect(defaultRange('Eastern', new Date('2026-03-10T15:00:00Z'))).toEqual({ startDate: '2026-03-05', endDate: '2026-03-10' });
  });

  it("reads today in the account's time zone, where the day may not have turned yet", () => {
    // 05:00 UTC on 10 March is still 9 March, 7 pm in Hawaii.
    expect(defaultRange('Hawaii', new Date('2026-03-10T05:00:00Z'))).toEqual({ startDate: '2026-03-04', endDate: '2026-03-09' });
  });

  it('uses Central for an account without a known time zone', () => {
    expect(defaultRange(null, new Date('2026-03-10T04:00:00Z')).endDate).toBe('2026-03-09');
  });

  it('refuses a missing day or an end before the start', () => {
    expect(rangeProblem({ startDate: null, endDate: '2026-03-10' })).toBe('Choose both a From and a To date.');
    expect(rangeProblem({ startDate: '2026-03-10', endDate: '2026-03-09' })).toBe('To cannot be before From.');
    expect(rangeProblem({ startDate: '2026-03-10', endDate: '2026-03-10' })).toBeUndefined();
  });
});
