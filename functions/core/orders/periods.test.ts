import { describe, expect, it } from 'vitest';
import { isoWeek, periodKeys, usageWithOneMore, usedIn, usedOnDay } from './periods.ts';

describe('usage period keys', () => {
  it('names the hour, day, ISO week and month in the account’s time zone, not UTC', () => {
    // 03:30 UTC on 1 Jan 2024 is still 31 Dec 2023 in Chicago (week 52 of 2023... ISO: 2023-W52).
    expect(periodKeys(new Date('2024-01-01T03:30:00Z'), 'America/Chicago')).toEqual({ HOUR: '2023-12-31T21', DAY: '2023-12-31', WEEK: '2023-W52', MONTH: '2023-12' });
    expect(periodKeys(new Date('2024-01-01T03:30:00Z'), 'UTC')).toMatchObject({ DAY: '2024-01-01', WEEK: '2024-W01' });
  });

  it('keys the hour a clock repeats when it falls back as two hours, and the hour of a spring-forward as one', () => {
    // 1 November 2026 in Chicago: 1:00-1:59 am CDT (06:xx UTC), then 1:00-1:59 am again in CST (07:xx UTC).
    const first = periodKeys(new Date('2026-11-01T06:30:00Z'), 'America/Chicago');
    const second = periodKeys(new Date('2026-11-01T07:30:00Z'), 'America/Chicago');
    expect(first).toMatchObject({ HOUR: '2026-11-01T01', DAY: '2026-11-01' });
    expect(second).toMatchObject({ HOUR: '2026-11-01T01+', DAY: '2026-11-01' });
    expect(periodKeys(new Date('2026-11-01T07:00:00Z'), 'America/Chicago').HOUR).toBe('2026-11-01T01+');
    expect(periodKeys(new Date('2026-11-01T06:59:59Z'), 'America/Chicago').HOUR).toBe('2026-11-01T01');
    expect(periodKeys(new Date('2026-11-01T08:30:00Z'), 'America/Chicago').HOUR).toBe('2026-11-01T02');
    // 8 March 2026: 1:59 am CST is followed by 3:00 am CDT.
    expect(periodKeys(new Date('2026-03-08T07:59:00Z'), 'America/Chicago').HOUR).toBe('2026-03-08T01');
    expect(periodKeys(new Date('2026-03-08T08:00:00Z'), 'America/Chicago').HOUR).toBe('2026-03-08T03');
    // Arizona keeps no daylight time: no hour repeats.
    expect(periodKeys(new Date('2026-11-01T08:30:00Z'), 'America/Phoenix').HOUR).toBe('2026-11-01T01');
  });

  it('takes the ISO week year from the Thursday', () => {
    expect(isoWeek(2021, 1, 3)).toBe('2020-W53');
    expect(isoWeek(2024, 12, 30)).toBe('2025-W01');
  });
});

describe("an order header's usage", () => {
  it('counts an hourly cap afresh in the repeated hour of a fall-back', () => {
    const first = periodKeys(new Date('2026-11-01T06:30:00Z'), 'America/Chicago');
    const second = periodKeys(new Date('2026-11-01T07:10:00Z'), 'America/Chicago');
    const usage = usageWithOneMore({ HOUR: { key: first.HOUR, count: 4 }, days: { [first.DAY]: 4 } }, first);
    expect(usedIn(usage, first)).toMatchObject({ HOUR: 5, DAY: 5 });
    expect(usedIn(usage, second)).toMatchObject({ HOUR: 0, DAY: 5 });
  });


  const keys = { HOUR: '2026-06-10T12', DAY: '2026-06-10', WEEK: '2026-W24', MONTH: '2026-06' };

  it('reads a period whose stored key is not the current one as 0', () => {
    const usage = { HOUR: { key: '2026-06-10T11', count: 4 }, WEEK: { key: '2026-W24', count: 7 }, MONTH: { key: '2026-05', count: 30 }, days: { '2026-06-09': 5 } };
    expect(usedIn(usage, keys)).toEqual({ HOUR: 0, DAY: 0, WEEK: 7, MONTH: 0 });
    expect(usedIn(undefined, keys)).toEqual({ HOUR: 0, DAY: 0, WEEK: 0, MONTH: 0 });
  });

  it('adds one lead to every current period, starting a turned one at 1, and keeps the last 8 days', () => {
    const days = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`2026-06-0${i + 1}`, i + 1]));
    const after = usageWithOneMore({ HOUR: { key: '2026-06-10T11', count: 4 }, WEEK: { key: '2026-W24', count: 7 }, days }, keys);
    expect(after).toMatchObject({ HOUR: { key: keys.HOUR, count: 1 }, WEEK: { key: keys.WEEK, count: 8 }, MONTH: { key: keys.MONTH, count: 1 } });
    expect(Object.keys(after.days).sort()).toEqual(['2026-06-03', '2026-06-04', '2026-06-05', '2026-06-06', '2026-06-07', '2026-06-08', '2026-06-09', '2026-06-10']);
    expect(usedOnDay(after, keys.DAY)).toBe(1);
    expect(usedOnDay(after, '2026-06-09')).toBe(9);
  });
});
