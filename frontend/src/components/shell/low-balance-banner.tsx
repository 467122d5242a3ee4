// The low-balance banner (issue 12 Insights): shown above every page of an agent whose balance is
// below the alert threshold they set in Settings, with a link to add money.
import { Alert } from '@mantine/core';
import { useBalanceAlerts } from '@/api/get-balance-alerts.ts';
import type { User } from '@/api/get-me.ts';
import { BALANCE_ALERT_MESSAGES } from '#shared/api/balance-alerts.ts';
import { AnchorLink } from '../anchor-link.tsx';
import { formatDollars } from '../money.ts';
import { viewedAccountName } from './account-state.ts';

/** The agent's own account only: staff have none, and a sales assistant views someone else's. */
export const ownAgentId = (user: User): string | null =>
  user.Account && user.AgentId && !user.IsAdmin && viewedAccountName(user) === undefined ? user.AgentId : null;

export function LowBalanceBanner({ user }: { user: User }) {
  const { data } = useBalanceAlerts(ownAgentId(user));
  if (!data?.Below || data.LowBalanceAlert === null) return null;
  return (
    <Alert color="yellow" variant="light" title="Your lead balance is low" role="status">
      {BALANCE_ALERT_MESSAGES.banner(formatDollars(data.Balance), formatDollars(data.LowBalanceAlert))}{' '}
      <AnchorLink to="/addFundsCC">{BALANCE_ALERT_MESSAGES.bannerLink}</AnchorLink>
    </Alert>
  );
}
