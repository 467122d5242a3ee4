// First Time Setup (spec part 1 §2.2, §4): while the account's time zone is missing or unknown, this
// dialog blocks the portal. The time zone is set in the external agent portal; Refresh reloads the
// user to see whether it has been.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useConfigs } from '@/api/get-configs.ts';
import { meQueryOptions, useMe } from '@/api/get-me.ts';
import { needsFirstTimeSetup } from './account-state.ts';

export function FirstTimeSetupDialog() {
  const { Account } = useMe();
  const { AgentPortalUrl } = useConfigs();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await queryClient.refetchQueries({ queryKey: meQueryOptions.queryKey, exact: true });
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Modal
      opened={needsFirstTimeSetup(Account)}
      // It blocks use: no close button, no Escape, no click outside.
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title="First Time Setup"
      centered
    >
      <Text size="sm">
        Your account has no time zone yet. Leads are prioritised by your time zone, so please set it in the agent portal, then
        press Refresh.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => void refresh()} loading={refreshing}>
          Refresh
        </Button>
        <Button component="a" href={AgentPortalUrl} target="_blank" rel="noopener noreferrer">
          Go to Agent Portal
        </Button>
      </Group>
    </Modal>
  );
}
