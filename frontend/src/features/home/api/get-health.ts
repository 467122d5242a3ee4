// GET /api/health: the API's liveness answer, which the home page shows until the real home is built.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '@/api/client.ts';

const healthSchema = z.object({ Status: z.string() });
export type Health = z.infer<typeof healthSchema>;

export const getHealth = (signal?: AbortSignal) => callApi('auth.health', { schema: healthSchema, signal });

export const healthQueryOptions = queryOptions({
  queryKey: ['health'],
  queryFn: ({ signal }) => getHealth(signal),
});

export const useHealth = () => useSuspenseQuery(healthQueryOptions);
