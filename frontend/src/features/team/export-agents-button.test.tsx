import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi } from '@/api/client.ts';
import { downloadFile } from '@/components/download.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { ExportAgentsButton } from './export-agents-button.tsx';

vi.mock('@/api/client.ts', async (importOriginal) => ({ ...(await importOriginal<object>()), callApi: vi.fn() }));
vi.mock('@/components/download.ts', () => ({ downloadFile: vi.fn() }));

const query = { SortColumnName: 'LastName' as const, SortOrder: false };
const status = (over: object) => ({ ExportId: 'e1', Status: 'Running', Rows: null, RowsDone: 0, Message: null, Download: null, ...over });

/** Answers the start, then each status poll in turn (the last one again once they run out). */
function answers(start: unknown, ...polls: unknown[]) {
  vi.mocked(callApi).mockImplementation(async (id: string) => {
    if (id === 'agents.export') {
      if (start instanceof Error) throw start;
      return start;
    }
    return polls.length > 1 ? polls.shift() : polls[0];
  });
}

describe('Export to CSV', () => {
  beforeEach(() => {
    vi.mocked(callApi).mockReset();
    vi.mocked(downloadFile).mockReset();
  });

  it('starts the export for the table, shows "Exporting… N of M agents" and downloads the file once it is written', async () => {
    answers(
      { ExportId: 'e1', Status: 'Pending' },
      status({ Rows: 30000, RowsDone: 12000 }),
      status({ Status: 'Succeeded', Rows: 30000, RowsDone: 30000, Download: { Url: 'https://s3.example/file', FileName: 'Agents-11-25-2026.csv' } }),
    );
    const { user } = renderWithProviders(<ExportAgentsButton query={() => query} />);

    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));

    expect(callApi).toHaveBeenCalledWith('agents.export', { query });
    expect((await screen.findByRole('status')).textContent).toBe('Exporting… 12,000 of 30,000 agents');
    expect((screen.getByRole('button', { name: 'Export to CSV' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(downloadFile).toHaveBeenCalledWith('https://s3.example/file', 'Agents-11-25-2026.csv'));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect((screen.getByRole('button', { name: 'Export to CSV' }) as HTMLButtonElement).disabled).toBe(false);
    expect(downloadFile).toHaveBeenCalledTimes(1);
  });

  it('says why when the job could not write the file, and lets the user try again', async () => {
    answers({ ExportId: 'e1', Status: 'Pending' }, status({ Status: 'Failed', Message: 'The export could not be written. Please try again.' }));
    const { user } = renderWithProviders(<ExportAgentsButton query={() => query} />);

    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));

    expect((await screen.findByRole('alert')).textContent).toBe('The export could not be written. Please try again.');
    expect((screen.getByRole('button', { name: 'Export to CSV' }) as HTMLButtonElement).disabled).toBe(false);
    expect(downloadFile).not.toHaveBeenCalled();
  });

  it("shows the server's message when the start is refused", async () => {
    answers(new ApiError(403, ['Not allowed to view this resource.']));
    const { user } = renderWithProviders(<ExportAgentsButton query={() => query} />);

    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Not allowed to view this resource.');
  });
});
