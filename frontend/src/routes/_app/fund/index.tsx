// /fund (newFund): New Fund.
import { createFileRoute } from '@tanstack/react-router';
import { FundFormPage } from '@/features/funds/fund-form-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/fund/')({
  beforeLoad: guardPage('/fund'),
  component: () => <FundFormPage />,
});
