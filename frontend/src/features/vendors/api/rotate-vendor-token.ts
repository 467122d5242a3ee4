// POST /api/vendor/{id}/token (Edit Vendor's Vendor Token section): a new token replaces the old one
// at once. The answer carries the token this one time; only its last four are ever read again, so
// the vendor's details and the table (which show them) are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { vendorDetailsKey } from './get-vendor-details.ts';
import { VENDOR_TABLE_KEY } from './list-vendors.ts';

export const rotateVendorToken = (vendorId: string) => callApi('vendors.rotateToken', { params: { vendorId } });

export function useRotateVendorToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateVendorToken,
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: vendorDetailsKey(answer.VendorId), exact: true });
      void queryClient.invalidateQueries({ queryKey: VENDOR_TABLE_KEY });
    },
  });
}
