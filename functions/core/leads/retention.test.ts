import { describe, expect, it } from 'vitest';
import { RETENTION_WINDOW_DAYS, retentionCutoff, retentionMonths } from './retention.ts';

/** The months one run reads for a run at `now` with the default 36 months. */
const monthsOfRunAt = (now: string) => {
  const cutoff = retentionCutoff(new Date(now), 36);
  const from = new Date(cutoff.getTime() - RETENTION_WINDOW_DAYS * 86_400_000);
  return { cutoff: cutoff.toISOString(), months: retentionMonths(from.toISOString(), cutoff.toISOString()) };
};

describe('the retention window', () => {
  it.each([
    // The 1st of a month after a 30-day month: cutoff - 31 days fell in October, so November was skipped.
    ['2026-12-01T12:00:00Z', '2023-12-01T12:00:00.000Z', ['2023-09', '2023-10', '2023-11', '2023-12']],
    // Mar 1: February is short.
    ['2026-03-01T12:00:00Z', '2023-03-01T12:00:00.000Z', ['2022-12', '2023-01', '2023-02', '2023-03']],
    // Dec 31: the window ends in the year's last month.
    ['2026-12-31T12:00:00Z', '2023-12-31T12:00:00.000Z', ['2023-10', '2023-11', '2023-12']],
    // Jan 1 (early UTC, still Dec 31 in the reporting zone): the months cross the year.
    ['2027-01-01T03:00:00Z', '2024-01-01T03:00:00.000Z', ['2023-10', '2023-11', '2023-12']],
    ['2026-07-31T12:00:00Z', '2023-07-31T12:00:00.000Z', ['2023-05', '2023-06', '2023-07']],
  ])('a run at %s cuts off at %s and reads every month of its window, %j', (now, cutoff, months) => {
    expect(monthsOfRunAt(now)).toEqual({ cutoff, months });
  });

  it('reads every month between the start and the cutoff on every day of four years', () => {
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2030, 0, 1); day += 86_400_000) {
      const { months } = monthsOfRunAt(new Date(day + 12 * 3_600_000).toISOString());
      for (let i = 1; i < months.length; i++) {
        const [y, m] = months[i - 1]!.split('-').map(Number) as [number, number];
        expect(months[i]).toBe(m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`);
      }
      expect(months.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps the month-end when the month of the cutoff is shorter (May 31 less 3 months is Feb 28 or 29)', () => {
    expect(retentionCutoff(new Date('2026-05-31T00:00:00Z'), 3).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(retentionCutoff(new Date('2028-05-31T00:00:00Z'), 3).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
});
