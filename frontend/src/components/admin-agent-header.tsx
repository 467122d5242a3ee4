// The header of the admin views of one agent (spec part 1 §2.5): the agent's name and id and the tabs
// Agent Info, Account, Leads (CAN_VIEW_AGENTS_LEADS), Orders (fund preview only) and Orders or Fund
// Orders, each tab opening its own route for the same agent. A tab shows only when its page lets the
// viewer in (docs/api.md, Decisions): a manager holds CAN_VIEW_AGENTS_LEADS, but the agent's leads
// page is for admin or support (part 1 §2.1), so a manager gets no Leads tab.
import { Stack, Tabs, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { Permission, Role } from '#shared/permissions.ts';
import { useMe } from '@/api/get-me.ts';
import { pageAccess } from '@/routing/page-access.ts';
import { uiRouteOf } from '@/routing/ui-route-lookup.ts';

export interface AdminAgent {
  agentID: string;
  firstName: string;
  lastName: string;
}

export type AdminAgentTab = 'agentInfo' | 'account' | 'leads' | 'orders' | 'fundOrders';

interface TabEntry {
  value: AdminAgentTab;
  label: string;
  /** The route the tab opens, as the router writes it, for its access rule. */
  path: string;
  open: (navigate: ReturnType<typeof useNavigate>, agent: AdminAgent) => Promise<void>;
}

const agentInfo: TabEntry = {
  value: 'agentInfo',
  label: 'Agent Info',
  path: '/agent/manage/$agentID',
  open: (navigate, { agentID }) => navigate({ to: '/agent/manage/$agentID', params: { agentID } }),
};
const account: TabEntry = {
  value: 'account',
  label: 'Account',
  path: '/account/$agentID/$firstName/$lastName',
  open: (navigate, params) => navigate({ to: '/account/$agentID/$firstName/$lastName', params }),
};
const leads: TabEntry = {
  value: 'leads',
  label: 'Leads',
  path: '/leads/$agentID/$firstName/$lastName',
  open: (navigate, params) => navigate({ to: '/leads/$agentID/$firstName/$lastName', params }),
};
const orders: TabEntry = {
  value: 'orders',
  label: 'Orders',
  path: '/viewOrders/$agentID/$firstName/$lastName',
  open: (navigate, params) => navigate({ to: '/viewOrders/$agentID/$firstName/$lastName', params }),
};
const fundOrders = (label: string): TabEntry => ({
  value: 'fundOrders',
  label,
  path: '/viewFundOrders/$agentID/$firstName/$lastName',
  open: (navigate, params) => navigate({ to: '/viewFundOrders/$agentID/$firstName/$lastName', params }),
});

/**
 * With fund preview on, Orders and Fund Orders are two tabs; without it the one Orders tab opens the
 * fund orders, as the drawer's My Orders does (spec part 1 §2.2).
 */
export function tabsFor(user: { Permissions: readonly Permission[]; Roles: readonly Role[]; IsFundPreview: boolean }): TabEntry[] {
  return [
    agentInfo,
    account,
    ...(user.Permissions.includes('CAN_VIEW_AGENTS_LEADS') ? [leads] : []),
    ...(user.IsFundPreview ? [orders, fundOrders('Fund Orders')] : [fundOrders('Orders')]),
  ].filter((tab) => pageAccess(uiRouteOf(tab.path)?.access, user).allowed);
}

export function AdminAgentHeader({ agent, current }: { agent: AdminAgent; current: AdminAgentTab }) {
  const user = useMe();
  const navigate = useNavigate();
  const tabs = tabsFor(user);
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        {agent.firstName} {agent.lastName} ({agent.agentID})
      </Title>
      <Tabs
        value={current}
        onChange={(value) => {
          const tab = tabs.find((t) => t.value === value);
          if (tab && tab.value !== current) void tab.open(navigate, agent);
        }}
      >
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </Stack>
  );
}
