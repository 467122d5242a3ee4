// DELETE /api/contracts/{contractKey}: a card's Delete.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { contractKeys } from './contract-keys.ts';

export const deleteContract = (contractKey: string) => callApi('contracts.delete', { params: { contractKey } });

export function useDeleteContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContract,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractKeys.list() }),
  });
}
