// Follows an export that runs as a job (agents, Account Summary, Transaction History): asks GET
// exports/{exportId} every second, reports "Exporting… N of M rows" as it goes, and resolves with
// the file's link once it is written, for the report frame's Export to download.
import { callApi } from '@/api/client.ts';
import { isExportFinished, type AgentExportStarted } from '#shared/api/agents.ts';
import type { DownloadLink } from '@/components/report-frame.tsx';

export const EXPORT_POLL_MS = 1000;

export const exportingText = (done: number, rows: number | null, noun: string) =>
  rows === null ? 'Exporting…' : `Exporting… ${done.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} ${noun}`;

export async function followExportJob(
  start: () => Promise<AgentExportStarted>,
  progress: (text: string) => void,
  noun: string,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<DownloadLink> {
  const { ExportId } = await start();
  for (;;) {
    const status = await callApi('agents.exportStatus', { params: { exportId: ExportId } });
    if (isExportFinished(status.Status)) {
      if (status.Status === 'Succeeded' && status.Download) return status.Download;
      throw new Error(status.Message ?? 'The export failed.');
    }
    progress(exportingText(status.RowsDone, status.Rows, noun));
    await sleep(EXPORT_POLL_MS);
  }
}
