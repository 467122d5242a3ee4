// POST /api/vendor/{id}/Activate and /Inactive (spec part 3 §4 Vendor status): once the call succeeds
// the row shows the new status, written into every cached page of the table that holds the vendor,
// with the revision stamp the server answered.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import type { VendorTablePage } from '#shared/api/vendors.ts';
import { vendorDetailsKey } from './get-vendor-details.ts';
import { VENDOR_TABLE_KEY } from './list-vendors.ts';

export const toggleVendor = ({ vendorId, active }: { vendorId: string; active: boolean }) =>
  callApi(active ? 'vendors.activate' : 'vendors.deactivate', { params: { vendorId } });

export function useToggleVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleVendor,
    onSuccess: (answer) => {
      queryClient.setQueriesData<VendorTablePage>({ queryKey: VENDOR_TABLE_KEY }, (page) =>
        page
          ? {
              ...page,
              Vendors: page.Vendors.map((row) =>
                row.VendorId === answer.VendorId
                  ? { ...row, Status: answer.Status, Revision: answer.Revision, ModifiedBy: answer.ModifiedBy, LastUpdated: answer.LastUpdated }
                  : row,
              ),
            }
          : page,
      );
      void queryClient.invalidateQueries({ queryKey: vendorDetailsKey(answer.VendorId), exact: true });
    },
  });
}
