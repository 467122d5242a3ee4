// /account/preferences (accountPreferences): Settings, for the signed-in user's own account, with the
// CRM Delivery card of the webhooks feature (issue 23) below its own cards.
import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '@/features/settings/settings-page.tsx';
import { CrmDeliverySettings } from '@/features/webhooks/crm-delivery-settings.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/account/preferences')({
  beforeLoad: guardPage('/account/preferences'),
  component: PreferencesRoute,
});

function PreferencesRoute() {
  return (
    <SettingsPage>
      <CrmDeliverySettings />
    </SettingsPage>
  );
}
