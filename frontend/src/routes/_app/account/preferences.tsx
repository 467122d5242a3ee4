// /account/preferences (accountPreferences): Settings, for the signed-in user's own account.
import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '@/features/settings/settings-page.tsx';

export const Route = createFileRoute('/_app/account/preferences')({
  component: SettingsPage,
});
