// GET /api/fund: the funds the user may buy from, already filtered and sorted by the server (spec
// part 1 §6), for the Available Funds dialog.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '#shared/api/index.ts';
import { callApi } from '../../../api/client.ts';

/** One fund as the dialog shows it (the contract's fund: the price for the user's type, the category's label, DisputableStatus). */
export type AvailableFund = ResponseOf<'funds.list'>[number];

export const getFunds = (signal?: AbortSignal) => callApi('funds.list', { signal });

export const fundsQueryOptions = queryOptions({ queryKey: ['fund'], queryFn: ({ signal }) => getFunds(signal) });

/** Fetched only while the dialog is open, so the shell costs no funds call on every page. */
export const useFunds = (enabled: boolean) => useQuery({ ...fundsQueryOptions, enabled });
