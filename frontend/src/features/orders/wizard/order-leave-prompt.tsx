// The wizards' leave prompts (spec part 2 §2): the fund flow asks with its own text except towards the
// fund orders lists; the campaign flow asks about unsaved changes. Moving between steps (the same page,
// another ?step=) never asks. The blocker is registered once and reads the latest `when`.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';

interface OrderLeavePromptProps {
  when: boolean;
  text: string;
  /** Destinations that never ask (the fund orders lists). */
  letsThrough?: (pathname: string) => boolean;
}

export function OrderLeavePrompt({ when, text, letsThrough }: OrderLeavePromptProps) {
  const asks = useRef(when);
  const lets = useRef(letsThrough);
  useEffect(() => {
    asks.current = when;
    lets.current = letsThrough;
  }, [when, letsThrough]);
  const shouldBlock = useCallback(
    ({ current, next }: { current: { pathname: string }; next: { pathname: string } }) =>
      asks.current && current.pathname !== next.pathname && !(lets.current?.(next.pathname) ?? false),
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
