import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi, stubCallApi } from '@/testing/api-stub.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { reportQueryParams } from './api/ledger-reports.ts';
import { transactionHistorySearchSchema, type TransactionHistorySearch } from './ledger-report-search.ts';
import { followExportJob } from './report-export-job.ts';
import { TRANSACTION_HISTORY_COLUMNS, TransactionHistoryPage } from './transaction-history-page.tsx';

stubCallApi();

const row = {
  AgentId: 'A000123', FirstName: 'Ada', LastName: 'Lovelace', AgentType: 'Agent', AgentStatus: 'Active' as const, Timestamp: '2026-11-02T15:04:05.000Z',
  Type: 'LeadSpend' as const, Credit: 0, Debit: 1234.5, Description: 'Lead 77', VendorCode: null, CampaignCode: null, CompanyPurchasePrice: null,
};

function Harness({ initial }: { initial: Partial<TransactionHistorySearch> }) {
  const [search, setSearch] = useState(() => transactionHistorySearchSchema.parse(initial));
  return <TransactionHistoryPage search={search} setSearch={(update) => setSearch(update)} />;
}

describe('reportQueryParams', () => {
  it("writes the spec's page, pageSize, sortColumnName, sortOrder and filterObject[n], leaving empty filters out", () => {
    expect(reportQueryParams({ page: 2, pageSize: 25, sort: 'FirstName', desc: true, filters: { AgentId: '', FirstName: ' Jo ', LastName: 'Sm' } })).toEqual({
      page: 2, pageSize: 25, sortColumnName: 'FirstName', sortOrder: 'desc',
      'filterObject[0].id': 'FirstName', 'filterObject[0].Value': 'Jo', 'filterObject[1].id': 'LastName', 'filterObject[1].Value': 'Sm',
    });
  });
});

describe('followExportJob', () => {
  beforeEach(() => vi.mocked(callApi).mockReset());

  it('reports the progress of each poll and resolves with the written file', async () => {
    const polls = [
      { ExportId: 'e1', Status: 'Running', Rows: 30_000, RowsDone: 12_000, Message: null, Download: null },
      { ExportId: 'e1', Status: 'Succeeded', Rows: 30_000, RowsDone: 30_000, Message: null, Download: { Url: 'https://f/x.csv', FileName: 'AccountSummary-11-25-2026.csv' } },
    ];
    vi.mocked(callApi).mockImplementation(async () => polls.shift());
    const progress = vi.fn();
    const file = await followExportJob(async () => ({ ExportId: 'e1', Status: 'Pending' }), progress, 'agents', async () => undefined);
    expect(progress).toHaveBeenCalledWith('Exporting… 12,000 of 30,000 agents');
    expect(file).toEqual({ Url: 'https://f/x.csv', FileName: 'AccountSummary-11-25-2026.csv' });
  });

  it('rejects with the message of a failed export', async () => {
    vi.mocked(callApi).mockResolvedValue({ ExportId: 'e1', Status: 'Failed', Rows: null, RowsDone: 0, Message: 'The export could not be written. Please try again.', Download: null });
    await expect(followExportJob(async () => ({ ExportId: 'e1', Status: 'Pending' }), vi.fn(), 'agents', async () => undefined)).rejects.toThrow('The export could not be written');
  });
});

describe('the Transaction History columns', () => {
  it('show times as MM/DD/YYYY h:mm:ss A (Central) and money as $1,234.50, blank for no debit or credit', () => {
    const cell = (accessor: string) => TRANSACTION_HISTORY_COLUMNS.find((c) => c.accessor === accessor)!.render!(row, 0);
    expect(cell('Timestamp')).toBe('11/02/2026 9:04:05 AM');
    expect(cell('Debit')).toBe('$1,234.50');
    expect(cell('Credit')).toBe('');
    expect(cell('CompanyPurchasePrice')).toBe('');
  });
});

describe('TransactionHistoryPage', () => {
  beforeEach(() => vi.mocked(callApi).mockReset());

  it('asks nothing before Submit, then asks for the paged form and shows the count line', async () => {
    vi.mocked(callApi).mockResolvedValue({ Histories: [row], Pages: 1, TotalHistoryCount: 1 });
    const { user } = renderWithProviders(<Harness initial={{}} />);
    expect(callApi).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('1 transaction(s) found')).toBeTruthy();
    const [id, options] = vi.mocked(callApi).mock.calls[0]! as unknown as [string, { params: { startDate: string } }];
    expect(id).toBe('reports.transactionHistory');
    // MM-DD-YYYY days ask for the paged form.
    expect(options.params.startDate).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  });

  it("shows part 3 §8's text for a period without transactions", async () => {
    vi.mocked(callApi).mockResolvedValue({ Histories: [], Pages: 0, TotalHistoryCount: 0 });
    renderWithProviders(<Harness initial={{ from: '2001-01-01', to: '2001-01-05' }} />);
    await waitFor(() => expect(screen.getByText('No results found for the selected date period.')).toBeTruthy());
    expect(screen.queryByRole('table')).toBeNull();
  });
});
