// A secret token shown the once it is made (a vendor's API token, its sandbox token): read-only in a
// monospace field that selects itself, a copy button, and the words that say it will not be shown again.
import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

interface ShownOnceTokenProps {
  token: string;
  /** The field's label, e.g. "New token". */
  label: string;
  /** The copy button's text before it is pressed, e.g. "Copy token". */
  copyLabel: string;
  /** The words beside it: that it is shown this once. */
  note: string;
  /** Anything the screen adds below (a curl line that uses it). */
  children?: ReactNode;
}

export function ShownOnceToken({ token, label, copyLabel, note, children }: ShownOnceTokenProps) {
  return (
    <Stack gap={4}>
      <TextInput label={label} readOnly value={token} styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} onFocus={(e) => e.currentTarget.select()} />
      <Group gap="sm" wrap="wrap">
        <CopyButton value={token}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? 'Copied' : copyLabel}
            </Button>
          )}
        </CopyButton>
        <Text size="sm" fw={600}>
          {note}
        </Text>
      </Group>
      {children}
    </Stack>
  );
}
