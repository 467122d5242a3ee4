// GET /api/featureflags: the configuration flags of spec part 1 §9 (and the New Fund Order flag of
// part 2 §2), loaded with the user before any signed-in screen renders.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from './client.ts';
import { envSchema } from './get-configs.ts';

export const featureFlagsSchema = z.object({
  thirdPartyToggle: z.boolean(),
  liveTransferCallData: z.boolean(),
  liveTransferPhoneData: z.boolean(),
  trainingData: z.boolean(),
  validTrainingTitles: z.array(z.string()),
  env: envSchema,
  newFundOrderForStaff: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

export const getFeatureFlags = (signal?: AbortSignal) => callApi('me.featureFlags', { schema: featureFlagsSchema, signal });

export const featureFlagsQueryOptions = queryOptions({ queryKey: ['featureflags'], queryFn: ({ signal }) => getFeatureFlags(signal) });

export const useFeatureFlags = () => useSuspenseQuery(featureFlagsQueryOptions).data;
