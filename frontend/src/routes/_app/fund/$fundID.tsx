// /fund/{fundID} (editFund): Edit Fund, starting from the fund as the server has it now (its revision
// is what the save is checked against).
import { createFileRoute } from '@tanstack/react-router';
import { fundQueryOptions, useFund } from '@/features/funds/api/get-fund.ts';
import { FundFormPage } from '@/features/funds/fund-form-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/fund/$fundID')({
  beforeLoad: guardPage('/fund/$fundID'),
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(fundQueryOptions(params.fundID)),
  component: EditFundRoute,
});

function EditFundRoute() {
  const { fundID } = Route.useParams();
  const fund = useFund(fundID);
  // Keyed by revision: a reloaded fund starts a fresh form.
  return <FundFormPage key={`${fund.FundId}:${fund.Revision}`} fund={fund} />;
}
