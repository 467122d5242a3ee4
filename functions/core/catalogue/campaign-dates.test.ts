import { describe, expect, it } from 'vitest';
import { isCurrent } from './campaign-dates.ts';

// Stored as the start and the end of their days in UTC (catalogue/campaigns.ts startOfDay, endOfDay).
const feb = { startDate: '2027-02-01T00:00:00.000Z', endDate: '2027-02-10T23:59:59.999Z' };

describe('a current campaign', () => {
  it('is current from its start day through its end day in Central time, the days the engine takes its leads on', () => {
    expect(isCurrent(feb, '2027-02-01T05:30:00.000Z')).toBe(false); // 31 January, 11:30 pm Central
    expect(isCurrent(feb, '2027-02-01T06:30:00.000Z')).toBe(true); // 1 February, 12:30 am Central
    expect(isCurrent(feb, '2027-02-11T01:00:00.000Z')).toBe(true); // 10 February, 7 pm Central
    expect(isCurrent(feb, '2027-02-11T05:30:00.000Z')).toBe(true); // 10 February, 11:30 pm Central
    expect(isCurrent(feb, '2027-02-11T06:30:00.000Z')).toBe(false); // 11 February, 12:30 am Central
  });
});
