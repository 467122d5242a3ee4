// My Account (/account, spec part 1 §2.5): the signed-in agent's transactions with the money actions.
import { Stack, Title } from '@mantine/core';
import { useMe } from '@/api/get-me.ts';
import type { SetSearch } from '@/components/server-table.ts';
import { AccountTransactions } from './account-transactions.tsx';
import { MoneyActions } from './money-actions.tsx';
import type { TransactionsSearch } from './transaction-range.ts';

export function AccountPage({ search, setSearch }: { search: TransactionsSearch; setSearch: SetSearch<TransactionsSearch> }) {
  const { AgentId, Account } = useMe();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        My Account
      </Title>
      {AgentId ? (
        <AccountTransactions
          agentId={AgentId}
          timeZone={Account?.TimeZone}
          actions={<MoneyActions agentId={AgentId} />}
          search={search}
          setSearch={setSearch}
        />
      ) : (
        // CAN_VIEW_MY_ACCOUNT without an agent record: a staff user has no account of their own.
        <Title order={4} c="dimmed">
          No agent account is linked to this user.
        </Title>
      )}
    </Stack>
  );
}
