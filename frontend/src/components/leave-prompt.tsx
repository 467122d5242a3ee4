// The question a form asks before its unsaved changes are left behind (spec part 3 §2: 'If you leave
// this page, your changes will not be saved. Are you sure you wish to proceed?'), for in-app
// navigation and, through the browser's own prompt, for closing or reloading the tab. The order
// wizards ask with their own texts (part 2 §2) and let some destinations through.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';

export const LEAVE_PROMPT = 'If you leave this page, your changes will not be saved. Are you sure you wish to proceed?';

/** A navigation that stays on the page (a wizard's `?step=` changes): never worth asking about. */
export const staysOnPage = (current: { pathname: string }, next: { pathname: string }) => current.pathname === next.pathname;

interface LeavePromptProps {
  /** Asks while true. */
  when: boolean;
  text?: string;
  /** Navigations that never ask (a wizard's own steps, the fund orders lists). */
  letsThrough?: (current: { pathname: string }, next: { pathname: string }) => boolean;
}

export function LeavePrompt({ when, text = LEAVE_PROMPT, letsThrough }: LeavePromptProps) {
  // The blocker is registered once; it reads the latest answer from the refs, so re-renders (each
  // keystroke) do not unregister and register it again, least of all while it holds a navigation.
  const asks = useRef(when);
  const lets = useRef(letsThrough);
  useEffect(() => {
    asks.current = when;
    lets.current = letsThrough;
  }, [when, letsThrough]);
  const shouldBlock = useCallback(
    ({ current, next }: { current: { pathname: string }; next: { pathname: string } }) => asks.current && !(lets.current?.(current, next) ?? false),
    [],
  );
  const beforeUnload = useCallback(() => asks.current, []);
  const blocker = useBlocker({ shouldBlockFn: shouldBlock, enableBeforeUnload: beforeUnload, withResolver: true });
  return (
    <Modal opened={blocker.status === 'blocked'} onClose={() => blocker.reset?.()} title="Leave this page?" centered>
      <Stack gap="md">
        <Text size="sm">{text}</Text>
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
