import { describe, expect, it } from 'vitest';
import { ALL_LEADS_MESSAGES } from '#shared/api/all-leads.ts';
import { ALL_MONTHS, allLeadsRequest, leadIdInput, openingMonths, phoneInput, phoneProblem, rangeOf, yearChoices } from './all-leads-search.ts';

const base = { page: 1, campaign: '', vendor: '', month: 2, year: 2024, leadId: '', phone: '' };

describe('All Leads filters', () => {
  it('offers the current year and the 9 before it', () => {
    expect(yearChoices(new Date('2026-11-25T12:00:00Z'))).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017]);
  });

  it('looks for the opening month from this month back through the 12 before it, across the new year', () => {
    const months = openingMonths(new Date(2026, 0, 1, 0, 30));
    expect(months).toHaveLength(13);
    expect(months.slice(0, 3)).toEqual([{ month: 1, year: 2026 }, { month: 12, year: 2025 }, { month: 11, year: 2025 }]);
    expect(months.at(-1)).toEqual({ month: 1, year: 2025 });
  });

  it('asks for the whole month (February of a leap year), or the whole year for all months', () => {
    expect(rangeOf(2024, 2)).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
    expect(rangeOf(2025, 12)).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
    expect(rangeOf(2025, ALL_MONTHS)).toEqual({ startDate: '2025-01-01', endDate: '2025-12-31' });
  });

  it('keeps a lead ID to 9 digits and masks a phone as (999) 999-9999', () => {
    expect(leadIdInput('12a34567890')).toBe('123456789');
    expect(phoneInput('3125550101')).toBe('(312) 555-0101');
    expect(phoneInput('+1 312 555 0101')).toBe('(312) 555-0101');
  });

  it('sends a phone only once all 10 digits are typed, and says so meanwhile', () => {
    expect(allLeadsRequest({ ...base, phone: '(312) 555' }).query.phone).toBeUndefined();
    expect(phoneProblem('(312) 555')).toBe(ALL_LEADS_MESSAGES.phone);
    expect(phoneProblem('')).toBeNull();
    expect(allLeadsRequest({ ...base, phone: '(312) 555-0101' }).query.phone).toBe('3125550101');
  });

  it('asks for 10 rows newest first with the chosen campaign, vendor and lead ID', () => {
    const request = allLeadsRequest({ ...base, page: 3, campaign: 'C1', vendor: 'V1', leadId: '100042' });
    expect(request).toEqual({
      params: { startDate: '2024-02-01', endDate: '2024-02-29' },
      query: { page: 3, pageSize: 10, sortColumnName: 'LeadTimeStamp', sortOrder: 'desc', campaignId: 'C1', vendorId: 'V1', leadId: '100042' },
    });
  });
});
