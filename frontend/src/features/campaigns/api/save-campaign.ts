// The save of the campaign form (spec part 3 §4, §7) as the calls of the shared contract: the
// campaign (POST answers its CampaignId, PATCH 204), removed campaign vendors deleted, each campaign
// vendor POSTed or PATCHed, then its fund selections PUT. The order is save-sequence.ts's.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { campaignBody, fundSelectionsBody, newVendorBody, savedVendorBody, type CampaignFormValues, type VendorRowValues } from '../campaign-form-model.ts';
import { runCampaignSave, type SaveProgress, type SaveSteps } from '../save-sequence.ts';
import { campaignKeys } from './campaign-keys.ts';

export type SavedFunds = Awaited<ReturnType<typeof saveFunds>>;

const saveFunds = (row: VendorRowValues, campaignVendorId: string) =>
  callApi('funds.saveCampaignVendorFunds', { body: fundSelectionsBody(row, campaignVendorId) });

export interface FormSaveProgress extends SaveProgress {
  fundsSaved(index: number, saved: SavedFunds): void;
}

export function saveCampaignForm(values: CampaignFormValues, progress: FormSaveProgress): Promise<string> {
  const indexOf = new Map(values.Vendors.map((row, index) => [row, index]));
  const steps: SaveSteps<VendorRowValues> = {
    async saveCampaign() {
      const { kind, body } = campaignBody(values.Campaign);
      const params = { startDate: body.StartDate, endDate: body.EndDate };
      if (kind === 'create') return (await callApi('campaigns.create', { params, body })).CampaignId;
      await callApi('campaigns.update', { params, body });
      return body.CampaignId;
    },
    deleteVendor: async (campaignVendorId) => void (await callApi('campaigns.deleteCampaignVendor', { params: { campaignVendorId } })),
    createVendor: async (row, campaignId) => (await callApi('campaigns.createCampaignVendor', { body: newVendorBody(row, campaignId) })).CampaignVendorId,
    updateVendor: async (row, campaignId) => (await callApi('campaigns.updateCampaignVendor', { body: savedVendorBody(row, campaignId) })).CampaignVendorId,
    async saveFunds(row, campaignVendorId) {
      // A vendor row without any fund has nothing to PUT: the selections name their campaign vendor.
      if (row.Funds.length === 0) return;
      progress.fundsSaved(indexOf.get(row) ?? -1, await saveFunds(row, campaignVendorId));
    },
  };
  return runCampaignSave({ campaignId: values.Campaign.CampaignId, removedVendorIds: values.RemovedVendorIds, vendors: values.Vendors }, steps, progress);
}

export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, progress }: { values: CampaignFormValues; progress: FormSaveProgress }) => saveCampaignForm(values, progress),
    // Whatever part was written, the list and that campaign are read again.
    onSettled: (campaignId, _error, { values }) => {
      void queryClient.invalidateQueries({ queryKey: campaignKeys.list() });
      const id = campaignId ?? values.Campaign.CampaignId;
      if (id) void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(id) });
    },
  });
}
