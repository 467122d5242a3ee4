// /contract (adminContractMap): Contract Map; the maps are loaded before the screen shows, the
// campaigns of the edit dropdown alongside (a failure there only leaves the dropdown empty).
import { createFileRoute } from '@tanstack/react-router';
import { campaignChoicesQueryOptions } from '@/features/contracts/api/list-campaign-choices.ts';
import { contractsQueryOptions } from '@/features/contracts/api/list-contracts.ts';
import { ContractMapPage } from '@/features/contracts/contract-map-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/contract')({
  beforeLoad: guardPage('/contract'),
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(campaignChoicesQueryOptions);
    return queryClient.ensureQueryData(contractsQueryOptions);
  },
  component: ContractMapPage,
});
