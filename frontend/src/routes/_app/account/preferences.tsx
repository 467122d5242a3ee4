// /account/preferences (accountPreferences): Settings, for the signed-in user's own account.
import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '@/features/settings/settings-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/account/preferences')({
  beforeLoad: guardPage('/account/preferences'),
  component: SettingsPage,
});
