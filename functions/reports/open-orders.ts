// GET /api/openordersfromfunds/fund/{fundId}/state/{state|all}: the Active fund orders of a fund (the
// all-zero GUID: every fund) in a state, 25 a page; and the same as a CSV export.
import { exportOpenOrders, openOrdersPage } from '#core/reports/open-orders-report.ts';
import { ok, route } from '#platform/http.ts';

export const listOpenOrders = route('reports.openOrders', {
  handle: async ({ params, query }) => {
    const page = await openOrdersPage(params, query);
    return ok({ Data: page.rows, Pages: page.pages, TotalCount: page.totalCount });
  },
});

export const exportOpenOrdersCsv = route('reports.openOrdersExport', {
  handle: async ({ params }) => {
    const file = await exportOpenOrders(params);
    return ok({ Url: file.url, FileName: file.fileName });
  },
});
