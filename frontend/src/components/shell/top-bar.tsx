// The top bar (spec part 1 §2.2): the drawer toggle, the logo and product name in the user's look,
// the dev clock and dev tools outside PROD, and who is signed in. In mobile mode the user's details
// move into the drawer, where there is room for them.
import { AppShell, Burger, Group, Title, useMantineTheme } from '@mantine/core';
import { config } from '@/config.ts';
import { AnchorLink } from '../anchor-link.tsx';
import { DevClock } from './dev-clock.tsx';
import { DevToolsButton } from './dev-tools-button.tsx';
import { Logo } from './logo.tsx';
import { useShell } from './shell-context.ts';
import { HeaderBalance, UserDetails } from './user-details.tsx';

export function TopBar({ drawerOpened, onToggleDrawer }: { drawerOpened: boolean; onToggleDrawer: () => void }) {
  const { isMobile } = useShell();
  const theme = useMantineTheme();
  return (
    <AppShell.Header
      bg={theme.colors[theme.primaryColor]?.[9]}
      c="white"
      withBorder={false}
      // The accent stripe pairs the look's two colours: blue with green, grey with yellow.
      style={{ borderBottom: `4px solid var(--mantine-color-${String(theme.other.accent)}-5)` }}
    >
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Burger opened={drawerOpened} onClick={onToggleDrawer} color="white" size="sm" aria-label="Toggle navigation" />
          <AnchorLink to="/" underline="never" c="inherit" miw={0}>
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Logo />
              <Title order={3} component="span" fz={isMobile ? 'md' : undefined} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {config.productName}
              </Title>
            </Group>
          </AnchorLink>
        </Group>
        <Group gap={isMobile ? 'xs' : 'lg'} wrap="nowrap">
          {/* A phone keeps the balance and Dev Tools; the clock and the other details would overflow it. */}
          {!isMobile && <DevClock />}
          <DevToolsButton />
          {isMobile ? <HeaderBalance /> : <UserDetails />}
        </Group>
      </Group>
    </AppShell.Header>
  );
}
