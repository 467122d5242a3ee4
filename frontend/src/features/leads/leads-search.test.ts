import { describe, expect, it } from 'vitest';
import { LEADS_RANGE_TOO_LONG } from '#shared/api/leads.ts';
import { defaultRange, filtersOf, keepInOrder, leadsSearchSchema, presetRange, rangeProblem } from './leads-search.ts';

// Wednesday 2026-11-25, 03:00 UTC: still Tuesday the 24th in Central, already the 25th in UTC.
const now = new Date('2026-11-25T03:00:00Z');

describe("My Leads' range", () => {
  it("defaults to the last 5 days up to today in the agent's time zone", () => {
    expect(defaultRange('Central', now)).toEqual({ startDate: '2026-11-19', endDate: '2026-11-24' });
    expect(defaultRange('Eastern', new Date('2026-11-25T06:00:00Z'))).toEqual({ startDate: '2026-11-20', endDate: '2026-11-25' });
  });

  it('offers this week, last week, this month and last month as presets in the agent zone', () => {
    // Weeks start on Monday, as the orders' weekly caps count them.
    expect(presetRange('thisWeek', 'Central', now)).toEqual({ startDate: '2026-11-23', endDate: '2026-11-24' });
    expect(presetRange('lastWeek', 'Central', now)).toEqual({ startDate: '2026-11-16', endDate: '2026-11-22' });
    // On a Sunday, this week began six days before.
    const sunday = new Date('2026-11-29T18:00:00Z');
    expect(presetRange('thisWeek', 'Central', sunday)).toEqual({ startDate: '2026-11-23', endDate: '2026-11-29' });
    expect(presetRange('lastWeek', 'Central', sunday)).toEqual({ startDate: '2026-11-16', endDate: '2026-11-22' });
    expect(presetRange('thisMonth', 'Central', now)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-24' });
    expect(presetRange('lastMonth', 'Central', now)).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(presetRange('lastMonth', 'Central', new Date('2026-01-10T12:00:00Z'))).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
  });

  it('refuses a range longer than 90 days or out of order', () => {
    expect(rangeProblem({ startDate: '2026-01-01', endDate: '2026-04-01' })).toBeUndefined();
    expect(rangeProblem({ startDate: '2026-01-01', endDate: '2026-04-02' })).toBe(LEADS_RANGE_TOO_LONG);
    expect(rangeProblem({ startDate: '2026-02-01', endDate: '2026-01-01' })).toBe('To cannot be before From.');
    expect(rangeProblem({ startDate: null, endDate: '2026-01-01' })).toBe('Choose both a From and a To date.');
  });

  it('keeps the ends in order and within 90 days when one moves', () => {
    expect(keepInOrder({ startDate: '2026-03-10', endDate: '2026-03-01' }, 'start')).toEqual({ startDate: '2026-03-10', endDate: '2026-03-10' });
    expect(keepInOrder({ startDate: '2026-03-10', endDate: '2026-03-01' }, 'end')).toEqual({ startDate: '2026-03-01', endDate: '2026-03-01' });
    expect(keepInOrder({ startDate: '2026-01-01', endDate: '2026-06-01' }, 'start')).toEqual({ startDate: '2026-01-01', endDate: '2026-04-01' });
    expect(keepInOrder({ startDate: '2026-01-01', endDate: '2026-06-01' }, 'end')).toEqual({ startDate: '2026-03-03', endDate: '2026-06-01' });
  });

  it('reads the filters from the URL and drops a value the server would refuse', () => {
    const search = leadsSearchSchema.parse({ leadId: '1234567890', phone: '312555', lastName: 'Lee' });
    expect(search.distribution).toBe('all');
    expect(filtersOf(search)).toEqual({ phone: '312555', lastName: 'Lee' });
  });
});
