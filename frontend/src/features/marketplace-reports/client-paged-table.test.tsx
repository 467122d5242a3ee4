import { screen } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { PHONE_QUERY } from '@/components/server-data-table.tsx';
import { renderWithProviders } from '@/testing/render.tsx';
import { campaignPerformanceCsv, CAMPAIGN_PERFORMANCE_PAGE_SIZE } from './campaign-performance-report.tsx';
import { ClientPagedTable } from './client-paged-table.tsx';

const rows = Array.from({ length: 60 }, (_, i) => ({ Name: `Row ${i + 1}` }));

describe('ClientPagedTable', () => {
  it('shows 50 rows a page and the rest on the next page', async () => {
    // The phone layout (one card a row) renders its cells in the test DOM; the wide table's are drawn by CSS media queries.
    const desktop = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...desktop(query), matches: query === PHONE_QUERY });
    onTestFinished(() => void (window.matchMedia = desktop));
    const { user } = renderWithProviders(<ClientPagedTable label="Rows" rows={rows} columns={[{ accessor: 'Name' }]} pageSize={CAMPAIGN_PERFORMANCE_PAGE_SIZE} />);
    const cells = () => screen.getAllByRole('group').map((c) => c.textContent?.replace('Name', ''));
    expect(cells()).toHaveLength(50);
    expect(cells().at(-1)).toBe('Row 50');
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(cells()).toEqual(rows.slice(50).map((r) => r.Name));
  });
});

describe('report CSV files', () => {
  it('write money with two decimals and quote formula-like cells', () => {
    const csv = campaignPerformanceCsv([
      { Fund: '=Fund', Vendor: 'Acme', Campaign: 'Health, Web', AgentPrice: 25, CompanyPrice: 7.5, LeadsPurchased: 2, LeadsCredited: 0, TotalLeads: 2, AverageScore: 0, TotalLeadCost: 15 },
    ]).split('\r\n');
    expect(csv[1]).toBe(`"'=Fund",Acme,"Health, Web",25.00,7.50,2,0,2,0,15.00`);
  });

});
