// The lead engine's pure decisions: schedules in a zone, the recipient pick, the routing split, criteria.
import { describe, expect, it } from 'vitest';
import { ageOn, criteriaMessages, localTime, pickRecipient, ruleMatches, scheduleCovers, toCallCenter, CRITERIA_MESSAGES } from './rules.ts';

describe('lead engine rules', () => {
  it('covers an arrival by the slots of the agent\u2019s own time zone', () => {
    const at = new Date('2026-03-03T16:15:00Z'); // Tuesday 10:15 Central, 06:15 Hawaii
    expect(localTime(at, 'America/Chicago')).toMatchObject({ day: 'Tuesday', minute: 615 });
    const slots = [{ startSlot: 20, endSlot: 22, days: ['Tuesday' as const] }];
    expect(scheduleCovers(slots, localTime(at, 'America/Chicago'))).toBe(true);
    expect(scheduleCovers(slots, localTime(at, 'Pacific/Honolulu'))).toBe(false);
  });

  it('keeps every recipient within one lead of its share', () => {
    const shares = [{ agentId: 'a', percentage: 60 }, { agentId: 'b', percentage: 30 }, { agentId: 'c', percentage: 10 }];
    const got: Record<string, number> = {};
    for (let n = 1; n <= 100; n++) {
      const r = pickRecipient(shares, got)!;
      got[r] = (got[r] ?? 0) + 1;
      for (const s of shares) expect(Math.abs((got[s.agentId] ?? 0) - (n * s.percentage) / 100)).toBeLessThan(1);
    }
  });

  it('routes floor(n \u00d7 percent / 100) of the first n leads to the call center', () => {
    let cc = 0;
    for (let n = 1; n <= 50; n++) {
      if (toCallCenter(n, 30)) cc++;
      expect(Math.abs(cc - n * 0.3)).toBeLessThan(1);
    }
  });

  it('matches a rule by SCF, state, line of business and campaign together', () => {
    const rule = { zipCodes: ['787'], states: ['TX'], linesOfBusiness: ['Health'], campaignIds: [] };
    expect(ruleMatches(rule, { zipCode: '78701', stateCode: 'TX', lineOfBusiness: 'Health', campaignId: 'c' })).toBe(true);
    expect(ruleMatches(rule, { zipCode: '75001', stateCode: 'TX', lineOfBusiness: 'Health', campaignId: 'c' })).toBe(false);
  });

  it("holds vendor posts to the campaign's e-mail rule, not public form leads (part 3 §5: e-mail optional there)", () => {
    const v = { campaignId: 'c', campaignValidationId: 'v', addressLine1Required: false, cityRequired: false, stateRequired: false, zipRequired: false, countryRequired: false, inEmailRequired: true, bzEmailRequired: false, inGenderRequired: false, inDobRequired: false, minAge: 0, maxAge: 0 };
    const lead = { firstName: 'a', lastName: 'b', primaryPhone: '3125550000', stateCode: 'IL', zipCode: '60601', email: '' };
    expect(criteriaMessages(lead, v, new Date('2026-01-01'))).toEqual([CRITERIA_MESSAGES.email]);
    expect(criteriaMessages(lead, v, new Date('2026-01-01'), { formLead: true })).toEqual([]);
  });

  it('refuses a lead younger than the campaign\u2019s minimum age', () => {
    const v = { campaignId: 'c', campaignValidationId: 'v', addressLine1Required: true, cityRequired: false, stateRequired: false, zipRequired: false, countryRequired: false, inEmailRequired: false, bzEmailRequired: false, inGenderRequired: false, inDobRequired: false, minAge: 18, maxAge: 0 };
    const lead = { firstName: 'a', lastName: 'b', primaryPhone: '3125550000', stateCode: 'IL', zipCode: '60601', birthDate: '2015-01-01' };
    expect(criteriaMessages(lead, v, new Date('2026-01-01'))).toEqual([CRITERIA_MESSAGES.address1, CRITERIA_MESSAGES.minAge(18)]);
  });

  it('refuses a vendor lead without a consent certificate when the campaign requires one; a form lead keeps its own evidence (issue 24)', () => {
    const v = { campaignId: 'c', campaignValidationId: 'v', addressLine1Required: false, cityRequired: false, stateRequired: false, zipRequired: false, countryRequired: false, inEmailRequired: false, bzEmailRequired: false, inGenderRequired: false, inDobRequired: false, minAge: 0, maxAge: 0, consentCertificateRequired: true };
    const lead = { firstName: 'a', lastName: 'b', primaryPhone: '3125550000', stateCode: 'IL', zipCode: '60601' };
    const at = new Date('2026-01-01');
    expect(criteriaMessages(lead, v, at)).toEqual([CRITERIA_MESSAGES.consentCertificate]);
    expect(criteriaMessages(lead, v, at, { certificateUrl: '  ' })).toEqual([CRITERIA_MESSAGES.consentCertificate]);
    expect(criteriaMessages(lead, v, at, { certificateUrl: 'https://cert.trustedform.com/abc' })).toEqual([]);
    expect(criteriaMessages(lead, v, at, { formLead: true })).toEqual([]);
    expect(criteriaMessages(lead, { ...v, consentCertificateRequired: undefined }, at)).toEqual([]);
  });
});

describe('a consumer’s age', () => {
  it('counts whole years to the company’s day (Central), as the campaign and fund dates are counted', () => {
    // 31 May 2026, 8 pm Central (1 June in UTC): a consumer born 1 June 1961 is still 64.
    expect(ageOn('1961-06-01', new Date('2026-06-01T01:00:00.000Z'))).toBe(64);
    // 1 June, 12:30 am Central: 65.
    expect(ageOn('1961-06-01', new Date('2026-06-01T05:30:00.000Z'))).toBe(65);
    expect(ageOn('1961-05-31', new Date('2026-06-01T01:00:00.000Z'))).toBe(65);
  });
});
