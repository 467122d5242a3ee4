import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from '@/components/download.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { daysInRange, EXPORT_FAILED_TEXT, lastDays, REPORT_EMPTY_TEXTS, ReportFrame, reportRangeProblem } from './report-frame.tsx';

vi.mock('@/components/download.ts', () => ({ downloadFile: vi.fn() }));

const december = { startDate: '2026-12-01', endDate: '2026-12-31' };

describe('reportRangeProblem', () => {
  it('allows 31 days counting both ends and refuses 32', () => {
    expect(daysInRange(december)).toBe(31);
    expect(reportRangeProblem(december)).toBeUndefined();
    expect(reportRangeProblem({ startDate: '2026-11-30', endDate: '2026-12-31' })).toBe('The date range cannot be longer than 31 days.');
  });

  it('suggests the last 7 reporting days (Central) up to today, wherever the browser is', () => {
    // 10:30 pm on 31 May in Pacific time is already 1 June in Central.
    expect(lastDays(7, new Date('2026-06-01T05:30:00Z'))).toEqual({ startDate: '2026-05-26', endDate: '2026-06-01' });
    expect(lastDays(7, new Date('2026-06-01T04:30:00Z'))).toEqual({ startDate: '2026-05-25', endDate: '2026-05-31' });
  });

  it('refuses a missing or reversed range', () => {
    expect(reportRangeProblem({ startDate: null, endDate: '2026-12-31' })).toBe('Choose both a Start Date and an End Date.');
    expect(reportRangeProblem({ startDate: '2026-12-02', endDate: '2026-12-01' })).toBe('End Date cannot be before Start Date.');
  });
});

describe('ReportFrame', () => {
  beforeEach(() => vi.mocked(downloadFile).mockReset());

  it('submits the range shown in MM/DD/YYYY, and shows the count line and the table for rows found', async () => {
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(
      <ReportFrame title="Transaction History" initialRange={december} onSubmit={onSubmit} count={3} countText={(n) => `${n} transaction(s) found`} table={<table aria-label="rows" />} />,
    );
    expect(screen.getByRole('heading', { name: 'Transaction History' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Start Date' }) as HTMLInputElement).value).toBe('12/01/2026');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith(december);
    expect(screen.getByText('3 transaction(s) found')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'rows' })).toBeTruthy();
  });

  it('shows the empty text of part 3 §8 and no table when nothing was found', () => {
    renderWithProviders(<ReportFrame title="Open Orders" dates={false} onSubmit={vi.fn()} count={0} empty="criteria" table={<table aria-label="rows" />} />);
    expect(screen.getByText(REPORT_EMPTY_TEXTS.criteria)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Start Date' })).toBeNull();
  });

  it('keeps Submit and Export disabled over a range longer than 31 days, or while a required filter is missing', () => {
    const { unmount } = renderWithProviders(
      <ReportFrame title="R" initialRange={{ startDate: '2026-11-01', endDate: '2026-12-31' }} onSubmit={vi.fn()} onExport={vi.fn()} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('The date range cannot be longer than 31 days.');
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(true);
    unmount();
    renderWithProviders(<ReportFrame title="R" initialRange={december} onSubmit={vi.fn()} canSubmit={false} />);
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('runs the export with its progress line and downloads the file it resolves with', async () => {
    let finish: (link: { Url: string; FileName: string }) => void = () => undefined;
    const onExport = vi.fn((_range: unknown, progress: (text: string) => void) => {
      progress('Exporting… 10 of 20 agents');
      return new Promise<{ Url: string; FileName: string }>((resolve) => (finish = resolve));
    });
    const { user } = renderWithProviders(<ReportFrame title="Account Summary" initialRange={december} onSubmit={vi.fn()} onExport={onExport} exportLabel="CSV Export" />);
    await user.click(screen.getByRole('button', { name: 'CSV Export' }));
    expect((await screen.findByRole('status')).textContent).toBe('Exporting… 10 of 20 agents');
    expect(onExport.mock.calls[0]![0]).toEqual(december);
    finish({ Url: 'https://files/x.csv', FileName: 'AccountSummary-12-31-2026.csv' });
    await waitFor(() => expect(downloadFile).toHaveBeenCalledWith('https://files/x.csv', 'AccountSummary-12-31-2026.csv'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the export failed when it rejects', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<ReportFrame title="R" initialRange={december} onSubmit={vi.fn()} onExport={() => Promise.reject(new Error('boom'))} />);
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findByRole('alert')).textContent).toBe(EXPORT_FAILED_TEXT);
    expect(downloadFile).not.toHaveBeenCalled();
  });
});
