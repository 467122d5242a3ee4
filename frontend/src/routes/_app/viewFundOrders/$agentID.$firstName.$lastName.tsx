// /viewFundOrders/{agentID}/{firstName}/{lastName} (adminViewFundOrders): an agent's fund orders as
// admin, manager or support see them (spec part 2 §2, §6; part 3 §6), under the agent header.
import { createFileRoute } from '@tanstack/react-router';
import { loadOrders } from '@/features/orders/list/load-orders.ts';
import { orderListSearchSchema, type OrderListSearch } from '@/features/orders/list/order-list-model.ts';
import { OrdersPage } from '@/features/orders/list/orders-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';
import { parseRouteValues } from '@/routing/route-values.ts';
import { useReplaceSearch } from '@/routing/use-replace-search.ts';

export const Route = createFileRoute('/_app/viewFundOrders/$agentID/$firstName/$lastName')({
  beforeLoad: guardPage('/viewFundOrders/$agentID/$firstName/$lastName'),
  params: { parse: parseRouteValues, stringify: (params) => params },
  validateSearch: orderListSearchSchema,
  loaderDeps: ({ search }) => ({ showCancelled: search.showCancelled, all: search.all }),
  loader: ({ context: { queryClient }, deps, params }) => loadOrders(queryClient, deps, params.agentID),
  component: AdminFundOrdersRoute,
});

function AdminFundOrdersRoute() {
  const navigate = Route.useNavigate();
  const setSearch = useReplaceSearch<OrderListSearch>(navigate);
  return <OrdersPage kind="fund" admin={Route.useParams()} search={Route.useSearch()} setSearch={setSearch} />;
}
