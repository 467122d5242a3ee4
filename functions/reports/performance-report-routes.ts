// Reports-area route handlers for campaign and fund performance, internal leads and open orders (see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';

export const performanceReportRoutes: AreaRoutes = {};
