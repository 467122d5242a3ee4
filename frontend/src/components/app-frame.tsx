// The signed-in area's frame: a top bar with the product name over the page. The header details
// and the drawer of spec part 1 §2.2 belong to the application shell, built on top of this.
import { AppShell, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { config } from '@/config.ts';
import { AnchorLink } from './anchor-link.tsx';

export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <AppShell header={{ height: 56 }} padding={0}>
      <AppShell.Header>
        <Group h="100%" px="md">
          <AnchorLink to="/" underline="never" c="inherit">
            <Title order={3} component="span">
              {config.productName}
            </Title>
          </AnchorLink>
        </Group>
      </AppShell.Header>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
