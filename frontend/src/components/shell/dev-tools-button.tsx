// The dev tools button (hidden in PROD): who the server says the user is, with every permission,
// role and flag, plus the dev clock switch; what a developer checks first when a screen is hidden.
import { ActionIcon, Button, Code, Divider, List, Modal, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
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

/** `iconOnly` shows an icon with the same accessible name, for a narrow header. */
export function DevToolsButton({ iconOnly = false }: { iconOnly?: boolean }) {
  const isDev = useIsDevEnvironment();
  const [opened, setOpened] = useState(false);
  if (!isDev) return null;
  return (
    <>
      {iconOnly ? (
        <ActionIcon size="sm" variant="white" color="dark" aria-label="Dev Tools" title="Dev Tools" onClick={() => setOpened(true)}>
          {/* Sliders: the dev settings behind the button. */}
          <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M4 6h16M4 12h16M4 18h16" />
            <circle cx="9" cy="6" r="2" fill="white" />
            <circle cx="15" cy="12" r="2" fill="white" />
            <circle cx="7" cy="18" r="2" fill="white" />
          </svg>
        </ActionIcon>
      ) : (
        <Button size="compact-xs" variant="white" color="dark" onClick={() => setOpened(true)}>
          Dev Tools
        </Button>
      )}
      <Modal opened={opened} onClose={() => setOpened(false)} title="Dev Tools" size="xl">
        <DevToolsContent />
      </Modal>
    </>
  );
}
