// The side drawer (spec part 1 §2.2): the user's items from drawerEntries, the Reports submenu, the
// Available Funds dialog, Help in a new tab and Sign Out. In mobile mode it also carries the user's
// details and closes once an item is chosen.
import { AppShell, Badge, Divider, Group, NavLink, ScrollArea, Text, useMantineTheme, type NavLinkProps } from '@mantine/core';
import { createLink, useLocation } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { useConfigs } from '@/api/get-configs.ts';
import { useMe } from '@/api/get-me.ts';
import { useNotifications } from '@/api/notifications.ts';
import { UNSEEN_LEADS_MAX } from '#shared/api/notifications.ts';
import { drawerEntries, type DrawerEntry, type DrawerLink } from './drawer-entries.ts';
import { useShell } from './shell-context.ts';
import { UserDetails } from './user-details.tsx';

const MY_LEADS = '/leads';

const RouterNavLink = createLink(
  forwardRef<HTMLAnchorElement, NavLinkProps & AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => (
    <NavLink component="a" ref={ref} {...props} />
  )),
);

interface NavDrawerProps {
  onOpenAvailableFunds: () => void;
  /** Called after an item is chosen, so mobile mode can close the drawer. */
  onChoose: () => void;
}

export function NavDrawer({ onOpenAvailableFunds, onChoose }: NavDrawerProps) {
  const user = useMe();
  const { HelpUrl } = useConfigs();
  const { isMobile, signOut } = useShell();
  const { pathname } = useLocation();
  const theme = useMantineTheme();
  // Leads sold since My Leads was last opened (live notifications), on the My Leads item.
  const unseen = useNotifications(user.AgentId).data?.UnseenLeads ?? 0;

  /** Top-level items carry data-drawer-item, Reports' items data-drawer-subitem: tests read the levels apart. */
  const routeLink = ({ label, to }: DrawerLink, level: 'item' | 'subitem', tag?: string) => (
    <RouterNavLink
      key={label}
      to={to}
      label={label}
      rightSection={
        (tag || (to === MY_LEADS && unseen > 0)) && (
          <Group gap={6} wrap="nowrap">
            {tag && (
              <Text size="xs" fw={700} c={`var(--mantine-color-${String(theme.other.accent)}-light-color)`}>
                {tag}
              </Text>
            )}
            {to === MY_LEADS && unseen > 0 && (
              <Badge size="sm" circle={unseen < 10} data-unseen-leads={unseen} aria-label={`${unseen === 1 ? '1 new lead' : `${unseen >= UNSEEN_LEADS_MAX ? `${UNSEEN_LEADS_MAX}+` : unseen} new leads`}`}>
                {unseen >= UNSEEN_LEADS_MAX ? `${UNSEEN_LEADS_MAX}+` : unseen}
              </Badge>
            )}
          </Group>
        )
      }
      active={pathname === to}
      // Exact, so My Account is not also lit on /account/preferences (Settings).
      activeOptions={{ exact: true }}
      onClick={onChoose}
      {...{ [`data-drawer-${level}`]: label }}
    />
  );

  const render = (entry: DrawerEntry) => {
    switch (entry.kind) {
      case 'link':
        return routeLink(entry, 'item', entry.isNew ? '(NEW)' : undefined);
      case 'submenu':
        return (
          <NavLink
            key={entry.label}
            component="button"
            label={entry.label}
            data-drawer-item={entry.label}
            defaultOpened={entry.items.some((i) => i.to === pathname)}
          >
            {entry.items.map((item) => routeLink(item, 'subitem'))}
          </NavLink>
        );
      case 'availableFunds':
        return (
          <NavLink
            key={entry.label}
            component="button"
            label={entry.label}
            data-drawer-item={entry.label}
            onClick={() => {
              onChoose();
              onOpenAvailableFunds();
            }}
          />
        );
      case 'help':
        return <NavLink key={entry.label} component="a" href={HelpUrl} target="_blank" rel="noopener noreferrer" label={entry.label} data-drawer-item={entry.label} />;
      case 'signOut':
        return <NavLink key={entry.label} component="button" label={entry.label} data-drawer-item={entry.label} onClick={signOut} />;
    }
  };

  return (
    <AppShell.Navbar aria-label="Main navigation">
      {isMobile && (
        <>
          <AppShell.Section p="md">
            <UserDetails stacked />
          </AppShell.Section>
          <Divider />
        </>
      )}
      <AppShell.Section grow component={ScrollArea} p="xs">
        {drawerEntries({ ...user, HasAccount: user.Account !== null }).map(render)}
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
