// POST /api/contracts (Add Map) and PUT /api/contracts (a card's Save, with the revision it read).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractCreateIn } from '#shared/contracts.ts';
import { callApi } from '@/api/client.ts';
import { contractKeys } from './contract-keys.ts';

export type SaveContractInput = ContractCreateIn & { ContractKey?: string; Revision?: number };

export const saveContract = ({ ContractKey, Revision, ...fields }: SaveContractInput) =>
  ContractKey && Revision
    ? callApi('contracts.update', { body: { ...fields, ContractKey, Revision } })
    : callApi('contracts.create', { body: fields });

export function useSaveContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContract,
    // Resolves once the list shows the saved map, so the card can leave edit mode without a flash.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractKeys.list() }),
  });
}
