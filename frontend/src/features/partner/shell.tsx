// The partner portal's shell (issue 24): a top bar with the vendor's name, who is signed in and Sign
// Out; a drawer with Home, Leads, Returns, Integration and Users; and, for staff viewing a vendor's
// portal, a note that they see it as the vendor does (staff change nothing here without CAN_EDIT_VENDORS). Under 700 px the drawer closes behind
// the burger, as in the agent portal.
import { Alert, AppShell, Burger, Button, Group, NavLink, Stack, Text, Title, useMantineTheme, type NavLinkProps } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { createLink, useLocation } from '@tanstack/react-router';
import { forwardRef, useCallback, useMemo, useState, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { submitSignOut } from '@/api/client.ts';
import { useMe } from '@/api/get-me.ts';
import { ShellContext, type Shell } from '@/components/shell/shell-context.ts';
import { Logo } from '@/components/shell/logo.tsx';
import { usePartnerVendor } from './api/get-partner-vendor.ts';
import { activeNavItem, PARTNER_NAV } from './shell-nav.ts';

const MOBILE_BREAKPOINT_PX = 700;
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.1}px)`;
const DRAWER_WIDTH_PX = 220;

const RouterNavLink = createLink(
  forwardRef<HTMLAnchorElement, NavLinkProps & AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => <NavLink component="a" ref={ref} {...props} />),
);

export const STAFF_VIEW_NOTE = 'You are viewing this vendor’s partner portal as staff: it shows what the vendor’s users see.';

/** The shell around a vendor's partner screens; `vendorId` is the page's. */
export function PartnerShell({ vendorId, children }: { vendorId: string; children: ReactNode }) {
  const me = useMe();
  const vendor = usePartnerVendor(vendorId);
  const theme = useMantineTheme();
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const [opened, { toggle, close }] = useDisclosure(false);
  const [signingOut, setSigningOut] = useState(false);
  const { pathname } = useLocation();
  const active = activeNavItem(pathname, vendorId);

  const signOut = useCallback(() => {
    setSigningOut(true);
    void submitSignOut();
  }, []);
  const shell = useMemo<Shell>(() => ({ isMobile, signingOut, signOut }), [isMobile, signingOut, signOut]);
  const isVendorUser = !!me.Vendor;

  return (
    <ShellContext.Provider value={shell}>
      <AppShell header={{ height: 64 }} navbar={{ width: DRAWER_WIDTH_PX, breakpoint: MOBILE_BREAKPOINT_PX, collapsed: { mobile: !opened } }} padding={0}>
        <AppShell.Header
          bg={theme.colors[theme.primaryColor]?.[9]}
          c="white"
          withBorder={false}
          style={{ borderBottom: `4px solid var(--mantine-color-${String(theme.other.accent)}-5)` }}
        >
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Burger hiddenFrom="sm" opened={opened} onClick={toggle} color="white" size="sm" aria-label="Toggle navigation" />
              <Logo />
              <Stack gap={0} miw={0}>
                <Text size="xs" c="gray.3" lh={1.2}>
                  Partner portal
                </Text>
                <Title order={3} component="span" fz={isMobile ? 'md' : undefined} data-testid="partner-vendor-name" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {vendor.Name}
                </Title>
              </Stack>
            </Group>
            <Group gap="sm" wrap="nowrap">
              {!isMobile && (
                <Text size="sm" data-testid="partner-user">
                  {me.Name}
                </Text>
              )}
              <Button variant="white" size="xs" onClick={signOut} loading={signingOut}>
                Sign Out
              </Button>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label="Partner portal">
          {PARTNER_NAV.map((item) => (
            <RouterNavLink
              key={item.label}
              to={item.to}
              params={{ vendorID: vendorId }}
              label={item.label}
              active={active?.label === item.label}
              // Home is a prefix of every other item's path: lit only on its own.
              activeOptions={{ exact: item.to === '/partner/$vendorID' }}
              aria-current={active?.label === item.label ? 'page' : undefined}
              onClick={close}
              data-partner-nav={item.label}
            />
          ))}
        </AppShell.Navbar>
        <AppShell.Main>
          {!isVendorUser && (
            <Alert color="blue" radius={0} py="xs" role="status">
              {STAFF_VIEW_NOTE}
            </Alert>
          )}
          {children}
        </AppShell.Main>
      </AppShell>
    </ShellContext.Provider>
  );
}
