// GET /api/account/agentphonenumber/{agentId}: the agent's LiveTransfer phone numbers for Home
// (spec part 1 §3 "Live-transfer phone"); a 404 means the phone is not set up.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '#shared/api/index.ts';
import { callApi } from '@/api/client.ts';
import { homeKeys } from './home-keys.ts';

export const PHONE_STATUSES = ['Active', 'VerificationInProgress', 'VerificationFailed', 'Suspended'] as const;

export type AgentPhone = ResponseOf<'account.phoneNumber'>;

export const getAgentPhone = (agentId: string, signal?: AbortSignal) =>
  callApi('account.phoneNumber', { params: { agentId }, signal });

export const agentPhoneQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: homeKeys.agentPhone(agentId),
    queryFn: ({ signal }) => getAgentPhone(agentId, signal),
  });

export const useAgentPhone = (agentId: string) => useQuery(agentPhoneQueryOptions(agentId));
