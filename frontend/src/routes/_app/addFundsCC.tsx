// /addFundsCC (addFundsCC): Add Lead Money by credit card.
import { createFileRoute } from '@tanstack/react-router';
import { AddFundsPage } from '@/features/add-funds/add-funds-page.tsx';

export const Route = createFileRoute('/_app/addFundsCC')({
  component: AddFundsPage,
});
