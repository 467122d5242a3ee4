// GET /api/agent/{agentId}/webhooks: the agent's CRM endpoints (issue 23) and, when one has been failing
// for over an hour, the banner's words. Read by the shell's banner and by Settings' CRM Delivery card,
// so it lives here; the webhooks feature's mutations refresh it by this key.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './client.ts';

export const webhooksKey = (agentId: string) => ['webhooks', agentId] as const;

export const webhooksQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: webhooksKey(agentId),
    queryFn: ({ signal }) => callApi('webhooks.list', { params: { agentId }, signal }),
  });

/** Not suspending: the banner and the card fill in when the answer comes, never holding up the page. */
export const useWebhooks = (agentId: string | null) => useQuery({ ...webhooksQueryOptions(agentId ?? ''), enabled: agentId !== null });
