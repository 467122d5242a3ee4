// POST /api/transactions/agent/{agentId}/startDate/{..}/endDate/{..}/export: the range as a CSV file in
// the exports bucket, answered with a short-lived download link and the file's name.
import { useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '#shared/api/index.ts';
import { callApi } from '@/api/client.ts';

export type TransactionsExport = ResponseOf<'account.exportTransactions'>;

export interface ExportRange {
  agentId: string;
  startDate: string;
  endDate: string;
}

export const exportTransactions = ({ agentId, startDate, endDate }: ExportRange) =>
  callApi('account.exportTransactions', { params: { agentId, startDate, endDate } });

/** A mutation rather than a query: every press writes a new file, and nothing is cached. */
export const useExportTransactions = () => useMutation({ mutationFn: exportTransactions });
