// What the My Orders routes load before the page shows: the agent's orders as the URL asks for them
// and the two attention lists. A failed call is only logged and the page shows it as empty (spec
// part 2 §8), so nothing here turns the page into an error.
import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@/api/get-me.ts';
import { orderAgentQueryOptions } from '../api/get-order-agent.ts';
import { ordersWithReassignedQueryOptions, ordersWithTermedQueryOptions } from '../api/list-attention-orders.ts';
import { ordersQueryOptions } from '../api/list-orders.ts';
import { loadsActiveOnly, type OrderListSearch } from './order-list-model.ts';

export async function loadOrders(queryClient: QueryClient, search: Pick<OrderListSearch, 'showCancelled' | 'all'>, adminAgentId?: string): Promise<void> {
  const agentId = adminAgentId ?? (await queryClient.ensureQueryData(meQueryOptions)).AgentId;
  if (!agentId) return;
  const quietly = (promise: Promise<unknown>) => promise.catch(() => undefined);
  await Promise.all([
    quietly(queryClient.ensureQueryData(ordersQueryOptions(agentId, loadsActiveOnly(search)))),
    quietly(queryClient.ensureQueryData(ordersWithTermedQueryOptions(agentId))),
    quietly(queryClient.ensureQueryData(ordersWithReassignedQueryOptions(agentId))),
    ...(adminAgentId ? [quietly(queryClient.ensureQueryData(orderAgentQueryOptions(agentId)))] : []),
  ]);
}
