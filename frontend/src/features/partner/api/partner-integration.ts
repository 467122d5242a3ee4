// GET /api/partner/{vendorId}/integration and POST .../token, .../sandboxToken: the vendor's campaigns with
// their required fields and the tokens' last four; rotating answers the new token once, then the screen reads again.
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';

export const partnerIntegrationKey = (vendorId: string) => ['partner', vendorId, 'integration'] as const;

export const partnerIntegrationQueryOptions = (vendorId: string) =>
  queryOptions({ queryKey: partnerIntegrationKey(vendorId), queryFn: ({ signal }) => callApi('partner.integration', { params: { vendorId }, signal }) });

export const usePartnerIntegration = (vendorId: string) => useSuspenseQuery(partnerIntegrationQueryOptions(vendorId)).data;

/** Rotates the vendor's real token, or its sandbox token. */
export function useRotatePartnerToken(vendorId: string, which: 'real' | 'sandbox' = 'real') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(which === 'real' ? 'partner.rotateToken' : 'partner.rotateSandboxToken', { params: { vendorId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerIntegrationKey(vendorId), exact: true }),
  });
}
