// / (homePage): the product name and the API's health answer until the home cards are built.
import { createFileRoute } from '@tanstack/react-router';
import { healthQueryOptions } from '@/features/home/api/get-health.ts';
import { HomePage } from '@/features/home/home-page.tsx';

export const Route = createFileRoute('/_app/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(healthQueryOptions),
  component: HomePage,
});
