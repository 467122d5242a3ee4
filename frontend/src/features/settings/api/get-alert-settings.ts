// GET /api/account/{agentId}/alertSettings: the agent's e-mail and SMS alert settings (issue 23), the
// defaults before any were saved. Only Settings reads it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import type { AlertSettingsDto } from '#shared/api/alert-settings.ts';

export type AlertSettings = AlertSettingsDto;

export const alertSettingsKey = (agentId: string) => ['alertSettings', agentId] as const;

export const alertSettingsQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: alertSettingsKey(agentId),
    queryFn: ({ signal }) => callApi('account.alertSettings', { params: { agentId }, signal }),
  });

/** Not suspending: the card shows a loader while the rest of Settings is already usable. */
export const useAlertSettings = (agentId: string) => useQuery(alertSettingsQueryOptions(agentId));
