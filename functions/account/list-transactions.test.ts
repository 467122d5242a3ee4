import { describe, expect, it } from 'vitest';
import { END_BEFORE_START, INVALID_END_DATE, INVALID_START_DATE, transactionRangeParams } from './list-transactions.ts';

const messagesOf = (params: Record<string, string>) =>
  transactionRangeParams.safeParse({ agentId: 'A000002', ...params }).error?.issues.map((i) => i.message) ?? [];

describe('transactionRangeParams', () => {
  it('accepts a range of real days, including a one-day range', () => {
    expect(messagesOf({ startDate: '2026-02-01', endDate: '2026-02-28' })).toEqual([]);
    expect(messagesOf({ startDate: '2024-02-29', endDate: '2024-02-29' })).toEqual([]);
  });

  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026-1-05', '01-05-2026', 'today', ''])('refuses the start date %j', (startDate) => {
    expect(messagesOf({ startDate, endDate: '2026-12-31' })).toContain(INVALID_START_DATE);
  });

  it('refuses a bad end date', () => {
    expect(messagesOf({ startDate: '2026-01-01', endDate: '2026-04-31' })).toEqual([INVALID_END_DATE]);
  });

  it('refuses an end date before the start date', () => {
    expect(messagesOf({ startDate: '2026-05-02', endDate: '2026-05-01' })).toEqual([END_BEFORE_START]);
  });
});
