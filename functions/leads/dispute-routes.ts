// Leads-area route handlers for disputes (agent) and the dispute queue (staff) (see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';

export const disputeRoutes: AreaRoutes = {};
