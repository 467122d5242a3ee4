import { describe, expect, it } from 'vitest';
import { isoWeek, periodKeys } from './periods.ts';

describe('usage period keys', () => {
  it('names the hour, day, ISO week and month in the account’s time zone, not UTC', () => {
    // 03:30 UTC on 1 Jan 2024 is still 31 Dec 2023 in Chicago (week 52 of 2023... ISO: 2023-W52).
    expect(periodKeys(new Date('2024-01-01T03:30:00Z'), 'America/Chicago')).toEqual({ HOUR: '2023-12-31T21', DAY: '2023-12-31', WEEK: '2023-W52', MONTH: '2023-12' });
    expect(periodKeys(new Date('2024-01-01T03:30:00Z'), 'UTC')).toMatchObject({ DAY: '2024-01-01', WEEK: '2024-W01' });
  });

  it('takes the ISO week year from the Thursday', () => {
    expect(isoWeek(2021, 1, 3)).toBe('2020-W53');
    expect(isoWeek(2024, 12, 30)).toBe('2025-W01');
  });
});
