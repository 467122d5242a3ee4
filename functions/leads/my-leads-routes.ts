// Leads-area route handlers for My Leads and its two exports (see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';

export const myLeadsRoutes: AreaRoutes = {};
