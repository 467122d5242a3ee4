import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { PHONE_QUERY } from '@/components/server-data-table.tsx';
import { renderWithProviders } from '@/testing/render.tsx';
import { useInternalLeadsReport } from './internal-leads-report.tsx';
import type { DownloadLink } from './report-format.ts';

stubCallApi();

const lead = (i: number) => ({
  FirstName: `First${i}`, LastName: 'Lead', City: 'Chicago', StateCode: 'IL', ZipCode: '60606', Status: 'Sold', Email: '', PrimaryPhone: '3125550100',
  IsTargeted: true, VendorName: '', LeadType: 'Health', ContractId: 'HWI-2040', CrmLob: 'Health', Date: '2026-03-10T15:00:00.000Z',
});
const ALL = Array.from({ length: 30 }, (_, i) => lead(i + 1));
const RANGE = { startDate: '2026-03-01', endDate: '2026-03-31' };

let exported: Promise<DownloadLink> | undefined;
function Harness() {
  const parts = useInternalLeadsReport();
  return (
    <>
      {parts.children}
      <button type="button" onClick={() => parts.onSubmit(RANGE)}>Submit</button>
      <button type="button" onClick={() => (exported = parts.onExport!(RANGE, () => undefined))}>Export</button>
      {parts.count !== undefined && <p>{parts.countText!(parts.count)}</p>}
      {parts.table}
    </>
  );
}

describe('Internal Leads', () => {
  beforeEach(() => {
    vi.mocked(callApi).mockReset();
    vi.mocked(callApi).mockImplementation((async (id: string, opts: { query?: { page: number } }) => {
      if (id === 'reports.internalLeadUsers') return [{ Source: 'HWI-2040', Name: 'Health Web Intake' }];
      if (id === 'reports.internalLeadsExport') return { Url: 'https://exports.example/InternalLeads-03-31-2026.csv', FileName: 'InternalLeads-03-31-2026.csv' };
      const page = opts.query!.page;
      return { Data: ALL.slice((page - 1) * 25, page * 25), Pages: 2, TotalCount: ALL.length };
    }) as never);
  });

  it('asks the server for each page of 25 and counts the whole range; the CSV of the whole range comes from the server', async () => {
    const desktop = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...desktop(query), matches: query === PHONE_QUERY });
    onTestFinished(() => void (window.matchMedia = desktop));
    const { user } = renderWithProviders(<Harness />);
    await user.click(await screen.findByPlaceholderText('Choose a source'));
    await user.click(await screen.findByRole('option', { name: 'Health Web Intake (HWI-2040)', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('30 lead(s) found')).toBeTruthy();
    expect(callApi).toHaveBeenCalledWith('reports.internalLeadsPage', expect.objectContaining({ params: { startDate: '20260301000000', endDate: '20260331235959', source: 'HWI-2040' }, query: { page: 1 } }));
    expect(await screen.findByText('First25')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('First26')).toBeTruthy();
    expect(callApi).toHaveBeenCalledWith('reports.internalLeadsPage', expect.objectContaining({ query: { page: 2 } }));
    expect(callApi).not.toHaveBeenCalledWith('reports.internalLeads', expect.anything());

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(exported).toBeDefined());
    expect(await exported!).toEqual({ Url: 'https://exports.example/InternalLeads-03-31-2026.csv', FileName: 'InternalLeads-03-31-2026.csv' });
    expect(callApi).toHaveBeenCalledWith('reports.internalLeadsExport', { params: { startDate: '20260301000000', endDate: '20260331235959', source: 'HWI-2040' } });
  });
});
