// PATCH /api/disputes/{leadId} (admin, support): approve a Submitted dispute with the credit, or deny
// it, with the reason recorded. The same decision again answers the stored dispute.
import { decideDispute, queueRowOf } from '#core/leads/disputes.ts';
import { ok, route } from '#platform/http.ts';
import { toDisputeRow } from './dispute-shapes.ts';

export const decideDisputeRoute = route('leads.decideDispute', {
  handle: async ({ params, body, user }) => {
    const dispute = await decideDispute({ leadId: params.leadId, agentId: body.AgentId, decision: body.Decision, reason: body.Reason, by: user.email });
    return ok(toDisputeRow(await queueRowOf(dispute)));
  },
});
