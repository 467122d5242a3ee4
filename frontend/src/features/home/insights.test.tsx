import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '@/testing/query-client.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { AgentInsightsCard, AGENT_INSIGHTS_TITLE } from './agent-insights-card.tsx';
import { agentInsightsQueryOptions, type AgentInsights } from './api/get-agent-insights.ts';
import { staffInsightsQueryOptions, type StaffInsights as StaffData } from './api/get-staff-insights.ts';
import { StaffInsights, STAFF_TITLES } from './staff-insights.tsx';

const days = (n: number) => Array.from({ length: n }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);

const agent: AgentInsights = {
  TimeZone: 'America/New_York',
  Days: days(30).map((Day, i) => ({ Day, Leads: i === 29 ? 3 : 0, Spend: i === 29 ? 75 : 0 })),
  TotalLeads: 3,
  TotalSpend: 75,
  Balance: 25,
  SpendLast14Days: 75,
  Forecast: { Kind: 'lasts', Days: 4, Text: "At your last 14 days' pace your balance lasts about 4 days." },
};

const zeroDay = { LeadsReceived: 0, LeadsSold: 0, FillRate: null, Sales: 0, Revenue: 0, VendorCost: 0, Margin: 0 };
const staff: StaffData = {
  Days: days(30).map((Day, i) => (i === 29 ? { Day, LeadsReceived: 5, LeadsSold: 3, FillRate: 0.6, Sales: 3, Revenue: 75, VendorCost: 15, Margin: 60 } : { Day, ...zeroDay })),
  Totals: { LeadsReceived: 5, LeadsSold: 3, FillRate: 0.6, Sales: 3, Revenue: 75, VendorCost: 15, Margin: 60 },
  StarvingOrders: [{ OrderId: 'O1', UserFacingOrderId: 1042, AgentId: 'A1', AgentName: 'Dana Diaz', LeadsLast7Days: 0, CapLast7Days: 28, FillPercent: 0 }],
  UnsoldSupply: [{ Campaign: 'Health Web Leads', Vendor: 'ACME', State: 'MI', Received: 2, Unsold: 2 }],
  CappedActiveOrders: 4,
};

describe('the agent Home insights', () => {
  it('shows the forecast, a caption summing the 30 days, and every day in a table for screen readers', () => {
    const client = createTestQueryClient();
    client.setQueryData(agentInsightsQueryOptions('A1').queryKey, agent);
    renderWithProviders(<AgentInsightsCard agentId="A1" />, { queryClient: client });
    const card = screen.getByRole('region', { name: AGENT_INSIGHTS_TITLE });
    within(card).getByText("At your last 14 days' pace your balance lasts about 4 days.");
    within(card).getByText('3 leads bought for $75.00 from 03/01/2026 to 03/30/2026 (days in America/New_York); the most spent in a day was $75.00 on 03/30/2026.');
    const table = within(card).getByRole('table', { name: 'Spend and leads per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    within(table).getByRole('row', { name: '03/30/2026 $75.00 3' });
  });

  it("says so when nothing was bought", () => {
    const client = createTestQueryClient();
    client.setQueryData(agentInsightsQueryOptions('A2').queryKey, { ...agent, Days: agent.Days.map((d) => ({ ...d, Leads: 0, Spend: 0 })), TotalLeads: 0, TotalSpend: 0 });
    renderWithProviders(<AgentInsightsCard agentId="A2" />, { queryClient: client });
    screen.getByText('No leads bought from 03/01/2026 to 03/30/2026 (days in America/New_York).');
  });
});

describe('the staff Home insights', () => {
  it('shows both charts with their captions, the definitions, the starving orders and the unsold supply', () => {
    const client = createTestQueryClient();
    client.setQueryData(staffInsightsQueryOptions.queryKey, staff);
    renderWithProviders(<StaffInsights />, { queryClient: client });
    within(screen.getByRole('region', { name: STAFF_TITLES.money })).getByText(
      "3 sales brought $75.00 of revenue in the last 30 days; the vendors' price of the leads sold was $15.00, a margin of $60.00.",
    );
    const leads = screen.getByRole('region', { name: STAFF_TITLES.leads });
    within(leads).getByText('3 leads sold of 5 leads received in the last 30 days: a fill rate of 60%.');
    within(leads).getByRole('row', { name: '03/30/2026 5 3 60%' });
    screen.getByTestId('insights-definitions');
    within(screen.getByRole('region', { name: STAFF_TITLES.starving })).getByRole('row', { name: '1042 Dana Diaz 0 / 28 0%' });
    within(screen.getByRole('region', { name: STAFF_TITLES.unsold })).getByRole('row', { name: 'Health Web Leads ACME MI 2 / 2' });
  });
});
