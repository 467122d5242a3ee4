// /mfaRequired: the auth callback sends a staff sign-in without an authenticator app here (no session);
// the page explains and sets one up. Public: it loads no user.
import { createFileRoute } from '@tanstack/react-router';
import { MfaRequiredPage } from '@/features/mfa/mfa-required-page.tsx';

export const Route = createFileRoute('/_public/mfaRequired')({
  component: MfaRequiredPage,
});
