// The admin view of an agent's account (/account/{agentID}/{firstName}/{lastName}, spec part 1 §2.5):
// the agent header with its tabs and the same transaction table, without the transfer and add-money
// actions, which belong to the account holder alone (the server refuses them to anyone else too).
// "Today" is the viewed agent's: the range waits for the agent's time zone, so an agent east of
// Central sees today's rows just after their midnight.
import { Skeleton, Stack } from '@mantine/core';
import { AdminAgentHeader, type AdminAgent } from '@/components/admin-agent-header.tsx';
import type { SetSearch } from '@/components/server-table.ts';
import { AccountTransactions } from './account-transactions.tsx';
import { useAgentTimeZone } from './api/get-agent-time-zone.ts';
import type { TransactionsSearch } from './transaction-range.ts';

export interface AdminAccountPageProps {
  agent: AdminAgent;
  search: TransactionsSearch;
  setSearch: SetSearch<TransactionsSearch>;
}

export function AdminAccountPage({ agent, search, setSearch }: AdminAccountPageProps) {
  const timeZone = useAgentTimeZone(agent.agentID);
  return (
    <Stack gap="md">
      <AdminAgentHeader agent={agent} current="account" />
      {timeZone.isPending ? (
        <Skeleton height={240} />
      ) : (
        // Keyed by agent, so moving to another agent starts again from the default range. A failed
        // look-up leaves the server's own default (Central), as for an account without a time zone.
        <AccountTransactions key={agent.agentID} agentId={agent.agentID} timeZone={timeZone.data?.TimeZone} search={search} setSearch={setSearch} />
      )}
    </Stack>
  );
}
