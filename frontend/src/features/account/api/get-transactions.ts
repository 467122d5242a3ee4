// GET /api/transactions/agent/{agentId}/startDate/{YYYY-MM-DD}/endDate/{YYYY-MM-DD}: one page (25 rows)
// of an agent's transactions over a date range, with the range's starting and ending balances.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '#shared/api/index.ts';
import { callApi } from '@/api/client.ts';
import { transactionKeys } from '@/api/transactions-key.ts';

export type TransactionsPage = ResponseOf<'account.listTransactions'>;
export type TransactionRow = TransactionsPage['Transactions'][number];

export interface TransactionsQuery {
  agentId: string;
  /** YYYY-MM-DD, both days included. */
  startDate: string;
  endDate: string;
  /** 1-based. */
  page: number;
}

export const getTransactions = ({ agentId, startDate, endDate, page }: TransactionsQuery, signal?: AbortSignal) =>
  callApi('account.listTransactions', { params: { agentId, startDate, endDate }, query: { page }, signal });

export const transactionsQueryOptions = (query: TransactionsQuery) =>
  queryOptions({
    queryKey: transactionKeys.page(query),
    queryFn: ({ signal }) => getTransactions(query, signal),
  });

/** The previous page stays on screen while the next one loads, so paging does not flash an empty table. */
export const useTransactions = (query: TransactionsQuery) => useQuery({ ...transactionsQueryOptions(query), placeholderData: keepPreviousData });
