// The partner Leads page (issue 24): the vendor's leads of the range, each with its outcome and
// reasons, filtered by outcome and campaign through the server; a lead's drawer with the consent
// evidence the vendor sent and its return; cards on a phone; axe finds nothing wrong.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PartnerLeadDetail, PartnerLeadRow } from '#shared/api/partner-data.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { PartnerLeadsPage } from './leads-page.tsx';
import { leadsSearchSchema } from './leads-search.ts';
import { answerCalls, axeFindings, onPhone, pageOf, queriesOf, useTestSearch } from './partner-test-setup.tsx';
import { stubCallApi } from '@/testing/api-stub.ts';

stubCallApi();

const NOW = new Date('2026-03-30T17:00:00Z');
const row = (over: Partial<PartnerLeadRow>): PartnerLeadRow => ({
  LeadId: 'L-1', UserFacingLeadId: 101, SourceId: 'ACME-0001', LeadTimeStamp: '2026-03-29T15:00:00.000Z', LeadDate: '2026-03-29', CampaignId: 'C1', CampaignName: 'Health Web',
  FirstName: 'Pat', LastName: 'Lead', StateCode: 'IL', ZipCode: '60601', LeadStatus: 'Sold', Returned: false, Reasons: [], ...over,
});
const returned = row({ Returned: true });
const unsold = row({ LeadId: 'L-2', UserFacingLeadId: 102, SourceId: 'ACME-0002', LeadStatus: 'Unsold', StateCode: 'WY', ZipCode: '82001', Reasons: ['No active order takes this lead now.'] });
const detail: PartnerLeadDetail = {
  Lead: { ...returned, Answer: { Result: 'sold', Reasons: [] }, Consent: { Text: 'I agree to be contacted.', TextVersion: 'v3', At: '2026-03-29T14:59:00.000Z', Ip: '203.0.113.5', PageUrl: 'https://example.com/quote', CertificateUrl: 'https://cert.example.com/abc' } },
  Returns: [
    {
      LeadId: 'L-1', UserFacingLeadId: 101, SourceId: 'ACME-0001', LeadTimeStamp: returned.LeadTimeStamp, CampaignName: 'Health Web', VendorReason: 'WRONGNUMBER', Reason: 'Wrong number',
      Status: 'Approved', DisputedAt: '2026-03-30T10:00:00.000Z', DecidedAt: '2026-03-30T12:00:00.000Z', DecidedBy: 'Automatic check', Decision: 'Invalid phone: the exchange starts with 0 or 1.',
    },
  ],
};

const leadsCalls = () => queriesOf('partner.leads');

beforeEach(() =>
  answerCalls({
    'partner.leads': (options) => pageOf(options.query?.outcome === 'Returned' ? [returned] : [returned, unsold]),
    'partner.integration': () => ({ VendorId: 'V1', TokenLastFour: 'abcd', OpenApiUrl: '/api/intake/openapi.json', Campaigns: [{ CampaignId: 'C1', CampaignCode: 'HW', Name: 'Health Web', Active: true, RequiredFields: [], MinAge: 0, MaxAge: 0 }] }),
    'partner.lead': () => detail,
  }),
);

function Harness({ url = {} }: { url?: Record<string, unknown> }) {
  const [search, setSearch] = useTestSearch(leadsSearchSchema, url);
  return <PartnerLeadsPage vendorId="V1" search={search} setSearch={setSearch} now={NOW} />;
}

describe('the partner Leads page', () => {
  it('shows the last 30 days of leads with their outcome and reasons, and no buyer, as cards on a phone', async () => {
    onPhone();
    const { container } = renderWithProviders(<Harness />);
    expect(await screen.findByText('2 lead(s) found')).toBeTruthy();
    expect(leadsCalls()[0]).toEqual({ from: '2026-03-01', to: '2026-03-30', page: 1, pageSize: 25 });
    expect(container.querySelectorAll('table')).toHaveLength(0);
    const [first, second] = screen.getAllByRole('group').filter((g) => g.closest('[data-layout="cards"]'));
    within(first!).getByText('Sold, then returned');
    within(second!).getByText('Unsold');
    within(second!).getByText('No active order takes this lead now.');
    within(second!).getByText('ACME-0002');
    within(second!).getByText('WY 82001');
    expect(within(container).queryByText(/agent/i)).toBeNull();
  });

  it('asks the server for one outcome from the first page', async () => {
    const { user } = renderWithProviders(<Harness url={{ page: 3 }} />);
    await screen.findByText('2 lead(s) found');
    await user.click(screen.getAllByLabelText('Outcome').find((el) => el instanceof HTMLInputElement)!);
    await user.click(await screen.findByRole('option', { name: 'Returned', hidden: true }));
    expect(await screen.findByText('1 lead(s) found')).toBeTruthy();
    expect(leadsCalls().at(-1)).toEqual({ from: '2026-03-01', to: '2026-03-30', outcome: 'Returned', page: 1, pageSize: 25 });
  });

  it('refuses a range of more than 366 days in the server\u2019s words and asks nothing', async () => {
    renderWithProviders(<Harness url={{ from: '2024-01-01', to: '2026-03-30' }} />);
    expect(await screen.findByText('The date range can be at most 366 days.')).toBeTruthy();
    expect(leadsCalls()).toEqual([]);
  });

  it("opens a lead with the consent evidence the vendor sent and its return's decision", async () => {
    onPhone();
    const { user } = renderWithProviders(<Harness />);
    await screen.findByText('2 lead(s) found');
    await user.click(screen.getByRole('button', { name: 'Lead 101: details' }));
    const drawer = await screen.findByRole('dialog', { name: 'Lead 101' });
    await within(drawer).findByText('I agree to be contacted.');
    within(drawer).getByRole('row', { name: 'Text version v3' });
    within(drawer).getByRole('link', { name: 'https://cert.example.com/abc' });
    within(drawer).getByText('Invalid phone: the exchange starts with 0 or 1.');
    within(drawer).getByText('Approved: returned');
    within(drawer).getByText(/^Approved by an automatic check on /);
    expect(await axeFindings(drawer)).toEqual([]);
  });

  it.each([
    ['wide', false],
    ['phone', true],
  ])('has nothing axe finds wrong (%s layout)', async (_layout, phone) => {
    if (phone) onPhone();
    const { container } = renderWithProviders(<Harness />);
    await screen.findByText('2 lead(s) found');
    await waitFor(() => expect(screen.getAllByText('Health Web').length + container.querySelectorAll('table').length).toBeGreaterThan(0));
    expect(await axeFindings(container)).toEqual([]);
  });
});
