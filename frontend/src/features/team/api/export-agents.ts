// GET /api/agent/export: the team list with the table's filters and sort as a CSV file in the exports
// bucket, answered with a short-lived download link. Managers get the reduced CSV; the server decides.
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { downloadFile } from '@/components/download.ts';
import type { TeamQuery } from './list-agents.ts';

export type TeamExportQuery = Omit<TeamQuery, 'PageNumber' | 'PageSize'>;

export const exportAgents = (query: TeamExportQuery) => callApi('agents.export', { query });

/** A mutation, not a query: every export writes a new file, and nothing should cache its link. */
export const useExportAgents = () =>
  useMutation({
    mutationFn: exportAgents,
    onSuccess: ({ Url, FileName }) => downloadFile(Url, FileName),
  });
