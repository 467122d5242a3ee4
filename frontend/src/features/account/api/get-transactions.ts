// GET /api/transactions/agent/{agentId}/startDate/{YYYY-MM-DD}/endDate/{YYYY-MM-DD}: one page (25 rows)
// of an agent's transactions over a date range, with the range's starting and ending balances.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '@/api/client.ts';
import { transactionKeys } from '@/api/transactions-key.ts';
import { LEDGER_TYPES } from '#shared/ledger-types.ts';
import { TIME_ZONE_NAMES } from '#shared/time-zones.ts';

const transactionRowSchema = z.object({
  AgentId: z.string(),
  /** UTC ISO time; shown in the account's time zone. */
  TimeStamp: z.string(),
  Description: z.string(),
  Type: z.enum(LEDGER_TYPES),
  Credit: z.number(),
  Debit: z.number(),
  /** The balance right after this row. */
  RunningTotal: z.number(),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

const transactionsPageSchema = z.object({
  AgentId: z.string(),
  StartDate: z.string(),
  EndDate: z.string(),
  /** The account's time zone, in which the range's days and the rows' times are read. */
  TimeZone: z.enum(TIME_ZONE_NAMES),
  StartingBalance: z.number(),
  EndingBalance: z.number(),
  TotalCount: z.number().int(),
  Page: z.number().int(),
  PageSize: z.number().int(),
  Transactions: z.array(transactionRowSchema),
});
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;

export interface TransactionsQuery {
  agentId: string;
  /** YYYY-MM-DD, both days included. */
  startDate: string;
  endDate: string;
  /** 1-based. */
  page: number;
}

export const getTransactions = ({ agentId, startDate, endDate, page }: TransactionsQuery, signal?: AbortSignal) =>
  callApi('account.listTransactions', { params: { agentId, startDate, endDate }, query: { page }, schema: transactionsPageSchema, signal });

export const transactionsQueryOptions = (query: TransactionsQuery) =>
  queryOptions({
    queryKey: transactionKeys.page(query),
    queryFn: ({ signal }) => getTransactions(query, signal),
  });

/** The previous page stays on screen while the next one loads, so paging does not flash an empty table. */
export const useTransactions = (query: TransactionsQuery) => useQuery({ ...transactionsQueryOptions(query), placeholderData: keepPreviousData });
