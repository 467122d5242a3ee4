// GET /api/fund: the funds the user may buy from, already filtered and sorted by the server (spec
// part 1 §6), for the Available Funds dialog.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '../../../api/client.ts';

/** The fields the dialog shows; the server sends more (prices per type, channel, dates). */
const availableFundSchema = z.object({
  FundId: z.string(),
  Name: z.string(),
  Description: z.string(),
  /** 'LeadConnect' (own company) or 'Third Party', as the server names the category. */
  CategoryLabel: z.string(),
  DisputableStatus: z.enum(['No', 'Some', 'All']),
  /** The price for the user's agent type, in dollars. */
  Price: z.number(),
});
export type AvailableFund = z.infer<typeof availableFundSchema>;

export const getFunds = (signal?: AbortSignal) => callApi('funds.list', { schema: z.array(availableFundSchema), signal });

export const fundsQueryOptions = queryOptions({ queryKey: ['fund'], queryFn: ({ signal }) => getFunds(signal) });

/** Fetched only while the dialog is open, so the shell costs no funds call on every page. */
export const useFunds = (enabled: boolean) => useQuery({ ...fundsQueryOptions, enabled });
