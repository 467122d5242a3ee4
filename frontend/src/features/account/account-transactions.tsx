// The body of My Account and of the admin view of an agent (spec part 1 §2.5): the date filters, the
// actions the page allows, and the paged transaction table of one agent.
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTransactions, transactionsQueryOptions } from './api/get-transactions.ts';
import { CsvExportButton } from './csv-export-button.tsx';
import { TransactionFilters, type DraftRange } from './transaction-filters.tsx';
import { countLine } from './transaction-table-rows.ts';
import { defaultRange, FILTER_DELAY_MS, rangeProblem, type DayRange } from './transaction-range.ts';
import { TransactionsTable } from './transactions-table.tsx';

interface AccountTransactionsProps {
  agentId: string;
  /** The time zone "today" is read in for the default range. */
  timeZone: string | null | undefined;
  /** Buttons before CSV Export: the money actions on My Account, none in the admin view. */
  actions?: ReactNode;
}

export function AccountTransactions({ agentId, timeZone, actions }: AccountTransactionsProps) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<DraftRange>(() => defaultRange(timeZone));
  const [applied, setApplied] = useState<DayRange>(() => defaultRange(timeZone));
  const [page, setPage] = useState(1);
  /** The range waiting out the spec's one-second delay before its results appear. */
  const [pending, setPending] = useState<DayRange | null>(null);
  const transactions = useTransactions({ agentId, ...applied, page });
  const problem = rangeProblem(draft);

  useEffect(() => {
    if (!pending) return;
    // The results are fetched during the wait, so they appear when it ends rather than a call later.
    void queryClient.prefetchQuery(transactionsQueryOptions({ agentId, ...pending, page: 1 }));
    const timer = window.setTimeout(() => {
      setApplied(pending);
      setPage(1);
      setPending(null);
    }, FILTER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pending, agentId, queryClient]);

  const filter = () => {
    if (draft.startDate && draft.endDate && !problem) setPending({ startDate: draft.startDate, endDate: draft.endDate });
  };
  const reset = () => {
    const range = defaultRange(timeZone);
    setPending(null);
    setDraft(range);
    setApplied(range);
    setPage(1);
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
        <TransactionsTable page={transactions.data} onPageChange={setPage} fetching={transactions.isFetching} />
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
