import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render.tsx';
import type { LeadDetail } from '#shared/api/all-leads.ts';
import { LeadDetailBody } from './lead-detail-drawer.tsx';

const person = (AgentId: string, FirstName: string | null, LastName: string | null) => ({ AgentId, FirstName, LastName });

const detail: LeadDetail = {
  Lead: {
    LeadId: 'l-1', UserFacingLeadId: 100042, LeadTimeStamp: '2026-03-03T16:30:00.000Z', LeadDate: '2026-03-03', CampaignId: 'C1', SourceCampaignName: 'Health Web',
    VendorId: 'V1', VendorName: 'Acme Leads', FirstName: 'Pat', LastName: 'Lead', PrimaryPhone: '3125550101', Email: null, City: 'Chicago', StateCode: 'IL', ZipCode: '60601',
    Score: null, LeadStatus: 'Sold', SaleCount: 1, Source: 'vendor', Address1: null, BirthDate: null, Gender: null, UniversalLeadId: null, AffiliateCode: null,
    AllowDisputes: true, MaxSales: 1, Reasons: [], Consent: { Text: 'I agree.', TextVersion: null, At: '2026-03-03T16:29:00.000Z', Ip: '203.0.113.5', PageUrl: 'https://example.com', CertificateUrl: null },
  },
  Routing: { RuleId: 'default', RuleName: 'Default', RoutedTo: 'post', CallCenterList: null },
  Sales: [
    {
      Agent: person('A2', 'Robin', 'Rich'), Recipient: person('A3', 'Dana', 'Down'), OrderId: 'o-2', UserFacingOrderId: 7002, FundId: 'F1', FundName: 'Health Fund',
      AgentPurchasePrice: 25, CompanyPurchasePrice: 5, SoldAt: '2026-03-03T16:30:00.000Z', Why: 'matched your order 7002: state IL, Tuesday 10:30 Central, 1 of 10 today',
    },
  ],
  Disputes: [],
  Trace: [
    { OrderId: 'o-1', UserFacingOrderId: 7001, Agent: person('A1', 'Poe', 'Poor'), TookLead: false, Reason: 'The balance (with the credit line) does not cover the price.' },
    { OrderId: 'o-9', UserFacingOrderId: null, Agent: person('A9', null, null), TookLead: false, Reason: 'The order is paused.' },
    { OrderId: 'o-2', UserFacingOrderId: 7002, Agent: person('A2', 'Robin', 'Rich'), TookLead: true, Reason: '' },
  ],
  TraceOmitted: [
    { Reason: 'The agent is not active.', Count: 1 },
    { Reason: "The schedule does not cover Tuesday 22:00 in the agent's time zone.", Count: 812 },
  ],
};

describe('the lead detail for staff', () => {
  it('tells in plain words who bought the lead, why, and why every other order was passed over', () => {
    renderWithProviders(<LeadDetailBody detail={detail} timeZone={null} />);
    expect(screen.getByText(`The routing rule "Default" sent it to the post target: the agents' orders.`)).toBeTruthy();
    expect(
      screen.getByText('Bought by Robin Rich (A2) through order #7002 from the fund Health Fund for $25.00 (company price $5.00), delivered to Dana Down (A3).'),
    ).toBeTruthy();
    expect(screen.getByText('Why: matched your order 7002: state IL, Tuesday 10:30 Central, 1 of 10 today')).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'Orders considered' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toEqual([
      'Order #7001 of Poe Poor (A1) was passed over: The balance (with the credit line) does not cover the price.',
      'Order o-9 of A9 was passed over: The order is paused.',
      'Order #7002 of Robin Rich (A2) took the lead.',
    ]);
    const others = within(screen.getByRole('list', { name: 'Other orders passed over' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(others).toEqual(['1 more order was passed over: The agent is not active.', "812 more orders were passed over: The schedule does not cover Tuesday 22:00 in the agent's time zone."]);
    expect(within(screen.getByRole('table', { name: 'The lead' })).getByText('(312) 555-0101')).toBeTruthy();
  });

  it("shows a dispute's reason in the vendor's words, not its code (issue 19, item 15)", () => {
    const dispute = {
      AgentId: 'A2', SubmittedBy: 'A3', VendorReason: 'BAD_PHONE', UserFacingReason: 'Phone number is disconnected or wrong', UserComments: 'Disconnected',
      DisputeStatus: 'Submitted' as const, DisputeDateTime: '2026-03-04T16:00:00.000Z', DecidedAt: null, DecidedBy: null, DecisionReason: null,
    };
    renderWithProviders(<LeadDetailBody detail={{ ...detail, Disputes: [dispute] }} timeZone={null} />);
    expect(screen.getByText('Phone number is disconnected or wrong: Disconnected')).toBeTruthy();
    expect(screen.queryByText(/BAD_PHONE/)).toBeNull();
  });
});
