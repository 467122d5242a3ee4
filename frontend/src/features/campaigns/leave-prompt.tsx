// The campaign form's leave prompt (spec part 3 §2): leaving with the form open asks first, except
// towards the campaigns list (Cancel and the end of a save go there).
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { CAMPAIGN_MESSAGES } from '#shared/campaign.ts';

export const CAMPAIGNS_LIST_PATH = '/campaigns';

/** Whether leaving for `pathname` needs the question. */
export const asksBeforeLeavingFor = (pathname: string) => pathname.replace(/\/+$/, '') !== CAMPAIGNS_LIST_PATH;

export function LeavePrompt({ disabled }: { disabled: boolean }) {
  const blocker = useBlocker({
    shouldBlockFn: ({ next }) => asksBeforeLeavingFor(next.pathname),
    enableBeforeUnload: !disabled,
    disabled,
    withResolver: true,
  });
  if (blocker.status !== 'blocked') return null;
  return (
    <Modal opened onClose={blocker.reset} title="Leave this page?" centered>
      <Stack gap="md">
        <Text>{CAMPAIGN_MESSAGES.leavePrompt}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={blocker.reset}>
            Stay
          </Button>
          <Button onClick={blocker.proceed}>Leave</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
