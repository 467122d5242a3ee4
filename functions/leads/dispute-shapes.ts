// The staff queue's row of a dispute, shared by the queue and the decision's answer.
import type { QueueRow } from '#core/leads/disputes.ts';
import type { DisputeRowDto } from '#shared/api/disputes.ts';
import { centsToDollars } from '#shared/money.ts';

export function toDisputeRow({ dispute: d, lead, agent, reason }: QueueRow): DisputeRowDto {
  return {
    LeadId: d.leadId,
    UserFacingLeadId: d.userFacingLeadId,
    AgentId: d.agentId,
    AgentName: agent ? `${agent.firstName} ${agent.lastName}` : d.agentId,
    SubmittedBy: d.submittedBy,
    CampaignName: lead?.campaignName ?? d.campaignId,
    VendorName: lead?.vendorName ?? d.vendorId ?? '',
    VendorReason: d.vendorReason,
    UserFacingReason: reason?.userFacingReason ?? d.vendorReason,
    UserComments: d.userComments,
    DisputeStatus: d.status,
    DisputeDateTime: d.at,
    AgentPurchasePrice: centsToDollars(d.agentPurchasePriceCents),
    ...(d.decisionReason ? { Decision: d.decisionReason } : {}),
    ...(d.decidedAt ? { DecidedAt: d.decidedAt } : {}),
    ...(d.decidedBy ? { DecidedBy: d.decidedBy } : {}),
  };
}
