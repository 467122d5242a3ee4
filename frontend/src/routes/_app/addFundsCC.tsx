// /addFundsCC (addFundsCC): Add Lead Money by credit card.
import { createFileRoute } from '@tanstack/react-router';
import { AddFundsPage } from '@/features/add-funds/add-funds-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/addFundsCC')({
  beforeLoad: guardPage('/addFundsCC'),
  component: AddFundsPage,
});
