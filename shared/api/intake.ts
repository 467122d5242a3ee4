// The vendor lead-posting API (issue 11): a vendor posts one lead with its bearer token; the answer
// says whether it sold. The same schemas make the OpenAPI document (shared/api/openapi.ts) served at
// /api/openapi.json, whose vendor subset is served at /api/intake/openapi.json.
import { z } from 'zod';
import { US_STATES } from '../lookups.ts';
import { areaContract, built, noBody } from './define.ts';

/** A lead post's largest body: the fields' limits (the consent text's 5,000 characters at most) with room to spare. */
export const INTAKE_MAX_BODY_BYTES = 32 * 1024;
export const INTAKE_BODY_MESSAGES = {
  bodyTooLarge: `The lead sent is larger than ${INTAKE_MAX_BODY_BYTES / 1024} KB.`,
  consentInFuture: 'Consent.Timestamp cannot be in the future.',
  consentTooOld: 'Consent.Timestamp cannot be more than a year old.',
} as const;

/** Characters no lead field keeps: NUL and the other controls, zero-width and bidirectional-override marks. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
/** One-line text: the invisible characters removed, line breaks and tabs made spaces. */
const oneLine = (s: string) => s.replace(/[\t\r\n]+/g, ' ').replace(INVISIBLE, '').trim();
const text = (label: string, max: number) => z.string().overwrite(oneLine).min(1, `${label} is required.`).max(max, `${label} must be at most ${max} characters.`);
const optionalText = (label: string, max: number) => z.string().overwrite(oneLine).max(max, `${label} must be at most ${max} characters.`).optional();
/** A consent link: http or https only (never javascript: or data:). */
const webUrl = (label: string) => z.url({ protocol: /^https?$/, message: `${label} must be an http or https URL.` }).max(2000);
/** Clock skew a vendor's consent time may have ahead of ours. */
const CONSENT_SKEW_MS = 5 * 60_000;
const CONSENT_MAX_AGE_MS = 365 * 86_400_000;

/** A lead body as docs/intake-api.md's curl line posts it (the API reference's example; Consent.Timestamp must be recent when sent). */
export const INTAKE_LEAD_EXAMPLE = {
  CampaignCode: 'HWL',
  VendorLeadId: 'demo-1',
  FirstName: 'Pat',
  LastName: 'Demo',
  PrimaryPhone: '3125550142',
  Email: 'pat@example.com',
  Address1: '1 Main St',
  City: 'Chicago',
  StateCode: 'IL',
  ZipCode: '60601',
  BirthDate: '1970-05-01',
  Consent: { Text: 'I agree to be contacted.', Timestamp: '2026-01-01T10:00:00Z', Ip: '203.0.113.5', PageUrl: 'https://example.com/quote' },
};

/** A ping body as docs/intake-api.md's curl line sends it. */
export const INTAKE_PING_EXAMPLE = { CampaignCode: 'MLT', CallerId: '(312) 555-0142', StateCode: 'IL', ZipCode: '60601' };

export const intakeLeadBodySchema = z.object({
  CampaignCode: text('CampaignCode', 50).describe("The campaign's code, as on the campaign"),
  VendorLeadId: text('VendorLeadId', 100).describe('Your own id of this lead: a retry with the same id answers the first result and creates nothing'),
  FirstName: text('FirstName', 50),
  LastName: text('LastName', 50),
  Email: z.email('Email is invalid.').max(254).optional(),
  PrimaryPhone: z
    .string()
    .transform((s) => s.replace(/\D/g, ''))
    .refine((s) => /^[2-9]\d{9}$/.test(s), 'PrimaryPhone must be a 10-digit US phone number.')
    .describe('10 digits; punctuation is ignored'),
  Address1: optionalText('Address1', 100),
  City: optionalText('City', 50),
  StateCode: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'StateCode must be a two-letter state code.'),
  ZipCode: z.string().trim().regex(/^\d{5}$/, 'ZipCode must be 5 digits.'),
  BirthDate: z.iso.date('BirthDate must be a date written YYYY-MM-DD.').optional(),
  Gender: z.enum(['M', 'F', 'U'], 'Gender must be M, F or U.').optional(),
  Score: z.number('Score must be a number.').min(0).max(100_000).optional(),
  UniversalLeadId: optionalText('UniversalLeadId', 100),
  AffiliateCode: optionalText('AffiliateCode', 50),
  Consent: z
    .object({
      Text: z
        .string()
        .overwrite((s) => s.replace(INVISIBLE, '').trim())
        .min(1, 'Consent.Text is required.')
        .max(5000, 'Consent.Text must be at most 5000 characters.')
        .describe('The consent text the consumer saw'),
      Timestamp: z.iso
        .datetime({ offset: true, message: 'Consent.Timestamp must be an ISO-8601 time.' })
        .refine((t) => Date.parse(t) <= Date.now() + CONSENT_SKEW_MS, INTAKE_BODY_MESSAGES.consentInFuture)
        .refine((t) => Date.parse(t) >= Date.now() - CONSENT_MAX_AGE_MS, INTAKE_BODY_MESSAGES.consentTooOld)
        .describe('When the consumer consented: not in the future (5 minutes of clock skew allowed), at most a year ago'),
      Ip: z.union([z.ipv4(), z.ipv6()], 'Consent.Ip must be an IP address.'),
      PageUrl: webUrl('Consent.PageUrl'),
      TextVersion: optionalText('Consent.TextVersion', 50).describe('The version of the consent text (your own label, e.g. a date), kept with the lead'),
      CertificateUrl: webUrl('Consent.CertificateUrl').optional().describe('A consent certificate (TrustedForm-style) URL; required by campaigns that ask for one'),
    }, 'Consent is required.')
    .describe('Evidence of the consumer\u2019s consent, kept with the lead'),
}).meta({ examples: [INTAKE_LEAD_EXAMPLE] });
export type IntakeLeadBody = z.input<typeof intakeLeadBodySchema>;

export const intakeLeadAnswerSchema = z.object({
  LeadId: z.string(),
  UserFacingLeadId: z.number().int(),
  Result: z.enum(['sold', 'unsold', 'duplicate', 'rejected']),
  Reasons: z.array(z.string()).optional(),
});

/** A lead posted with the sandbox token (issue 24): what would have happened; nothing was stored, sold or charged. */
export const sandboxLeadAnswerSchema = z
  .object({
    LeadId: z.string().describe('The sandbox lead\u2019s id: a retry with the same VendorLeadId answers the same'),
    Sandbox: z.literal(true),
    Result: z.enum(['sold', 'unsold', 'duplicate', 'rejected']).describe('What would have happened to a real lead'),
    Reasons: z.array(z.string()).optional(),
    VendorPrice: z.number().optional().describe('Dollars you would have been paid, when it would have sold'),
    Sales: z.number().int().optional().describe('How many agents would have bought it (a shared lead: up to 3), when it would have sold'),
  })
  .describe('Sandbox token: what would have happened');
export type SandboxLeadAnswer = z.infer<typeof sandboxLeadAnswerSchema>;

/**
 * A live-transfer ping (issue 11): would the campaign buy a call from this caller now? CallerId takes
 * digits with the usual phone punctuation only (spaces, dots, dashes, parentheses, a leading +1).
 */
export const intakePingBodySchema = z.object({
  CampaignCode: text('CampaignCode', 50).describe("The campaign's code, as on the campaign"),
  CallerId: z
    .string()
    .trim()
    .max(20, 'CallerId must be a 10-digit US phone number.')
    .regex(/^[\d\s().+-]*$/, 'CallerId must be a 10-digit US phone number.')
    .transform((s) => s.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, ''))
    .refine((s) => /^[2-9]\d{9}$/.test(s), 'CallerId must be a 10-digit US phone number.')
    .describe("The caller's phone: 10 digits; spaces, dots, dashes, parentheses and a leading +1 are ignored"),
  StateCode: z
    .string()
    .trim()
    .toUpperCase()
    .refine((s) => US_STATES.some((st) => st.StateAbbreviation === s), 'StateCode must be a two-letter US state code.')
    .describe("The caller's two-letter US state code"),
  ZipCode: z.string().trim().regex(/^\d{5}$/, 'ZipCode must be 5 digits.').describe("The caller's 5-digit zip; it must lie in StateCode"),
}).meta({ examples: [INTAKE_PING_EXAMPLE] });
export type IntakePingBody = z.input<typeof intakePingBodySchema>;

export const intakePingAnswerSchema = z.object({
  PingId: z.string().describe('The id the ping is recorded under (Ping History)'),
  Result: z.enum(['bid', 'noBid']),
  /** Dollars the campaign pays for the call (the zip's entry, else the state's); null without a bid. */
  BidAmount: z.number().nullable().describe("Dollars the campaign pays for the call (the zip's entry, else the state's); null without a bid"),
  /** Why there is no bid; empty with a bid. */
  ErrorMessages: z.array(z.string()).describe('Why there is no bid; empty with a bid'),
  /** A ping with the sandbox token (issue 24): answered the same, not recorded. */
  Sandbox: z.literal(true).optional().describe('Present with the sandbox token: the ping was answered, not recorded'),
});
export type IntakePingAnswer = z.infer<typeof intakePingAnswerSchema>;

export const intakeApi = areaContract<'intake'>()({
  'intake.postLead': built({ body: intakeLeadBodySchema, response: z.union([intakeLeadAnswerSchema, sandboxLeadAnswerSchema]).describe('Stored: sold, unsold, duplicate or rejected (see Reasons); with the sandbox token, what would have happened (Sandbox: true)'), status: 201 }),
  'intake.ping': built({ body: intakePingBodySchema, response: intakePingAnswerSchema }),
  'intake.openapi': built({ body: noBody, response: z.record(z.string(), z.unknown()).describe('The vendor API\'s OpenAPI 3.1 document') }),
  'intake.apiDocument': built({ body: noBody, response: z.record(z.string(), z.unknown()).describe('The whole API\'s OpenAPI 3.1 document') }),
});
