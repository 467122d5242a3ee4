// / (homePage): the welcome card; the user it greets is loaded by the signed-in layout.
import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/home/home-page.tsx';

export const Route = createFileRoute('/_app/')({
  component: HomePage,
});
