import { describe, expect, it } from 'vitest';
import { transactionRangeParams } from './account.ts';
import { END_BEFORE_START, INVALID_END_DATE, INVALID_START_DATE } from './define.ts';

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

  it('refuses a day outside 2000 to 2099 with a clear message, such as the year 9999', () => {
    expect(messagesOf({ startDate: '2026-01-01', endDate: '9999-12-31' })).toEqual(['End date must be between 2000-01-01 and 2099-12-31.']);
    expect(messagesOf({ startDate: '1999-12-31', endDate: '2026-01-01' })).toEqual(['Start date must be between 2000-01-01 and 2099-12-31.']);
  });

  it('refuses an agent id that is too long or not an id, before anything reads it', () => {
    expect(transactionRangeParams.safeParse({ agentId: 'A'.repeat(3_000), startDate: '2026-01-01', endDate: '2026-01-02' }).success).toBe(false);
    expect(transactionRangeParams.safeParse({ agentId: 'A0/../x', startDate: '2026-01-01', endDate: '2026-01-02' }).success).toBe(false);
  });

  it('refuses an end date before the start date', () => {
    expect(messagesOf({ startDate: '2026-05-02', endDate: '2026-05-01' })).toEqual([END_BEFORE_START]);
  });
});
