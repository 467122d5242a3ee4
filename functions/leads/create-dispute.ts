// POST /api/lead/dispute (part 3 §7): the caller disputes their sale of a lead with one of the vendor's
// reasons; the pre-checks may decide it at once. A replay answers the stored dispute.
import { submitDispute } from '#core/leads/disputes.ts';
import { created, route } from '#platform/http.ts';
import { centsToDollars } from '#shared/money.ts';

export const createDispute = route('leads.dispute', {
  handle: async ({ body, user }) => {
    const { dispute } = await submitDispute({ agentId: user.agentId, leadId: body.LeadId, vendorReason: body.VendorReason, userComments: body.UserComments });
    const decided = dispute.status !== 'Submitted';
    return created({
      LeadId: dispute.leadId,
      DisputeStatus: dispute.status,
      DisputeDateTime: dispute.at,
      ...(decided && dispute.decisionReason ? { Decision: dispute.decisionReason } : {}),
      ...(dispute.status === 'Approved' ? { CreditedAmount: centsToDollars(dispute.agentPurchasePriceCents) } : {}),
    });
  },
});
