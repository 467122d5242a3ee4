// The dev tools button (hidden in PROD): who the server says the user is, with every permission,
// role and flag, plus the dev clock switch; what a developer checks first when a screen is hidden.
import { Button, Code, Divider, List, Modal, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useConfigs } from '@/api/get-configs.ts';
import { useFeatureFlags } from '@/api/get-feature-flags.ts';
import { useMe } from '@/api/get-me.ts';
import { useDevState, useIsDevEnvironment } from './dev-state.ts';

function DevToolsContent() {
  const user = useMe();
  const configs = useConfigs();
  const flags = useFeatureFlags();
  const [devState, setDevState] = useDevState();
  const userFlags = { IsAdmin: user.IsAdmin, IsSalesAssistant: user.IsSalesAssistant, IsSponsorAgent: user.IsSponsorAgent, IsFundPreview: user.IsFundPreview };
  return (
    <Stack gap="sm">
      <Switch
        label="Show the dev clock"
        checked={devState.showClock}
        onChange={(event) => setDevState({ ...devState, showClock: event.currentTarget.checked })}
      />
      <Divider />
      <Text size="sm">
        {user.Name} · {user.EmailAddress} · agent {user.AgentId ?? 'none'} · roles {user.Roles.join(', ')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap={4}>
          <Title order={5}>Permissions ({user.Permissions.length})</Title>
          <List size="xs" data-testid="dev-permissions">
            {user.Permissions.map((permission) => (
              <List.Item key={permission}>{permission}</List.Item>
            ))}
          </List>
        </Stack>
        <Stack gap={4}>
          <Title order={5}>User flags</Title>
          <Code block>{JSON.stringify(userFlags, null, 2)}</Code>
          <Title order={5}>Feature flags</Title>
          <Code block>{JSON.stringify(flags, null, 2)}</Code>
          <Title order={5}>Configuration</Title>
          <Code block>{JSON.stringify(configs, null, 2)}</Code>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

export function DevToolsButton() {
  const isDev = useIsDevEnvironment();
  const [opened, setOpened] = useState(false);
  if (!isDev) return null;
  return (
    <>
      <Button size="compact-xs" variant="white" color="dark" onClick={() => setOpened(true)}>
        Dev Tools
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Dev Tools" size="xl">
        <DevToolsContent />
      </Modal>
    </>
  );
}
