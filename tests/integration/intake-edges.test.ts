// The vendor intake's edges through the real gateway (issue 22 attack findings): a body larger than any
// lead is refused with 413 before it is parsed, invisible characters never reach the stored lead, and
// a javascript: consent link or a consent time from 1970 is a 400.
import { describe, expect, it } from 'vitest';
import { INTAKE_BODY_MESSAGES } from '#shared/api/intake.ts';
import { useApiHarness } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const api = useApiHarness();
const fx = useLeadFixture(api, { codeLetter: 'E', idPrefix: 'E' });
const { Lead } = await import('#entities/lead.ts');

describe('vendor intake edges', () => {
  it('refuses a valid lead with a 5 MB extra member with 413', async () => {
    const answer = await fx.post({ Extra: 'x'.repeat(5 * 1024 * 1024) });
    expect([answer.status, answer.errors]).toEqual([413, [INTAKE_BODY_MESSAGES.bodyTooLarge]]);
  });

  it('stores the lead without NUL, zero-width or bidi-override characters', async () => {
    const answer = await fx.post({ FirstName: 'Pa\u200Bt\u0000', LastName: '\u202ELead', City: 'Chi\uFEFFcago' });
    expect(answer.status).toBe(201);
    const lead = await Lead.get({ leadId: answer.body.LeadId });
    expect(lead).toMatchObject({ firstName: 'Pat', lastName: 'Lead', city: 'Chicago' });
  });

  it('refuses a javascript: consent link and a consent time from 1970 with 400', async () => {
    const consent = { Text: 'I agree.', Timestamp: new Date().toISOString(), Ip: '203.0.113.5', PageUrl: 'https://example.com/quote' };
    const script = await fx.post({ Consent: { ...consent, PageUrl: 'javascript:alert(1)' } });
    expect([script.status, script.errors]).toEqual([400, ['Consent.PageUrl must be an http or https URL.']]);
    const old = await fx.post({ Consent: { ...consent, Timestamp: '1970-01-01T00:00:00Z' } });
    expect([old.status, old.errors]).toEqual([400, [INTAKE_BODY_MESSAGES.consentTooOld]]);
  });
});
