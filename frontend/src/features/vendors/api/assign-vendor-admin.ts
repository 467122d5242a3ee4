// POST /api/vendor/{id}/admin/{email}/3/ (Edit Vendor's Primary Partner Portal Administrator): the
// role is fixed at 3 (spec part 3 §9); the server records the administrator and sends the
// invitation, answering 500 when it cannot ('Unable to create Admin').
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { VENDOR_ADMIN_ROLE } from '#shared/vendors.ts';
import { vendorDetailsKey } from './get-vendor-details.ts';
import { VENDOR_TABLE_KEY } from './list-vendors.ts';

export const assignVendorAdmin = ({ vendorId, email }: { vendorId: string; email: string }) =>
  callApi('vendors.assignAdmin', { params: { vendorId, email: email.trim(), role: VENDOR_ADMIN_ROLE } });

export function useAssignVendorAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignVendorAdmin,
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: vendorDetailsKey(answer.VendorId), exact: true });
      void queryClient.invalidateQueries({ queryKey: VENDOR_TABLE_KEY });
    },
  });
}
