import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { PHONE_QUERY } from '@/components/server-data-table.tsx';
import { renderWithProviders } from '@/testing/render.tsx';
import { PingHistoryFilters, PingHistoryTable, usePingHistoryReport } from './ping-history-report.tsx';
import { pingHistorySearchSchema, type PingHistorySearch } from './ping-history-search.ts';

stubCallApi();

const page = {
  Data: [{ Timestamp: '2026-05-01T14:05:09.000Z', CallerId: '4145550100', BidAmount: 1234.5, VendorCode: 'SUMMIT', CampaignCode: 'HLT', StateCode: 'WI', ZipCode: '53202', ErrorMessages: '' }],
  Pages: 1,
  TotalCount: 1,
};

function answer(history: unknown = page) {
  vi.mocked(callApi).mockImplementation(async (id: string) => {
    if (id === 'campaigns.list') return [{ Code: 'HLT', Name: 'Health Live Transfer' }];
    if (id === 'vendors.names') return [{ Code: 'SUMMIT', Name: 'Summit Calls', VendorId: 'v', Status: 1 }];
    return history;
  });
}

/** The route's composition without the shared frame: Submit sends the fixed range the frame would. */
function Report() {
  const [search, setSearch] = useState<PingHistorySearch>(pingHistorySearchSchema.parse({}));
  const report = usePingHistoryReport(search, (update) => setSearch(update));
  return (
    <>
      <PingHistoryFilters {...report.filters} />
      <button type="button" disabled={!report.frame.canSubmit} onClick={() => report.frame.onSubmit({ startDate: '2026-05-01', endDate: '2026-05-02' })}>
        Submit
      </button>
      <p>{report.frame.count === undefined ? 'Nothing asked' : `${report.frame.count} found`}</p>
      {report.frame.count ? <PingHistoryTable {...report.table} /> : null}
    </>
  );
}

const historyCalls = () => vi.mocked(callApi).mock.calls.filter(([id]) => id === 'reports.pingHistory');

describe('Ping History', () => {
  beforeEach(() => vi.mocked(callApi).mockReset());

  it('needs both a campaign and a vendor before Submit', async () => {
    answer();
    const { user } = renderWithProviders(<Report />);
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('combobox', { name: 'Campaign' }));
    await user.click(await screen.findByRole('option', { name: 'Health Live Transfer (HLT)', hidden: true }));
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('combobox', { name: 'Vendor' }));
    await user.click(await screen.findByRole('option', { name: 'Summit Calls (SUMMIT)', hidden: true }));
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', false);
  });

  it('fetches 1200 ms after Submit with the codes and days, and shows the bid in dollars and the time as MM/DD/YYYY', async () => {
    answer();
    // The phone layout (one card a ping) renders its cells in the test DOM; the wide table's are drawn by CSS media queries.
    const desktop = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...desktop(query), matches: query === PHONE_QUERY });
    onTestFinished(() => void (window.matchMedia = desktop));
    const { user } = renderWithProviders(<Report />);
    await user.click(screen.getByRole('combobox', { name: 'Campaign' }));
    await user.click(await screen.findByRole('option', { name: 'Health Live Transfer (HLT)', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: 'Vendor' }));
    await user.click(await screen.findByRole('option', { name: 'Summit Calls (SUMMIT)', hidden: true }));
    // The debounce on the test's own clock (no wall-clock window): nothing at 1199 ms, the call at 1200.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      act(() => vi.advanceTimersByTime(1199));
      expect(historyCalls()).toHaveLength(0);
      act(() => vi.advanceTimersByTime(1));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(historyCalls()).toHaveLength(1));
    expect(historyCalls()[0]![1]).toMatchObject({
      params: { startDate: '2026-05-01', endDate: '2026-05-02', campaignCode: 'HLT', vendorCode: 'SUMMIT' },
      query: { page: 1, sortColumnName: 'Timestamp', sortOrder: 'asc' },
    });
    expect(await screen.findByText('1 found')).toBeTruthy();
    expect(screen.getByText('$1,234.50')).toBeTruthy();
    expect(screen.getByText('05/01/2026 9:05:09 AM')).toBeTruthy();
    expect(screen.getByText('(414) 555-0100')).toBeTruthy();
  });
});
