// Settings (spec part 1 §2.6): the Time Zone note, Update Zip Code and, for captive (non-broker)
// agents, the Pro Store funds card; and, beyond the spec, the low-balance alert and auto-recharge (issue
// 12) and the e-mail and text alerts (issue 23). Staff users have no account, so they get the note only.
import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMe } from '@/api/get-me.ts';
import { AlertSettingsCard } from './alert-settings-card.tsx';
import { BalanceAlertsCard } from './balance-alerts-card.tsx';
import { ProStoreCard } from './pro-store-card.tsx';
import { TimeZoneCard } from './time-zone-card.tsx';
import { ZipCodeCard } from './zip-code-card.tsx';

/** Broker agents (type 1) have no Pro Store; everybody else counts as captive (part 1 §1). */
const BROKER = 1;

/** `children`: cards of other features the route adds below these (the CRM Delivery card, issue 23). */
export function SettingsPage({ children }: { children?: ReactNode }) {
  const { Account, IsSalesAssistant } = useMe();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        Settings
      </Title>
      <TimeZoneCard timeZone={Account?.TimeZone ?? null} />
      {Account && <ZipCodeCard account={Account} />}
      {Account && Account.Type !== BROKER && <ProStoreCard account={Account} />}
      {/* The holder's own setting: a sales assistant views another agent's account. */}
      {Account && !IsSalesAssistant && <BalanceAlertsCard agentId={Account.AgentId} />}
      {/* Where the agent is mailed and texted is theirs to set (issue 23). */}
      {Account && !IsSalesAssistant && <AlertSettingsCard agentId={Account.AgentId} />}
      {children}
    </Stack>
  );
}
