// The banners above every signed-in page (spec part 1 §2.2): orders needing attention (non-admins),
// the Lead Fund transition notice (fund preview), the paused account, and the viewed account
// (sales assistants); and, beyond the spec, the agent's own low-balance alert (issue 12) and a failing
// CRM endpoint (issue 23).
import { Alert, Anchor, Stack } from '@mantine/core';
import { useConfigs } from '@/api/get-configs.ts';
import { useMe } from '@/api/get-me.ts';
import { AnchorLink } from '../anchor-link.tsx';
import { isPaused, viewedAccountName, watchesOrders } from './account-state.ts';
import { useOrdersNeedingAttention } from './api/get-orders-needing-attention.ts';
import classes from './banners.module.css';
import { CrmFailingBanner } from './crm-failing-banner.tsx';
import { LowBalanceBanner } from './low-balance-banner.tsx';
import { myOrdersPath } from './drawer-entries.ts';

/**
 * The spec quotes this notice only up to "5/30/2019..."; the sentence is completed here in the same
 * vein, and the help link carries the details.
 */
const LEAD_FUND_TRANSITION_NOTICE =
  'We are in the Lead Fund transition period. Please create your fund orders by end of day 5/30/2019, when campaign orders stop receiving leads.';

function OrdersNeedingAttention() {
  const user = useMe();
  const { data: count } = useOrdersNeedingAttention(watchesOrders(user) ? user.AgentId : null);
  if (!count) return null;
  return (
    <Alert color="orange" variant="light" title="An order needs attention">
      <AnchorLink to={myOrdersPath(user)}>View your orders</AnchorLink>
    </Alert>
  );
}

export function Banners() {
  const user = useMe();
  const { HelpUrl } = useConfigs();
  const viewed = viewedAccountName(user);
  return (
    <Stack gap="xs" px="md" pt="md" className={classes.banners} data-testid="banners">
      <OrdersNeedingAttention />
      <LowBalanceBanner user={user} />
      <CrmFailingBanner user={user} />
      {user.IsFundPreview && (
        <Alert color="blue" variant="light">
          {LEAD_FUND_TRANSITION_NOTICE}{' '}
          <Anchor href={HelpUrl} target="_blank" rel="noopener noreferrer" size="sm">
            Learn more in Help
          </Anchor>
        </Alert>
      )}
      {isPaused(user.Account) && (
        <Alert color="red" variant="light">
          You are not purchasing leads
        </Alert>
      )}
      {viewed !== undefined && (
        <Alert color="gray" variant="light">
          Viewing account for {viewed}
        </Alert>
      )}
    </Stack>
  );
}
