// GET /api/account/agenttrainingdata/{agentId}: the agent's training courses for Home's Training
// table (spec part 1 §3 "Training data row").
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '#shared/api/index.ts';
import { callApi } from '@/api/client.ts';
import { homeKeys } from './home-keys.ts';

export type TrainingRow = ResponseOf<'account.trainingData'>[number];

export const getTrainingData = (agentId: string, signal?: AbortSignal) =>
  callApi('account.trainingData', { params: { agentId }, signal });

export const trainingDataQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: homeKeys.trainingData(agentId),
    queryFn: ({ signal }) => getTrainingData(agentId, signal),
  });

export const useTrainingData = (agentId: string) => useQuery(trainingDataQueryOptions(agentId));
