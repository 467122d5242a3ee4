// The admin view of an agent's account (/account/{agentID}/{firstName}/{lastName}, spec part 1 §2.5):
// the agent header with its tabs and the same transaction table, without the transfer and add-money
// actions, which belong to the account holder alone (the server refuses them to anyone else too).
import { Stack } from '@mantine/core';
import { useMe } from '@/api/get-me.ts';
import { AdminAgentHeader, type AdminAgent } from '@/components/admin-agent-header.tsx';
import type { SetSearch } from '@/components/server-table.ts';
import { AccountTransactions } from './account-transactions.tsx';
import type { TransactionsSearch } from './transaction-range.ts';

export interface AdminAccountPageProps {
  agent: AdminAgent;
  search: TransactionsSearch;
  setSearch: SetSearch<TransactionsSearch>;
}

export function AdminAccountPage({ agent, search, setSearch }: AdminAccountPageProps) {
  const { Account } = useMe();
  return (
    <Stack gap="md">
      <AdminAgentHeader agent={agent} current="account" />
      {/* Keyed by agent, so moving to another agent starts again from the default range. */}
      <AccountTransactions key={agent.agentID} agentId={agent.agentID} timeZone={Account?.TimeZone} search={search} setSearch={setSearch} />
    </Stack>
  );
}
