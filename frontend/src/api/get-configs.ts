// GET /api/configs: the protected configuration (environment, help and agent portal links), loaded
// with the user before any signed-in screen renders (spec part 1 §7).
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from './client.ts';

/** The spec's environment names as this API sends them; dev-only tools hide under PROD. */
export const envSchema = z.enum(['DEV', 'PROD']);

export const configsSchema = z.object({
  Env: envSchema,
  HelpUrl: z.string(),
  AgentPortalUrl: z.string(),
});
export type Configs = z.infer<typeof configsSchema>;

export const getConfigs = (signal?: AbortSignal) => callApi('me.configs', { schema: configsSchema, signal });

export const configsQueryOptions = queryOptions({ queryKey: ['configs'], queryFn: ({ signal }) => getConfigs(signal) });

export const useConfigs = () => useSuspenseQuery(configsQueryOptions).data;
