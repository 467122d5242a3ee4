// GET /api/account/agenttrainingdata/{agentId}: the agent's training courses for Home's Training
// table (spec part 1 §3 "Training data row").
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '@/api/client.ts';
import { homeKeys } from './home-keys.ts';

const trainingRowSchema = z.object({ CourseName: z.string(), Status: z.string() });
export type TrainingRow = z.infer<typeof trainingRowSchema>;

export const getTrainingData = (agentId: string, signal?: AbortSignal) =>
  callApi('account.trainingData', { params: { agentId }, schema: z.array(trainingRowSchema), signal });

export const trainingDataQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: homeKeys.trainingData(agentId),
    queryFn: ({ signal }) => getTrainingData(agentId, signal),
  });

export const useTrainingData = (agentId: string) => useQuery(trainingDataQueryOptions(agentId));
