// The question a form asks before its unsaved changes are left behind (spec part 3 §2: 'If you leave
// this page, your changes will not be saved. Are you sure you wish to proceed?'), for in-app
// navigation and, through the browser's own prompt, for closing or reloading the tab.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';

export const LEAVE_PROMPT = 'If you leave this page, your changes will not be saved. Are you sure you wish to proceed?';

/** Asks while `when` is true. */
export function LeavePrompt({ when }: { when: boolean }) {
  // The blocker is registered once; it reads the latest answer from the ref, so re-renders (each
  // keystroke) do not unregister and register it again, least of all while it holds a navigation.
  const asks = useRef(when);
  useEffect(() => {
    asks.current = when;
  }, [when]);
  const shouldBlock = useCallback(() => asks.current, []);
  const blocker = useBlocker({ shouldBlockFn: shouldBlock, enableBeforeUnload: shouldBlock, withResolver: true });
  return (
    <Modal opened={blocker.status === 'blocked'} onClose={() => blocker.reset?.()} title="Leave this page?" centered>
      <Stack gap="md">
        <Text size="sm">{LEAVE_PROMPT}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            No
          </Button>
          <Button onClick={() => blocker.proceed?.()}>Yes</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
