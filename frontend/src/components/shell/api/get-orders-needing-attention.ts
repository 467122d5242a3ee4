// GET /api/agent/{agentId}/orderswithtermed and .../orderswithreassigned: the agent's orders whose
// distribution holds a terminated agent or a reassigned order, for the 'An order needs attention'
// banner (spec part 1 §2.2, part 2 §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '../../../api/client.ts';

const ordersSchema = z.array(z.unknown());

type AttentionRoute = 'orders.withTermed' | 'orders.withReassigned';

async function ordersOf(id: AttentionRoute, agentId: string, signal?: AbortSignal): Promise<unknown[]> {
  return callApi(id, { params: { agentId }, schema: ordersSchema, signal });
}

async function countOrdersNeedingAttention(agentId: string, signal?: AbortSignal): Promise<number> {
  const [termed, reassigned] = await Promise.all([
    ordersOf('orders.withTermed', agentId, signal),
    ordersOf('orders.withReassigned', agentId, signal),
  ]);
  return termed.length + reassigned.length;
}

export const ordersNeedingAttentionQueryOptions = (agentId: string) =>
  queryOptions({
    // Under the orders screens' key of this agent (['orders', agentId], features/orders/api/order-keys.ts),
    // so a save or a status change there refreshes the banner too.
    queryKey: ['orders', agentId, 'attentionCount'],
    queryFn: ({ signal }) => countOrdersNeedingAttention(agentId, signal),
  });

/** Not suspending: the banner appears when the answer comes, never holding up the page. */
export const useOrdersNeedingAttention = (agentId: string | null) =>
  useQuery({ ...ordersNeedingAttentionQueryOptions(agentId ?? ''), enabled: agentId !== null });
