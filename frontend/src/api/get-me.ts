// GET /api/me: the signed-in user (spec part 1 §3 "Agent info"): its query and hook; the shape is the
// contract's (shared/api/me.ts). Every signed-in screen reads it; the signed-in layout loads it before
// anything renders.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { AccountDto } from '#shared/api/account.ts';
import type { MeDto } from '#shared/api/me.ts';
import { callApi } from './client.ts';

export type User = MeDto;
export type Account = AccountDto;

export const getMe = (signal?: AbortSignal) => callApi('me.get', { signal });

export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => getMe(signal),
});

export const useMe = () => useSuspenseQuery(meQueryOptions).data;
