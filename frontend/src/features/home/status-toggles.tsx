// The welcome card's toggles (spec part 1 §2.3, §4): Leads, Live Transfer and, when configuration
// enables it, Third-Party. Each calls its API and the user is reloaded; a switch stays locked while
// its call and that reload run, so it never shows a state the server has not confirmed. A sales
// assistant only reads the agent's account (the server refuses their changes), so for them every
// switch is disabled and the card says why, instead of switches that flip back.
import { Group, Stack, Switch, Text } from '@mantine/core';
import { useMe, type Account } from '@/api/get-me.ts';
import { useFeatureFlags } from '@/api/get-feature-flags.ts';
import { useUpdateLiveTransferStatus } from './api/update-live-transfer-status.ts';
import { useUpdateOrderStatus } from './api/update-order-status.ts';
import { useUpdateThirdPartyStatus } from './api/update-third-party-status.ts';
import { leadsToggle, liveTransferToggle, thirdPartyToggle, type ToggleState } from './toggle-states.ts';

interface StatusToggleProps {
  label: string;
  state: ToggleState;
  pending: boolean;
  readOnly: boolean;
  onChange: (on: boolean) => void;
}

function StatusToggle({ label, state, pending, readOnly, onChange }: StatusToggleProps) {
  return (
    <Group gap="sm" data-testid={`toggle-${label}`}>
      <Switch
        label={label}
        checked={state.checked}
        disabled={state.disabled || pending || readOnly}
        aria-describedby={readOnly ? 'toggles-read-only' : undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
        size="md"
        // One label width, so the three status words line up; on a narrow phone the word wraps below.
        styles={{ label: { minWidth: 130 } }}
      />
      <Text size="sm" fw={600} c={state.checked ? 'green.9' : 'dimmed'}>
        {state.status}
      </Text>
    </Group>
  );
}

export const READ_ONLY_TOGGLES = 'Read-only: only the agent can change these settings.';

export function StatusToggles({ account }: { account: Account }) {
  const { thirdPartyToggle: showThirdParty } = useFeatureFlags();
  const readOnly = useMe().IsSalesAssistant;
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
        readOnly={readOnly}
        onChange={(active) => orderStatus.mutate({ agentId, active })}
      />
      <StatusToggle
        label="Live Transfer"
        state={liveTransferToggle(account)}
        pending={liveTransfer.isPending}
        readOnly={readOnly}
        onChange={(active) => liveTransfer.mutate({ agentId, active })}
      />
      {showThirdParty && (
        <StatusToggle
          label="Third-Party"
          state={thirdPartyToggle(account)}
          pending={thirdParty.isPending}
          readOnly={readOnly}
          onChange={(on) => thirdParty.mutate({ agentId, on })}
        />
      )}
      {readOnly && (
        <Text size="sm" c="dimmed" id="toggles-read-only">
          {READ_ONLY_TOGGLES}
        </Text>
      )}
    </Stack>
  );
}
