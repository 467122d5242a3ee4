import { describe, expect, it } from 'vitest';
import { JOBS } from '#shared/manifest.ts';
import { parseSchedule } from './schedule-expression.ts';

const next = (expr: string, after: string) => parseSchedule(expr).next(new Date(after)).toISOString();

describe('EventBridge schedule expressions', () => {
  it('fires the weekly Pro Store job on the next Monday at 06:00 UTC', () => {
    // 2025-11-21 is a Friday.
    expect(next(JOBS.prostore.schedule, '2025-11-21T10:00:00Z')).toBe('2025-11-24T06:00:00.000Z');
  });

  it('fires later the same day when the time has not come yet, and a week later once it has', () => {
    expect(next('cron(0 6 ? * MON *)', '2025-11-24T05:59:30Z')).toBe('2025-11-24T06:00:00.000Z');
    expect(next('cron(0 6 ? * MON *)', '2025-11-24T06:00:00Z')).toBe('2025-12-01T06:00:00.000Z');
  });

  it('numbers days of the week from 1 = Sunday, as AWS does', () => {
    expect(next('cron(30 12 ? * 1 *)', '2025-11-21T00:00:00Z')).toBe('2025-11-23T12:30:00.000Z');
  });

  it('supports lists, ranges and steps', () => {
    expect(next('cron(0/15 9-17 ? * MON-FRI *)', '2025-11-21T17:50:00Z')).toBe('2025-11-24T09:00:00.000Z');
    expect(next('cron(0/15 9-17 ? * MON-FRI *)', '2025-11-21T09:01:00Z')).toBe('2025-11-21T09:15:00.000Z');
    expect(next('cron(5 0 1,15 * ? *)', '2025-11-02T00:00:00Z')).toBe('2025-11-15T00:05:00.000Z');
  });

  it('rolls over month and year ends', () => {
    expect(next('cron(0 0 1 JAN ? *)', '2025-11-21T00:00:00Z')).toBe('2026-01-01T00:00:00.000Z');
    expect(next('cron(0 0 31 * ? *)', '2025-11-01T00:00:00Z')).toBe('2025-12-31T00:00:00.000Z');
  });

  it('adds the interval for rate expressions', () => {
    expect(next('rate(5 minutes)', '2025-11-21T10:00:00Z')).toBe('2025-11-21T10:05:00.000Z');
    expect(next('rate(1 day)', '2025-11-21T10:00:00Z')).toBe('2025-11-22T10:00:00.000Z');
  });

  it('refuses what it does not support with the expression named', () => {
    expect(() => parseSchedule('cron(0 6 L * ? *)')).toThrow('Unsupported schedule cron(0 6 L * ? *)');
    expect(() => parseSchedule('cron(0 6 * * MON *)')).toThrow('exactly one of day-of-month and day-of-week must be ?');
    expect(() => parseSchedule('cron(0 6 ? * MON)')).toThrow('cron needs 6 fields');
    expect(() => parseSchedule('cron(60 6 ? * MON *)')).toThrow('minutes "60" is not 0-59');
    expect(() => parseSchedule('rate(0 minutes)')).toThrow('expected rate(');
    expect(() => parseSchedule('every monday')).toThrow('expected cron(...) or rate(...)');
  });
});
