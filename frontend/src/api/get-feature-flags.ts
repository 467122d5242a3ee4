// GET /api/featureflags: the configuration flags of spec part 1 §9 (and the New Fund Order flag of
// part 2 §2), loaded with the user before any signed-in screen renders.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { ResponseOf } from '#shared/api/index.ts';
import { callApi } from './client.ts';

export type FeatureFlags = ResponseOf<'me.featureFlags'>;

export const getFeatureFlags = (signal?: AbortSignal) => callApi('me.featureFlags', { signal });

export const featureFlagsQueryOptions = queryOptions({ queryKey: ['featureflags'], queryFn: ({ signal }) => getFeatureFlags(signal) });

export const useFeatureFlags = () => useSuspenseQuery(featureFlagsQueryOptions).data;
