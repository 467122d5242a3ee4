// /orders (orders): My Orders, the older list (fund orders removed), spec part 2 §2. Show Cancelled and
// the search are the URL's search params; the orders are loaded before the screen shows.
import { createFileRoute } from '@tanstack/react-router';
import { loadOrders } from '@/features/orders/list/load-orders.ts';
import { orderListSearchSchema, type OrderListSearch } from '@/features/orders/list/order-list-model.ts';
import { OrdersPage } from '@/features/orders/list/orders-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';
import { useReplaceSearch } from '@/routing/use-replace-search.ts';

export const Route = createFileRoute('/_app/orders')({
  beforeLoad: guardPage('/orders'),
  validateSearch: orderListSearchSchema,
  loaderDeps: ({ search }) => ({ showCancelled: search.showCancelled, all: search.all }),
  loader: ({ context: { queryClient }, deps }) => loadOrders(queryClient, deps),
  component: OrdersRoute,
});

function OrdersRoute() {
  const navigate = Route.useNavigate();
  const setSearch = useReplaceSearch<OrderListSearch>(navigate);
  return <OrdersPage kind="campaign" search={Route.useSearch()} setSearch={setSearch} />;
}
