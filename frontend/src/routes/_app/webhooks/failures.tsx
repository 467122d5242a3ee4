// /webhooks/failures (webhookFailures): the staff list of failing CRM deliveries across agents (issue
// 23); the list is loaded before the screen shows.
import { createFileRoute } from '@tanstack/react-router';
import { failuresQueryOptions } from '@/features/webhooks/api/list-failures.ts';
import { WebhookFailuresPage } from '@/features/webhooks/webhook-failures-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/webhooks/failures')({
  beforeLoad: guardPage('/webhooks/failures'),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(failuresQueryOptions),
  component: WebhookFailuresPage,
});
