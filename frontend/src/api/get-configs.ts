// GET /api/configs: the protected configuration (environment, help and agent portal links), loaded
// with the user before any signed-in screen renders (spec part 1 §7).
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { ResponseOf } from '#shared/api/index.ts';
import { callApi } from './client.ts';

export type Configs = ResponseOf<'me.configs'>;

export const getConfigs = (signal?: AbortSignal) => callApi('me.configs', { signal });

export const configsQueryOptions = queryOptions({ queryKey: ['configs'], queryFn: ({ signal }) => getConfigs(signal) });

export const useConfigs = () => useSuspenseQuery(configsQueryOptions).data;
