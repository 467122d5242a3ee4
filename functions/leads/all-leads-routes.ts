// Leads-area route handlers for All Leads, its export and the lead detail (see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';

export const allLeadsRoutes: AreaRoutes = {};
