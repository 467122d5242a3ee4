// The agents CSV export of My Team and the Agents page as a job (issue 9): POST /api/agent/export starts
// it for the table's filters and sort (202 with the export's id); GET /api/exports/{exportId} is asked
// every second until the file is written, then the file is downloaded from its five-minute link.
// Managers get the reduced CSV; the server decides what the file holds.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callApi } from '@/api/client.ts';
import { downloadFile } from '@/components/download.ts';
import { isExportFinished, type AgentExportStatusDto } from '#shared/api/agents.ts';
import type { TeamQuery } from './list-agents.ts';

export type TeamExportQuery = Omit<TeamQuery, 'PageNumber' | 'PageSize'>;

/** How often the page asks whether the file is written. */
export const EXPORT_POLL_MS = 1000;

export const startAgentExport = (query: TeamExportQuery) => callApi('agents.export', { query });

export const exportKeys = {
  all: ['agent-exports'] as const,
  status: (exportId: string) => [...exportKeys.all, 'status', exportId] as const,
};

/** The export's status, asked again every second until it is Succeeded or Failed. */
export const exportStatusQueryOptions = (exportId: string) =>
  queryOptions({
    queryKey: exportKeys.status(exportId),
    queryFn: ({ signal }) => callApi('agents.exportStatus', { params: { exportId }, signal }),
    refetchInterval: (query) => (query.state.data && isExportFinished(query.state.data.Status) ? false : EXPORT_POLL_MS),
    // A poll that fails once (a blip) is asked again rather than shown as an error.
    retry: 3,
    staleTime: 0,
  });

export type AgentExportState =
  | { kind: 'idle' }
  | { kind: 'running'; rows: number | null; rowsDone: number }
  | { kind: 'failed'; message: string };

export const EXPORT_TEXTS = {
  failed: 'The export could not be completed. Please try again.',
  exporting: (done: number, rows: number | null) =>
    rows === null ? 'Exporting…' : `Exporting… ${done.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} agents`,
} as const;

/**
 * Starts an export, follows it and downloads the file once; a new start replaces the export followed.
 * A mutation starts it (every export writes a new file, nothing caches it); a polled query follows it.
 */
export function useAgentExport(): { state: AgentExportState; start: (query: TeamExportQuery) => void } {
  const starter = useMutation({ mutationFn: startAgentExport });
  const exportId = starter.data?.ExportId;
  const status = useQuery({ ...exportStatusQueryOptions(exportId ?? ''), enabled: exportId !== undefined });
  const downloaded = useRef<string | undefined>(undefined);
  const data: AgentExportStatusDto | undefined = status.data;

  useEffect(() => {
    if (data?.Status === 'Succeeded' && data.Download && downloaded.current !== data.ExportId) {
      downloaded.current = data.ExportId;
      downloadFile(data.Download.Url, data.Download.FileName);
    }
  }, [data]);

  const state: AgentExportState = starter.isPending
    ? { kind: 'running', rows: null, rowsDone: 0 }
    : starter.isError
      ? { kind: 'failed', message: starter.error.message || EXPORT_TEXTS.failed }
      : !exportId
        ? { kind: 'idle' }
        : status.isError
          ? { kind: 'failed', message: status.error.message || EXPORT_TEXTS.failed }
          : !data || !isExportFinished(data.Status)
            ? { kind: 'running', rows: data?.Rows ?? null, rowsDone: data?.RowsDone ?? 0 }
            : data.Status === 'Failed'
              ? { kind: 'failed', message: data.Message ?? EXPORT_TEXTS.failed }
              : { kind: 'idle' };
  return { state, start: (query) => starter.mutate(query) };
}
