import { describe, expect, it } from 'vitest';
import { monthLabel, monthOptions, monthRange } from './month-frequency.ts';
import { compactRange } from './api/performance-reports.ts';

// 2026-03-01T03:00Z is still February 28 in Central: the month choices follow the reporting calendar.
const EARLY_MARCH_UTC = new Date('2026-03-01T03:00:00Z');
const MID_MAY = new Date('2026-05-15T17:00:00Z');

describe('month frequency', () => {
  it('0 is this month to date, on the Central calendar', () => {
    expect(monthRange(0, MID_MAY)).toEqual({ startDate: '2026-05-01', endDate: '2026-05-15' });
    expect(monthRange(0, EARLY_MARCH_UTC)).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
  });

  it('1 is the whole of last month and 2 to 12 the months before it, by name', () => {
    expect(monthRange(1, MID_MAY)).toEqual({ startDate: '2026-04-01', endDate: '2026-04-30' });
    expect(monthRange(3, MID_MAY)).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
    expect(monthRange(12, MID_MAY)).toEqual({ startDate: '2025-05-01', endDate: '2025-05-31' });
    expect(monthLabel(0, MID_MAY)).toBe('This month to date');
    expect(monthLabel(1, MID_MAY)).toBe('Last month');
    expect(monthLabel(2, MID_MAY)).toBe('March 2026');
    expect(monthOptions(MID_MAY).map((o) => o.value)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
  });

  it('Internal Leads send the first and last second of the range as yyyyMMddHHmmss', () => {
    expect(compactRange({ startDate: '2026-05-01', endDate: '2026-05-31' })).toEqual({ startDate: '20260501000000', endDate: '20260531235959' });
  });
});
