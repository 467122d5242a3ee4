// GET /api/fund/fundHistory/{fundId} and /api/fund/fundCampaignVendorHistory/{fundId}: the expanded
// row of the Funds Summary, read when a row opens.
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import { fundKeys } from './fund-keys.ts';

export const useFundHistory = (fundId: string) =>
  useQuery({ queryKey: fundKeys.history(fundId), queryFn: ({ signal }) => callApi('funds.history', { params: { fundId }, signal }) });

export const useFundMakeupHistory = (fundId: string) =>
  useQuery({ queryKey: fundKeys.makeup(fundId), queryFn: ({ signal }) => callApi('funds.makeupHistory', { params: { fundId }, signal }) });
