// The admin view of an agent's account (/account/{agentID}/{firstName}/{lastName}, spec part 1 §2.5):
// the agent header with its tabs and the same transaction table, without the transfer and add-money
// actions, which belong to the account holder alone (the server refuses them to anyone else too).
import { Stack } from '@mantine/core';
import { useMe } from '@/api/get-me.ts';
import { AdminAgentHeader, type AdminAgent } from '@/components/admin-agent-header.tsx';
import { AccountTransactions } from './account-transactions.tsx';

export function AdminAccountPage({ agent }: { agent: AdminAgent }) {
  const { Account } = useMe();
  return (
    <Stack gap="md">
      <AdminAgentHeader agent={agent} current="account" />
      {/* Keyed by agent, so moving to another agent starts again from the default range. */}
      <AccountTransactions key={agent.agentID} agentId={agent.agentID} timeZone={Account?.TimeZone} />
    </Stack>
  );
}
