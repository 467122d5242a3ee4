// /fund (newFund): New Fund, for fund editors only (CAN_EDIT_FUNDS, shared/ui-routes.ts).
import { createFileRoute } from '@tanstack/react-router';
import { FundFormPage } from '@/features/funds/fund-form-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/fund/')({
  beforeLoad: guardPage('/fund'),
  component: () => <FundFormPage />,
});
