// POST /api/fund (New Fund) and PUT /api/fund (Edit Fund), with the body the shared fund schema checks.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import type { FundCreateInput } from '#shared/fund-form.ts';
import { fundKeys } from './fund-keys.ts';

export type SaveFundInput = FundCreateInput & { FundId?: string; Revision?: number };

export const saveFund = ({ FundId, Revision, ...fields }: SaveFundInput) =>
  FundId && Revision ? callApi('funds.update', { body: { ...fields, FundId, Revision } }) : callApi('funds.create', { body: fields });

export function useSaveFund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFund,
    // The summary, this fund and the Available Funds dialog all read funds.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundKeys.all }),
  });
}
