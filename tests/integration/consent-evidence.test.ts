// Consent certificates (issue 24, "Compliance at intake"): a campaign that requires a consent
// certificate refuses a vendor lead without Consent.CertificateUrl (400, nothing stored) and takes one
// with it; the consent text's version and the certificate are kept with the lead; the lead's consent
// evidence shows to staff (the lead's page) and to the agent who bought it (My Leads), and to no other
// agent (the routes' ownership rules, checked here rather than assumed).
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const api = useApiHarness();
const fx = useLeadFixture(api, { codeLetter: 'K', validation: { consentCertificateRequired: true }, firstPhone: 6085551000 });
const { Lead } = await import('#entities/lead.ts');
const { CRITERIA_MESSAGES } = await import('#core/leads/rules.ts');
const { reportDay } = await import('#platform/report-day.ts');

const CERTIFICATE = 'https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567';
const consent = (over: Record<string, unknown> = {}) => ({
  Text: 'I agree to be contacted by licensed agents.',
  Timestamp: new Date(Date.now() - 60_000).toISOString(),
  Ip: '203.0.113.5',
  PageUrl: 'https://example.com/quote',
  ...over,
});

let admin: Session;
let buyer: { agentId: string; session: Session };
let other: { agentId: string; session: Session };
let sold: { LeadId: string; UserFacingLeadId: number };

beforeAll(async () => {
  admin = await api.sessionFor('admin');
  buyer = await fx.agentWithOrder({ state: 'IL', zip: '60601', balanceCents: 50_000, withSession: true });
  // Another agent with an order elsewhere: never sold this lead.
  other = await fx.agentWithOrder({ state: 'WI', zip: '53703', balanceCents: 50_000, withSession: true });
  const answer = await fx.post({ Consent: consent({ TextVersion: 'v2026-11', CertificateUrl: CERTIFICATE }) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect(answer.body.Result).toBe('sold');
  sold = answer.body;
}, 120_000);

describe('a campaign that requires a consent certificate', () => {
  it('refuses a vendor lead without one with 400 and the criterion message, storing nothing', async () => {
    const phone = fx.nextPhone();
    const answer = await fx.post({ PrimaryPhone: phone, Consent: consent() });
    expect(answer.status).toBe(400);
    expect(answer.errors).toEqual([CRITERIA_MESSAGES.consentCertificate]);
    expect(await Lead.query.withPhone(phone).all()).toEqual([]);
  });

  it('refuses a certificate that is not a web address with the field message', async () => {
    const answer = await fx.post({ Consent: consent({ CertificateUrl: 'javascript:alert(1)' }) });
    expect(answer.status).toBe(400);
    expect(answer.errors).toEqual(['Consent.CertificateUrl must be an http or https URL.']);
  });

  it('takes a lead with one, keeping the certificate and the consent text version with it', async () => {
    const lead = await Lead.get({ leadId: sold.LeadId }, { consistent: true });
    expect(lead?.consent).toMatchObject({ text: 'I agree to be contacted by licensed agents.', textVersion: 'v2026-11', certificateUrl: CERTIFICATE, ip: '203.0.113.5', pageUrl: 'https://example.com/quote' });
  });

  it('shows the requirement on the campaign', async () => {
    const campaign = await api.call('campaigns.get', { session: admin, params: { campaignId: fx.ids.campaign } });
    expect(campaign.status).toBe(200);
    expect(campaign.body.CampaignValidation.ConsentCertificateRequired).toBe(true);
  });
});

describe('the consent evidence on the lead pages', () => {
  const day = () => reportDay(new Date().toISOString());
  const evidence = { Text: 'I agree to be contacted by licensed agents.', TextVersion: 'v2026-11', Ip: '203.0.113.5', PageUrl: 'https://example.com/quote', CertificateUrl: CERTIFICATE, At: expect.any(String) };

  it('shows to staff on the lead', async () => {
    const detail = await api.call('leads.detail', { session: admin, params: { leadId: String(sold.UserFacingLeadId) }, query: {} });
    expect(detail.status).toBe(200);
    expect(detail.body.Lead.Consent).toEqual(evidence);
  });

  it('shows to the agent who bought the lead', async () => {
    const mine = await api.call('leads.listForAgent', { session: buyer.session, params: { agentId: buyer.agentId, startDate: day(), endDate: day() } });
    expect(mine.status).toBe(200);
    expect(mine.body.Leads.find((l) => l.LeadId === sold.LeadId)?.Consent).toEqual(evidence);
  });

  it('does not show to another agent: their own leads do not hold it and the buyer\'s are refused them', async () => {
    const theirs = await api.call('leads.listForAgent', { session: other.session, params: { agentId: other.agentId, startDate: day(), endDate: day() } });
    expect(theirs.status).toBe(200);
    expect(theirs.body.Leads.some((l) => l.LeadId === sold.LeadId)).toBe(false);
    const buyers = await api.call('leads.listForAgent', { session: other.session, params: { agentId: buyer.agentId, startDate: day(), endDate: day() } });
    expect(buyers.status).toBe(403);
    expect((await api.call('leads.detail', { session: other.session, params: { leadId: String(sold.UserFacingLeadId) }, query: {} })).status).toBe(403);
  });
});
