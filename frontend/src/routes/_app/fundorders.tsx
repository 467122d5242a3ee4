// /fundorders (fundOrders): My Fund Orders, spec part 2 §2: only fund orders. Show Cancelled, whether
// every order was loaded and the search are the URL's search params; the orders load before the screen shows.
import { createFileRoute } from '@tanstack/react-router';
import { loadOrders } from '@/features/orders/list/load-orders.ts';
import { orderListSearchSchema, type OrderListSearch } from '@/features/orders/list/order-list-model.ts';
import { OrdersPage } from '@/features/orders/list/orders-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';
import { useReplaceSearch } from '@/routing/use-replace-search.ts';

export const Route = createFileRoute('/_app/fundorders')({
  beforeLoad: guardPage('/fundorders'),
  validateSearch: orderListSearchSchema,
  loaderDeps: ({ search }) => ({ showCancelled: search.showCancelled, all: search.all }),
  loader: ({ context: { queryClient }, deps }) => loadOrders(queryClient, deps),
  component: FundOrdersRoute,
});

function FundOrdersRoute() {
  const navigate = Route.useNavigate();
  const setSearch = useReplaceSearch<OrderListSearch>(navigate);
  return <OrdersPage kind="fund" search={Route.useSearch()} setSearch={setSearch} />;
}
