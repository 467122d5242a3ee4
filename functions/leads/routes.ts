// Route handlers of the leads area, keyed by manifest route id. Routes missing here answer 501.
// The area is large, so its handlers are grouped: My Leads and its exports, All Leads and the lead
// detail, and disputes.
import type { AreaRoutes } from '#platform/http.ts';
import { allLeadsRoutes } from './all-leads-routes.ts';
import { disputeRoutes } from './dispute-routes.ts';
import { myLeadsRoutes } from './my-leads-routes.ts';

export const routes: AreaRoutes = { ...myLeadsRoutes, ...allLeadsRoutes, ...disputeRoutes };
