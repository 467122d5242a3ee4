// My Leads' table and its empty text (part 3 §8): the text is in the page only when there are no rows,
// so a screen reader never reads 'No results found' over a table full of leads (issue 19, item 10).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render.tsx';
import type { AgentLead, AgentLeadsPage } from './api/get-agent-leads.ts';
import { LeadsTable, NO_LEADS, type LeadsTableView } from './leads-table.tsx';
import { testLead } from './test-lead.ts';

const view: LeadsTableView = { showSource: false, distribution: 'all', canDispute: () => false };

function pageOf(leads: AgentLead[]): AgentLeadsPage {
  return {
    AgentId: 'A1', StartDate: '2026-11-20', EndDate: '2026-11-24', TimeZone: 'Central', Distribution: 'all',
    TotalCount: leads.length, Page: 1, PageSize: 10, TotalPages: leads.length ? 1 : 0, Leads: leads,
    Choices: { Funds: [], Campaigns: [], Vendors: [] },
  };
}

const renderTable = (page: AgentLeadsPage) =>
  renderWithProviders(<LeadsTable page={page} view={view} fetching={false} onPageChange={() => undefined} onDispute={() => undefined} onDetails={() => undefined} />);

describe('LeadsTable', () => {
  it("keeps 'No results found for the selected date period.' out of the page while rows show", () => {
    renderTable(pageOf([testLead()]));
    // The wide table (the test DOM draws its rows, not its cells: column visibility is a media query).
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.queryByText(NO_LEADS)).toBeNull();
  });

  it("shows 'No results found for the selected date period.' when the period has no leads", () => {
    renderTable(pageOf([]));
    expect(screen.getByText(NO_LEADS)).toBeTruthy();
  });
});
