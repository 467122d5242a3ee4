// /alerts/unsubscribe?token= (alertsUnsubscribe): the unsubscribe link of an e-mail or text alert.
// Public: no sign-in, no start-up loading of the user.
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { UnsubscribePage } from '@/features/alerts/unsubscribe-page.tsx';

const searchSchema = z.object({ token: z.string().max(200).optional().catch(undefined) });

export const Route = createFileRoute('/_public/alerts/unsubscribe')({
  validateSearch: searchSchema,
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { token } = Route.useSearch();
  return <UnsubscribePage token={token} />;
}
