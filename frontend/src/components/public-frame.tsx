// The frame of the public sales forms: no top bar, no user, nothing loaded at start-up.
import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

export function PublicFrame({ children }: { children: ReactNode }) {
  return <Box component="main">{children}</Box>;
}
