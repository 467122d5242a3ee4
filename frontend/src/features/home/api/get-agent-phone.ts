// GET /api/account/agentphonenumber/{agentId}: the agent's LiveTransfer phone numbers for Home
// (spec part 1 §3 "Live-transfer phone"); a 404 means the phone is not set up.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '@/api/client.ts';
import { homeKeys } from './home-keys.ts';

export const PHONE_STATUSES = ['Active', 'VerificationInProgress', 'VerificationFailed', 'Suspended'] as const;

const agentPhoneSchema = z.object({
  PrimaryPhoneNumber: z.string(),
  SecondaryPhoneNumber: z.string().nullable(),
  StatusPrimary: z.enum(PHONE_STATUSES),
  StatusSecondary: z.enum(PHONE_STATUSES).nullable(),
});
export type AgentPhone = z.infer<typeof agentPhoneSchema>;

export const getAgentPhone = (agentId: string, signal?: AbortSignal) =>
  callApi('account.phoneNumber', { params: { agentId }, schema: agentPhoneSchema, signal });

export const agentPhoneQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: homeKeys.agentPhone(agentId),
    queryFn: ({ signal }) => getAgentPhone(agentId, signal),
  });

export const useAgentPhone = (agentId: string) => useQuery(agentPhoneQueryOptions(agentId));
