// The ledger reports' state in the URL (the server-table kit): the submitted range (`from`, `to`,
// YYYY-MM-DD; none before the first Submit), the page, the sort and the column filters, so a reload
// or a shared link shows the same rows.
import { z } from 'zod';
import { filterSearch, pageSearchSchema, sortSearchSchema } from '@/components/server-table.ts';
import { ACCOUNT_SUMMARY_SORT_COLUMNS, TRANSACTION_HISTORY_SORT_COLUMNS } from '#shared/api/reports-ledger.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const LEDGER_FILTER_KEYS = ['AgentId', 'FirstName', 'LastName'] as const;
export const FILTER_LABELS: Record<(typeof LEDGER_FILTER_KEYS)[number], string> = { AgentId: 'Agent ID', FirstName: 'First Name', LastName: 'Last Name' };

const common = pageSearchSchema.extend({ from: day.optional(), to: day.optional(), AgentId: filterSearch, FirstName: filterSearch, LastName: filterSearch });

export const accountSummarySearchSchema = common.extend(sortSearchSchema(ACCOUNT_SUMMARY_SORT_COLUMNS, 'LastName').shape);
export type AccountSummarySearch = z.infer<typeof accountSummarySearchSchema>;

/** Part 3 §7: First Name is the default order (every order pages through its own day index, at any size). */
export const transactionHistorySearchSchema = common.extend(sortSearchSchema(TRANSACTION_HISTORY_SORT_COLUMNS, 'FirstName').shape);
export type TransactionHistorySearch = z.infer<typeof transactionHistorySearchSchema>;
