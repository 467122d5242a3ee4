// Reports-area route handlers for Account Summary and Transaction History (see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';

export const ledgerReportRoutes: AreaRoutes = {};
