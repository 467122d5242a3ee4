// The welcome card's toggles (spec part 1 §2.3, §4): Leads, Live Transfer and, when configuration
// enables it, Third-Party. Each calls its API and the user is reloaded; a switch stays locked while
// its call and that reload run, so it never shows a state the server has not confirmed.
import { Group, Stack, Switch, Text } from '@mantine/core';
import type { Account } from '@/api/get-me.ts';
import { useFeatureFlags } from '@/api/get-feature-flags.ts';
import { useUpdateLiveTransferStatus } from './api/update-live-transfer-status.ts';
import { useUpdateOrderStatus } from './api/update-order-status.ts';
import { useUpdateThirdPartyStatus } from './api/update-third-party-status.ts';
import { leadsToggle, liveTransferToggle, thirdPartyToggle, type ToggleState } from './toggle-states.ts';

function StatusToggle({ label, state, pending, onChange }: { label: string; state: ToggleState; pending: boolean; onChange: (on: boolean) => void }) {
  return (
    <Group gap="sm" wrap="nowrap" data-testid={`toggle-${label}`}>
      <Switch
        label={label}
        checked={state.checked}
        disabled={state.disabled || pending}
        onChange={(event) => onChange(event.currentTarget.checked)}
        size="md"
        // One label width, so the three status words line up.
        styles={{ label: { minWidth: 130 } }}
      />
      <Text size="sm" fw={600} c={state.checked ? 'green.9' : 'dimmed'}>
        {state.status}
      </Text>
    </Group>
  );
}

export function StatusToggles({ account }: { account: Account }) {
  const { thirdPartyToggle: showThirdParty } = useFeatureFlags();
  const orderStatus = useUpdateOrderStatus();
  const liveTransfer = useUpdateLiveTransferStatus();
  const thirdParty = useUpdateThirdPartyStatus();
  const agentId = account.AgentId;

  return (
    <Stack gap="xs">
      <StatusToggle
        label="Leads"
        state={leadsToggle(account)}
        pending={orderStatus.isPending}
        onChange={(active) => orderStatus.mutate({ agentId, active })}
      />
      <StatusToggle
        label="Live Transfer"
        state={liveTransferToggle(account)}
        pending={liveTransfer.isPending}
        onChange={(active) => liveTransfer.mutate({ agentId, active })}
      />
      {showThirdParty && (
        <StatusToggle
          label="Third-Party"
          state={thirdPartyToggle(account)}
          pending={thirdParty.isPending}
          onChange={(on) => thirdParty.mutate({ agentId, on })}
        />
      )}
    </Stack>
  );
}
