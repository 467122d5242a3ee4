// The body of My Account and of the admin view of an agent (spec part 1 §2.5): the date filters, the
// actions the page allows, and the paged transaction table of one agent. The page and the applied
// range are the URL's search params, so a reload or the back button shows the same rows.
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { type SetSearch, useServerTable } from '@/components/server-table.ts';
import { useTransactions, transactionsQueryOptions } from './api/get-transactions.ts';
import { CsvExportButton } from './csv-export-button.tsx';
import { TransactionFilters, type DraftRange } from './transaction-filters.tsx';
import { countLine } from './transaction-table-rows.ts';
import { defaultRange, FILTER_DELAY_MS, rangeOfSearch, rangeProblem, type DayRange, type TransactionsSearch } from './transaction-range.ts';
import { TransactionsTable } from './transactions-table.tsx';

interface AccountTransactionsProps {
  agentId: string;
  /** The time zone "today" is read in for the default range. */
  timeZone: string | null | undefined;
  /** Buttons before CSV Export: the money actions on My Account, none in the admin view. */
  actions?: ReactNode;
  /** Page and range live in the URL (useServerTable). */
  search: TransactionsSearch;
  setSearch: SetSearch<TransactionsSearch>;
}

export function AccountTransactions({ agentId, timeZone, actions, search, setSearch }: AccountTransactionsProps) {
  const queryClient = useQueryClient();
  const table = useServerTable({ search, setSearch });
  const applied = rangeOfSearch(search, timeZone);
  const page = table.page;
  const [draft, setDraft] = useState<DraftRange>(() => applied);
  /** The range waiting out the spec's one-second delay before its results appear. */
  const [pending, setPending] = useState<DayRange | null>(null);
  const transactions = useTransactions({ agentId, ...applied, page });
  const problem = rangeProblem(draft);

  useEffect(() => {
    if (!pending) return;
    // The results are fetched during the wait, so they appear when it ends rather than a call later.
    void queryClient.prefetchQuery(transactionsQueryOptions({ agentId, ...pending, page: 1 }));
    const timer = window.setTimeout(() => {
      setSearch((current) => ({ ...current, from: pending.startDate, to: pending.endDate, page: 1 }));
      setPending(null);
    }, FILTER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pending, agentId, queryClient, setSearch]);

  const filter = () => {
    if (draft.startDate && draft.endDate && !problem) setPending({ startDate: draft.startDate, endDate: draft.endDate });
  };
  const reset = () => {
    const range = defaultRange(timeZone);
    setPending(null);
    setDraft(range);
    setSearch((current) => ({ ...current, from: undefined, to: undefined, page: 1 }));
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TransactionFilters draft={draft} onDraftChange={setDraft} onFilter={filter} onReset={reset} filtering={pending !== null} problem={problem} />
        <Group gap="sm">
          {actions}
          <CsvExportButton range={{ agentId, ...applied }} />
        </Group>
      </Group>
      {transactions.data ? (
        <TransactionsTable page={transactions.data} onPageChange={table.setPage} fetching={transactions.isFetching} />
      ) : transactions.isError ? (
        // Spec part 1 §7, §8: a failed call is only logged and its answer treated as empty.
        <Text size="sm" data-testid="transaction-count">
          {countLine(0)}
        </Text>
      ) : (
        <Skeleton height={240} />
      )}
    </Stack>
  );
}
