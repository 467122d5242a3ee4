// The top bar (spec part 1 §2.2): the drawer toggle, the logo and product name in the user's look,
// the dev clock and dev tools outside PROD, and who is signed in. In mobile mode the user's details
// move into the drawer, where there is room for them. Between 700 px and a wide screen the bar gets
// denser instead of pushing the zip code or Dev Tools off its edge: under 1200 px each figure puts
// its label over its value; under 900 px the product name is left to the logo's link label, the dev
// clock takes two lines and Dev Tools becomes an icon button. Under 700 px the bar keeps the logo, Dev
// Tools as an icon and the agent's balance.
import { AppShell, Burger, Group, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { config } from '@/config.ts';
import { AnchorLink } from '../anchor-link.tsx';
import { DevClock } from './dev-clock.tsx';
import { DevToolsButton } from './dev-tools-button.tsx';
import { Logo } from './logo.tsx';
import { useShell } from './shell-context.ts';
import { HeaderBalance, UserDetails } from './user-details.tsx';

/** From these widths on the bar has room for figures on one line, and for the name and a one-line clock. */
const ROOMY_QUERY = '(min-width: 1200px)';
const WIDE_QUERY = '(min-width: 900px)';

export function TopBar({ drawerOpened, onToggleDrawer }: { drawerOpened: boolean; onToggleDrawer: () => void }) {
  const { isMobile } = useShell();
  const theme = useMantineTheme();
  const roomy = useMediaQuery(ROOMY_QUERY, true, { getInitialValueInEffect: false });
  const wide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false });
  const showTitle = isMobile || wide;
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
          <AnchorLink to="/" underline="never" c="inherit" aria-label={showTitle ? undefined : config.productName}>
            <Group gap="xs" wrap="nowrap">
              <Logo />
              {showTitle && (
                <Title order={3} component="span" fz={isMobile ? 'md' : undefined} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {config.productName}
                </Title>
              )}
            </Group>
          </AnchorLink>
        </Group>
        <Group gap={isMobile ? 'xs' : roomy ? 'lg' : 'md'} wrap="nowrap">
          {/* A phone keeps Dev Tools as an icon and the agent's balance; the clock would overflow it. */}
          {!isMobile && <DevClock twoLines={!wide} />}
          <DevToolsButton iconOnly={isMobile || !wide} />
          {isMobile ? <HeaderBalance /> : <UserDetails figuresStacked={!roomy} />}
        </Group>
      </Group>
    </AppShell.Header>
  );
}
