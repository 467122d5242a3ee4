// The CRM delivery banner (issue 23): shown above every page of an agent one of whose CRM endpoints has
// been failing for over an hour (the server's words), linking to Settings where the endpoints are.
// Settings shows the same words in its CRM Delivery card, so the banner stays off there.
import { Alert } from '@mantine/core';
import { useWebhooks } from '@/api/get-webhooks.ts';
import type { User } from '@/api/get-me.ts';
import { AnchorLink } from '../anchor-link.tsx';
import { useCurrentUiRoute } from '../use-current-ui-route.ts';
import { ownAgentId } from './low-balance-banner.tsx';

/** Only the agent's own endpoints: the card that fixes them is in their Settings. */
export const crmBannerAgentId = (user: User): string | null => (user.Permissions.includes('CAN_VIEW_SETTINGS') ? ownAgentId(user) : null);

export function CrmFailingBanner({ user }: { user: User }) {
  const onSettings = useCurrentUiRoute()?.name === 'accountPreferences';
  const { data } = useWebhooks(crmBannerAgentId(user));
  if (!data?.Banner || onSettings) return null;
  return (
    <Alert color="red" variant="light" title="CRM delivery is failing" role="alert">
      {data.Banner} <AnchorLink to="/account/preferences">Check your CRM endpoints in Settings</AnchorLink>
    </Alert>
  );
}
