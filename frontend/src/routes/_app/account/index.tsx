// /account (account): My Account, the signed-in agent's transactions and money actions.
import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '@/features/account/account-page.tsx';

export const Route = createFileRoute('/_app/account/')({
  component: AccountPage,
});
