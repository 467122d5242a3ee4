// A My Leads row for component tests: a received, disputable lead; tests name only what they are about.
import type { AgentLead } from './api/get-agent-leads.ts';

export function testLead(over: Partial<AgentLead> = {}): AgentLead {
  return {
    LeadId: 'L1', UserFacingLeadId: 1001, UserFacingOrderId: 12, LeadTimeStamp: '2026-11-24T16:30:00.000Z', LeadDate: '2026-11-24',
    FundId: 'F1', FundName: 'Health Fund', CampaignId: 'C1', SourceCampaignName: 'Health Web', VendorId: 'V1', VendorName: 'Acme Leads',
    FirstName: 'Pat', LastName: 'Lead', BirthDate: '1970-05-01', Email: 'pat@example.com', PrimaryPhone: '3125550100', Address1: '1 Main St',
    City: 'Chicago', StateCode: 'IL', ZipCode: '60601', AgentPurchasePrice: 25, CompanyPurchasePrice: 5, Score: 700, LeadStatus: 'Sold',
    DisputeStatus: null, DisputeDateTime: null, HasDispute: false, AllowDisputes: true, DisputeOpenUntil: '2099-01-01T00:00:00.000Z',
    AffiliateCode: null, UniversalLeadId: null, AgentId: 'A1', AgentFirstName: 'Sofia', AgentLastName: 'Sponsor', RecipientAgentId: 'A1',
    RecipientFirstName: 'Sofia', RecipientLastName: 'Sponsor', Distribution: 'received',
    Why: 'Matched your order 12: state IL, Tuesday 10:30 Central, 3 today.',
    Consent: { Text: 'I agree to be called.', TextVersion: '2026-11-01', At: '2026-11-24T16:29:00.000Z', Ip: '203.0.113.5', PageUrl: 'https://example.com/quote', CertificateUrl: 'https://cert.trustedform.com/abc123' },
    ...over,
  };
}
