// GET /api/transactions/agent/{agentId}/startDate/{..}/endDate/{..}/export: the range as a CSV file in
// the exports bucket, answered with a short-lived download link and the file's name.
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '@/api/client.ts';

const transactionsExportSchema = z.object({ Url: z.string().min(1), FileName: z.string().min(1) });
export type TransactionsExport = z.infer<typeof transactionsExportSchema>;

export interface ExportRange {
  agentId: string;
  startDate: string;
  endDate: string;
}

export const exportTransactions = ({ agentId, startDate, endDate }: ExportRange) =>
  callApi('account.exportTransactions', { params: { agentId, startDate, endDate }, schema: transactionsExportSchema });

/** A mutation rather than a query: every press writes a new file, and nothing is cached. */
export const useExportTransactions = () => useMutation({ mutationFn: exportTransactions });
