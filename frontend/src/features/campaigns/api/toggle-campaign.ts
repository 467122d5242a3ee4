// POST /api/campaign/{id}/Activate and /Inactive (spec part 3 §4): the row shows the new status only
// after the call succeeds, by writing it into the cached list then.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { campaignKeys } from './campaign-keys.ts';
import { campaignListQueryOptions } from './list-campaigns.ts';

export const toggleCampaign = ({ campaignId, active }: { campaignId: string; active: boolean }) =>
  callApi(active ? 'campaigns.activate' : 'campaigns.deactivate', { params: { campaignId } });

export function useToggleCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleCampaign,
    onSuccess: (_, { campaignId, active }) => {
      queryClient.setQueryData(campaignListQueryOptions.queryKey, (rows) =>
        rows?.map((row) => (row.CampaignId === campaignId ? { ...row, Status: active ? 'Active' : 'Inactive' } : row)),
      );
      void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignId), exact: true });
    },
  });
}
