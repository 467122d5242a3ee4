// /partner/welcome (partnerWelcome): the page a partner-portal invitation links to. Public: it loads no user.
import { createFileRoute } from '@tanstack/react-router';
import { PartnerWelcomePage } from '@/features/partner/welcome-page.tsx';

export const Route = createFileRoute('/_public/partner/welcome')({
  component: PartnerWelcomePage,
});
