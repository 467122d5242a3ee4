// POST agent/{agentId}/orders/fillRatePreview (issue 12 Insights): the wizard's draft answered with its
// expected leads per week. A read, so a query keyed by the draft: the same draft is asked once.
import { queryOptions } from '@tanstack/react-query';
import type { FillRateBody } from '#shared/api/fill-rate.ts';
import { callApi } from '@/api/client.ts';
import { orderKeys } from './order-keys.ts';

export const fillRateQueryOptions = (agentId: string, body: FillRateBody) =>
  queryOptions({
    queryKey: [...orderKeys.agent(agentId), 'fillRate', body] as const,
    queryFn: () => callApi('orders.fillRatePreview', { params: { agentId }, body }),
    staleTime: 60_000,
    retry: false,
  });
