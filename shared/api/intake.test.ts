// The vendor lead body's edge rules (issue 22 attack findings): invisible characters leave the lead's
// fields, consent links are http(s) only, and the consent time lies within a sane window of the clock.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTAKE_BODY_MESSAGES, intakeLeadBodySchema } from './intake.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const body = (over: Record<string, unknown> = {}, consent: Record<string, unknown> = {}) => ({
  CampaignCode: 'ABC',
  VendorLeadId: 'v-1',
  FirstName: 'Pat',
  LastName: 'Lead',
  PrimaryPhone: '3125550100',
  StateCode: 'IL',
  ZipCode: '60601',
  ...over,
  Consent: { Text: 'I agree.', Timestamp: NOW.toISOString(), Ip: '203.0.113.5', PageUrl: 'https://example.com/quote', ...consent },
});
const messages = (input: unknown) => intakeLeadBodySchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

afterEach(() => vi.useRealTimers());

describe('intake lead body', () => {
  it('removes NUL, controls, zero-width and bidi-override marks; one-line fields turn line breaks into spaces', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const parsed = intakeLeadBodySchema.parse(
      body({ FirstName: 'Pa\u200Bt\u0000', LastName: 'Le\u202Ead\nJr', City: '\uFEFFChicago\u2066', VendorLeadId: 'v-\u00001' }, { Text: 'I agree\nto be called.\u200D' }),
    );
    expect(parsed).toMatchObject({ FirstName: 'Pat', LastName: 'Lead Jr', City: 'Chicago', VendorLeadId: 'v-1', Consent: { Text: 'I agree\nto be called.' } });
  });

  it('refuses a field made only of invisible characters as missing', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    expect(messages(body({ FirstName: '\u200B\u202E' }))).toEqual(['FirstName is required.']);
  });

  it('takes http and https consent links only', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    expect(messages(body({}, { PageUrl: 'javascript:alert(1)' }))).toEqual(['Consent.PageUrl must be an http or https URL.']);
    expect(messages(body({}, { CertificateUrl: 'data:text/html,hi' }))).toEqual(['Consent.CertificateUrl must be an http or https URL.']);
    expect(messages(body({}, { PageUrl: 'http://example.com/a', CertificateUrl: 'https://cert.example.com/1' }))).toEqual([]);
  });

  it('takes a consent time up to 5 minutes ahead of the clock and up to a year old', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
    expect(messages(body({}, { Timestamp: at(5 * 60_000) }))).toEqual([]);
    expect(messages(body({}, { Timestamp: at(5 * 60_000 + 1000) }))).toEqual([INTAKE_BODY_MESSAGES.consentInFuture]);
    expect(messages(body({}, { Timestamp: at(-365 * 86_400_000) }))).toEqual([]);
    expect(messages(body({}, { Timestamp: at(-366 * 86_400_000) }))).toEqual([INTAKE_BODY_MESSAGES.consentTooOld]);
    expect(messages(body({}, { Timestamp: '1970-01-01T00:00:00Z' }))).toEqual([INTAKE_BODY_MESSAGES.consentTooOld]);
  });

  it('drops members the contract does not name', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    expect(intakeLeadBodySchema.parse({ ...body(), Extra: 'x'.repeat(100) })).not.toHaveProperty('Extra');
  });
});
