// New Vendor's save (spec part 3 §7): POST /api/vendor, then POST /api/campaignVendors for each
// campaign picked in Select Campaigns, in the order of vendor-save-sequence.ts. The vendors table is
// read again afterwards, whatever part was written.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import type { VendorFormValues } from '../vendor-form-model.ts';
import { runVendorCreate, type CreateProgress } from '../vendor-save-sequence.ts';
import { VENDOR_TABLE_KEY } from './list-vendors.ts';

export interface CreateVendorInput {
  values: VendorFormValues;
  /** The vendor an earlier, half-finished save already created. */
  createdVendorId: string | null;
  progress: CreateProgress;
}

export const createVendor = ({ values, createdVendorId, progress }: CreateVendorInput) =>
  runVendorCreate(
    values,
    createdVendorId,
    {
      createVendor: async (body) => (await callApi('vendors.create', { body })).VendorId,
      assignCampaign: (body) => callApi('campaigns.createCampaignVendor', { body }),
    },
    progress,
  );

export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVendor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: VENDOR_TABLE_KEY }),
  });
}
