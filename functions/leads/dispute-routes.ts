// Leads-area route handlers for disputes (agent) and the dispute queue (staff) (see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';
import { createDispute } from './create-dispute.ts';
import { decideDisputeRoute } from './decide-dispute.ts';
import { listDisputeQueue } from './list-dispute-queue.ts';

export const disputeRoutes: AreaRoutes = {
  'leads.dispute': createDispute,
  'leads.disputeQueue': listDisputeQueue,
  'leads.decideDispute': decideDisputeRoute,
};
