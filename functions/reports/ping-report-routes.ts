// Reports-area route handlers for Ping History (see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';

export const pingReportRoutes: AreaRoutes = {};
