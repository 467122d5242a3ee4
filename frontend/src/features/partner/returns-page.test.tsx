// The partner Returns page (issue 24): the disputes of the vendor's leads with the reason, the decision
// and its evidence, filtered by status through the server; cards on a phone; axe finds nothing wrong.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PartnerReturn } from '#shared/api/partner-data.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { answerCalls, axeFindings, onPhone, pageOf, queriesOf, useTestSearch } from './partner-test-setup.tsx';
import { PartnerReturnsPage } from './returns-page.tsx';
import { returnsSearchSchema } from './returns-search.ts';
import { stubCallApi } from '@/testing/api-stub.ts';

stubCallApi();

const NOW = new Date('2026-03-30T17:00:00Z');
const approved: PartnerReturn = {
  LeadId: 'L-1', UserFacingLeadId: 101, SourceId: 'ACME-0001', LeadTimeStamp: '2026-03-29T15:00:00.000Z', CampaignName: 'Health Web', VendorReason: 'NOTINTERESTED', Reason: 'Not interested',
  Status: 'Approved', DisputedAt: '2026-03-30T10:00:00.000Z', DecidedAt: '2026-03-30T12:00:00.000Z', DecidedBy: 'Staff', Decision: 'The consumer never asked for a quote: checked the call.',
};
const waiting: PartnerReturn = { ...approved, LeadId: 'L-2', UserFacingLeadId: 102, SourceId: 'ACME-0002', Status: 'Submitted', DecidedAt: null, DecidedBy: null, Decision: null };

const returnsCalls = () => queriesOf('partner.returns');

beforeEach(() =>
  answerCalls({
    'partner.returns': (options) => pageOf([approved, waiting].filter((r) => !options.query?.status || r.Status === options.query.status)),
  }),
);

function Harness({ url = {} }: { url?: Record<string, unknown> }) {
  const [search, setSearch] = useTestSearch(returnsSearchSchema, url);
  return <PartnerReturnsPage vendorId="V1" search={search} setSearch={setSearch} now={NOW} />;
}

describe('the partner Returns page', () => {
  it('shows the last 90 days of disputes with the reason, the decision and its evidence', async () => {
    onPhone();
    renderWithProviders(<Harness />);
    expect(await screen.findByText('2 dispute(s) found')).toBeTruthy();
    expect(returnsCalls()[0]).toEqual({ from: '2025-12-31', to: '2026-03-30', page: 1, pageSize: 25 });
    const [first, second] = screen.getAllByRole('group').filter((g) => g.closest('[data-layout="cards"]'));
    within(first!).getByText('Not interested');
    within(first!).getByText('Approved: returned');
    within(first!).getByText(/^Approved by staff on /);
    within(first!).getByText('The consumer never asked for a quote: checked the call.');
    within(second!).getByText('Waiting for a decision', { selector: '.mantine-Badge-label' });
    within(second!).getByText('Waiting for a decision.');
  });

  it('asks the server for one status from the first page', async () => {
    const { user } = renderWithProviders(<Harness url={{ page: 2 }} />);
    await screen.findByText('2 dispute(s) found');
    await user.click(screen.getAllByLabelText('Status').find((el) => el instanceof HTMLInputElement)!);
    await user.click(await screen.findByRole('option', { name: 'Denied', hidden: true }));
    expect(await screen.findByText('0 dispute(s) found')).toBeTruthy();
    expect(returnsCalls().at(-1)).toEqual({ from: '2025-12-31', to: '2026-03-30', status: 'Denied', page: 1, pageSize: 25 });
  });

  it.each([
    ['wide', false],
    ['phone', true],
  ])('has nothing axe finds wrong (%s layout)', async (_layout, phone) => {
    if (phone) onPhone();
    const { container } = renderWithProviders(<Harness />);
    await screen.findByText('2 dispute(s) found');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(await axeFindings(container)).toEqual([]);
  });
});
