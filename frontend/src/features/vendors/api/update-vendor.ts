// Edit Vendor's save (spec part 3 §7): PATCH /api/vendor with the revision the form read (409 with
// the server's message when someone changed the vendor meanwhile). The answer is the vendor as now
// stored: it replaces the cached details, and the vendors table is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import type { VendorUpdateInput } from '#shared/vendors.ts';
import { vendorDetailsKey } from './get-vendor-details.ts';
import { VENDOR_TABLE_KEY } from './list-vendors.ts';

export const updateVendor = (body: VendorUpdateInput) => callApi('vendors.update', { body });

export function useUpdateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVendor,
    onSuccess: (vendor) => {
      queryClient.setQueryData(vendorDetailsKey(vendor.VendorId), vendor);
      void queryClient.invalidateQueries({ queryKey: VENDOR_TABLE_KEY });
    },
  });
}
