import { describe, expect, it } from 'vitest';
import { hasLastLead, lastLeadText } from './last-lead.ts';

describe('Last Lead Received', () => {
  it('shows the time in the account time zone', () => {
    expect(lastLeadText('2026-03-10T18:05:09Z', 'Eastern')).toBe('3/10/2026, 2:05:09 PM');
  });

  it('is N/A without a lead', () => {
    expect(lastLeadText(null, 'Central')).toBe('N/A');
  });

  it('counts years 2001 and earlier as no lead', () => {
    expect(lastLeadText('0001-01-01T00:00:00Z', 'Central')).toBe('N/A');
    expect(lastLeadText('2001-12-31T12:00:00Z', 'Central')).toBe('N/A');
    expect(lastLeadText('2002-01-01T12:00:00Z', 'Central')).toBe('1/1/2002, 6:00:00 AM');
  });

  it('is N/A for a value that is not a date', () => {
    expect(lastLeadText('soon', 'Central')).toBe('N/A');
  });
});

describe('hasLastLead', () => {
  it('is true only for a readable time after 2001', () => {
    expect(hasLastLead('2026-03-10T18:05:09Z')).toBe(true);
    expect(hasLastLead('2001-06-01T00:00:00Z')).toBe(false);
    expect(hasLastLead(null)).toBe(false);
    expect(hasLastLead('')).toBe(false);
  });
});
