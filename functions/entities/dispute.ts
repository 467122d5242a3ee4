// A dispute of a lead's sale (spec part 3 §3 Dispute, §4): one per lead and buying agent, beside the
// lead in its partition (the key makes a second dispute of the same sale impossible). Submitted waits
// for a decision (Home's Disputes Pending counts these); the automatic pre-checks or staff decide
// Approved (with a LeadCredit ledger entry) or Denied, with the evidence or reason recorded.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const DISPUTE_STATUSES = ['Submitted', 'Approved', 'Denied'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const Dispute = defineEntity({
  entity: 'Dispute',
  version: 1,
  schema: z.object({
    leadId: z.string(),
    userFacingLeadId: z.number().int().positive(),
    /** The agent whose order bought the lead (the one charged, and credited on approval). */
    agentId: z.string(),
    /** The agent who disputed it (the buyer, or the recipient of a distributed lead). */
    submittedBy: z.string(),
    vendorId: z.string().optional(),
    campaignId: z.string(),
    fundId: z.string().optional(),
    vendorReason: z.string(),
    userComments: z.string(),
    status: z.enum(DISPUTE_STATUSES),
    /** When it was submitted (the DisputeDateTime of the lead rows). */
    at: z.string(),
    /** The sale's price, credited back on approval. */
    agentPurchasePriceCents: z.number().int().nonnegative(),
    decidedAt: z.string().optional(),
    /** 'auto' for the pre-checks, else the staff user id. */
    decidedBy: z.string().optional(),
    /** The pre-check's evidence or the staff reason. */
    decisionReason: z.string().optional(),
    /**
     * The pre-checks' evidence as the lead's vendor sees it (partner portal Returns), where it differs:
     * an earlier lead of another vendor is not named by its number.
     */
    vendorDecisionReason: z.string().optional(),
    creditEntryId: z.string().optional(),
  }),
  key: (d: { leadId: string; agentId: string }) => ({ pk: `LEAD#${d.leadId}`, sk: `DISPUTE#${d.agentId}` }),
  queries: {
    ofLead: (leadId: string) => ({ pk: `LEAD#${leadId}`, sk: { beginsWith: 'DISPUTE#' } }),
  },
  indexes: {
    /** an agent's disputes by status and time (Home's Disputes Pending) */
    ofAgent: {
      index: 'gsi1',
      attributes: ['agentId', 'status', 'at', 'leadId'],
      key: (d) => ({ pk: `AGENT_DISPUTES#${d.agentId}`, sk: `${d.status}#${d.at}#${d.leadId}` }),
      query: (agentId: string) => ({ pk: `AGENT_DISPUTES#${agentId}` }),
    },
    /** disputes by status and time (the staff queue) */
    byStatus: {
      index: 'gsi2',
      attributes: ['status', 'at', 'leadId'],
      key: (d) => ({ pk: `DISPUTES#${d.status}`, sk: `${d.at}#${d.leadId}` }),
      query: (status: string) => ({ pk: `DISPUTES#${status}` }),
    },
  },
});
export type Dispute = z.infer<typeof Dispute.schema>;
