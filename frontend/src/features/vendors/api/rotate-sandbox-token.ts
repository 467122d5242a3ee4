// POST /api/vendor/{id}/sandboxToken (Edit Vendor's Sandbox token section, issue 24): a new sandbox
// token replaces the old one at once; the real token is untouched. The answer carries the token this
// one time; the vendor's details (which show its last four) are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { vendorDetailsKey } from './get-vendor-details.ts';

export const rotateSandboxToken = (vendorId: string) => callApi('vendors.rotateSandboxToken', { params: { vendorId } });

export function useRotateSandboxToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateSandboxToken,
    onSuccess: (answer) => void queryClient.invalidateQueries({ queryKey: vendorDetailsKey(answer.VendorId), exact: true }),
  });
}
