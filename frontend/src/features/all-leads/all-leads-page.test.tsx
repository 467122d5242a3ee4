// All Leads' opening month (issue 19, item 11): opened without a month and year, the page shows the
// month of the newest lead, so on the 1st of a month, before that day's first lead, it does not open on
// an empty month ('0 lead(s) found'); the Month and Year filters (part 3 §2) still choose any month.
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AllLeadRow } from '#shared/api/all-leads.ts';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { meQueryOptions } from '@/api/get-me.ts';
import type { SetSearch } from '@/components/server-table.ts';
import { createTestQueryClient } from '@/testing/query-client.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { AllLeadsPage } from './all-leads-page.tsx';
import { allLeadsSearchSchema, type AllLeadsSearch } from './all-leads-search.ts';

stubCallApi();

const october31: AllLeadRow = {
  LeadId: 'L-OCT', UserFacingLeadId: 100731, LeadTimeStamp: '2026-11-01T03:10:00.000Z', LeadDate: '2026-10-31', CampaignId: 'C1',
  SourceCampaignName: 'Health Web', VendorId: 'V1', VendorName: 'Acme Leads', FirstName: 'Pat', LastName: 'October', PrimaryPhone: '3125550100',
  Email: null, City: 'Chicago', StateCode: 'IL', ZipCode: '60601', Score: null, LeadStatus: 'Sold', SaleCount: 1,
};

/** The leads the server holds: one, on the last evening of October 2026. */
function leadsBetween(startDate: string, endDate: string): AllLeadRow[] {
  return startDate <= october31.LeadDate && october31.LeadDate <= endDate ? [october31] : [];
}

function primedClient() {
  const client = createTestQueryClient();
  client.setQueryData(meQueryOptions.queryKey, {
    AgentId: null, Name: 'Staff', EmailAddress: 'staff@example.com', Permissions: ['CAN_VIEW_ALL_LEADS'], Account: null,
    IsSalesAssistant: false, IsSponsorAgent: false, IsFundPreview: false, IsAdmin: true, Roles: [],
  } as never);
  return client;
}

/** The page with its search params held as the route would hold them (the URL's, here a state). */
function Harness({ url }: { url: Record<string, unknown> }) {
  const [search, setSearchState] = useState<AllLeadsSearch>(() => allLeadsSearchSchema.parse(url));
  const setSearch: SetSearch<AllLeadsSearch> = (update) => setSearchState(update);
  return <AllLeadsPage search={search} setSearch={setSearch} />;
}

/** A Month or Year dropdown's input (its listbox carries the same label). */
const filterInput = (label: string) => screen.getAllByLabelText(label).find((el): el is HTMLInputElement => el instanceof HTMLInputElement)!;
const filterValue = (label: string) => filterInput(label).value;

const tableRanges = () =>
  vi
    .mocked(callApi)
    .mock.calls.filter(([id]) => id === 'leads.table')
    .map(([, options]) => (options as { params: { startDate: string; endDate: string } }).params);

describe('All Leads opening month', () => {
  beforeEach(() => {
    // The 1st of November 2026, 9 in the morning: the browser's today. Only Date is faked; timers run.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 1, 9, 0));
    vi.mocked(callApi).mockReset();
    vi.mocked(callApi).mockImplementation((async (id: string, options: { params?: { startDate: string; endDate: string } }) => {
      if (id === 'campaigns.list' || id === 'vendors.names') return [];
      if (id === 'leads.table') {
        const rows = leadsBetween(options.params!.startDate, options.params!.endDate);
        return { Data: rows, Pages: rows.length ? 1 : 0, TotalCount: rows.length };
      }
      throw new Error(`unexpected call ${id}`);
    }) as never);
  });
  afterEach(() => void vi.useRealTimers());

  it("opens on the newest lead's month on the 1st of a month that has no lead yet, not on '0 lead(s) found'", async () => {
    renderWithProviders(<Harness url={{}} />, { queryClient: primedClient() });
    expect(await screen.findByText('1 lead(s) found')).toBeTruthy();
    expect(filterValue('Month')).toBe('October');
    expect(filterValue('Year')).toBe('2026');
    expect(screen.queryByText('0 lead(s) found')).toBeNull();
    // November was asked, then October, once: the table shows the page the search read.
    expect(tableRanges()).toEqual([
      { startDate: '2026-11-01', endDate: '2026-11-30' },
      { startDate: '2026-10-01', endDate: '2026-10-31' },
    ]);
  });

  it('keeps the Month and Year filters: another month picked is the month asked for', async () => {
    const { user } = renderWithProviders(<Harness url={{}} />, { queryClient: primedClient() });
    await screen.findByText('1 lead(s) found');
    await user.click(filterInput('Month'));
    await user.click(await screen.findByRole('option', { name: 'September', hidden: true }));
    expect(await screen.findByText('0 lead(s) found')).toBeTruthy();
    expect(tableRanges().at(-1)).toEqual({ startDate: '2026-09-01', endDate: '2026-09-30' });
    expect(filterValue('Year')).toBe('2026');
  });

  it('opens on the month and year of a link as they are, even an empty month', async () => {
    renderWithProviders(<Harness url={{ month: 11, year: 2026 }} />, { queryClient: primedClient() });
    expect(await screen.findByText('0 lead(s) found')).toBeTruthy();
    expect(tableRanges()).toEqual([{ startDate: '2026-11-01', endDate: '2026-11-30' }]);
  });
});
