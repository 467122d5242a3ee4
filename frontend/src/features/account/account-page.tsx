// My Account (/account, spec part 1 §2.5): the signed-in agent's transactions with the money actions.
import { Stack, Title } from '@mantine/core';
import { useMe } from '@/api/get-me.ts';
import { AccountTransactions } from './account-transactions.tsx';
import { MoneyActions } from './money-actions.tsx';

export function AccountPage() {
  const { AgentId, Account } = useMe();
  return (
    <Stack gap="md">
      <Title order={2}>My Account</Title>
      {AgentId ? (
        <AccountTransactions agentId={AgentId} timeZone={Account?.TimeZone} actions={<MoneyActions agentId={AgentId} />} />
      ) : (
        // CAN_VIEW_MY_ACCOUNT without an agent record: a staff user has no account of their own.
        <Title order={4} c="dimmed">
          No agent account is linked to this user.
        </Title>
      )}
    </Stack>
  );
}
