import { describe, expect, it } from 'vitest';
import { reportDay, reportMonth } from './report-day.ts';

describe('reportDay', () => {
  it('counts days in the reporting time zone (Central), not UTC', () => {
    expect(reportDay('2024-05-02T04:59:59.000Z')).toBe('2024-05-01');
    expect(reportDay('2024-05-02T05:00:00.000Z')).toBe('2024-05-02');
    expect(reportDay('2024-01-02T05:59:59.000Z')).toBe('2024-01-01');
  });
});

describe('reporting month', () => {
  it('is the month of the time in the reporting zone (Central), where All Leads files a lead', () => {
    expect(reportMonth('2024-06-01T02:00:00.000Z')).toBe('2024-05');
    expect(reportMonth('2024-06-01T06:00:00.000Z')).toBe('2024-06');
  });
});
