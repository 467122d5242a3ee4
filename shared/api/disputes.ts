// Disputes (part 3 §4, §7): an agent disputes a lead; automatic pre-checks decide the clear cases at
// once, and staff decide the rest from the dispute queue.
import { z, type ZodType } from 'zod';
import { built, idParam, type noBody, type RouteContract } from './define.ts';

export const DISPUTE_COMMENTS_MAX = 255;
export const DISPUTE_STATUS_VALUES = ['Submitted', 'Approved', 'Denied'] as const;
export type DisputeStatusValue = (typeof DISPUTE_STATUS_VALUES)[number];
/** Part 3 §9: a lead can be disputed for 5 days from its receipt (the sale). */
export const DISPUTE_DAYS = 5;
/** When a sale's dispute window closes: DISPUTE_DAYS after the sale, that instant already outside it (the server and My Leads' Dispute button agree). */
export const disputeOpenUntil = (saleAt: string): Date => new Date(Date.parse(saleAt) + DISPUTE_DAYS * 86_400_000);
/** A staff decision's reason, recorded with the dispute. */
export const DECISION_REASON_MAX = 255;
export const DISPUTE_QUEUE_PAGE_SIZE = 25;

/** The answers of the dispute calls: part 3 §8's snackbar text, and the server's reasons for refusing. */
export const DISPUTE_MESSAGES = {
  /** Part 3 §8: what the agent's dialog shows on any failure. */
  couldNotSave: 'Could not save a dispute.',
  leadNotFound: 'Lead not found.',
  notBuyerOrRecipient: 'Only the agent who bought or received the lead can dispute it.',
  notDisputable: 'This lead does not allow disputes.',
  noVendor: 'This lead has no vendor, so it has no dispute reasons.',
  windowPassed: `A lead can be disputed only within ${DISPUTE_DAYS} days of receipt.`,
  alreadyDisputed: 'This lead has already been disputed.',
  unknownReason: "Reason is not one of the vendor's dispute reasons.",
  disputeNotFound: 'Dispute not found.',
  alreadyDecided: 'This dispute has already been decided.',
  decisionReasonRequired: 'Reason is required.',
  decisionReasonTooLong: `Reason must be at most ${DECISION_REASON_MAX} characters.`,
  decisionInvalid: 'Decision must be Approve or Deny.',
} as const;

/** POST lead/dispute (part 3 §7): LeadId, VendorReason, UserComments; both texts required (§5). */
export const disputeBody = z.object({
  LeadId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Lead id must be 1 to 64 letters, digits, dashes or underscores.'),
  VendorReason: z.string().trim().min(1, 'Reason is required.').max(100),
  UserComments: z.string().trim().min(1, 'Comments are required.').max(DISPUTE_COMMENTS_MAX, `Comments must be at most ${DISPUTE_COMMENTS_MAX} characters.`),
});

/** The dispute as stored: Submitted, or already decided by a pre-check (with its evidence). */
export const disputeAnswer = z.object({
  LeadId: z.string(),
  DisputeStatus: z.enum(DISPUTE_STATUS_VALUES),
  DisputeDateTime: z.string(),
  /** The pre-check's evidence when it decided at once; absent while waiting for staff. */
  Decision: z.string().optional(),
  /** The amount credited back to the buying agent when approved (dollars). */
  CreditedAmount: z.number().optional(),
});
export type DisputeAnswerDto = z.infer<typeof disputeAnswer>;

/** One dispute of the staff queue (GET /disputes) and the answer of a decision (PATCH /disputes/{leadId}). */
export const disputeRowSchema = z.object({
  LeadId: z.string(),
  UserFacingLeadId: z.number(),
  /** The buying agent: the one charged, and credited on approval. */
  AgentId: z.string(),
  AgentName: z.string(),
  /** Who disputed it: the buying agent, or the recipient of a distributed lead. */
  SubmittedBy: z.string(),
  CampaignName: z.string(),
  VendorName: z.string(),
  /** The vendor's code of the reason (part 3 §3 Dispute). */
  VendorReason: z.string(),
  /** The reason as the agent picked it: the vendor's text for the code (part 3 §3 Dispute reason option); the code when the vendor no longer lists it. */
  UserFacingReason: z.string(),
  UserComments: z.string(),
  DisputeStatus: z.enum(DISPUTE_STATUS_VALUES),
  DisputeDateTime: z.string(),
  /** The sale's price in dollars (what an approval credits). */
  AgentPurchasePrice: z.number(),
  /** The pre-checks' findings while Submitted; the evidence or the staff reason once decided. */
  Decision: z.string().optional(),
  DecidedAt: z.string().optional(),
  /** 'auto' for the pre-checks, else the staff user's e-mail. */
  DecidedBy: z.string().optional(),
});
export type DisputeRowDto = z.infer<typeof disputeRowSchema>;

export const disputeQueueQuery = z.object({
  /** Which disputes: Submitted (the default) oldest first; Approved and Denied newest first. */
  status: z.enum(DISPUTE_STATUS_VALUES, { error: 'Status must be Submitted, Approved or Denied.' }).default('Submitted'),
  cursor: z.string().max(2_000).optional(),
});

export const disputeQueuePageSchema = z.object({
  Disputes: z.array(disputeRowSchema),
  /** Pass back as `cursor` for the next page; absent on the last page. */
  NextCursor: z.string().optional(),
});
export type DisputeQueuePageDto = z.infer<typeof disputeQueuePageSchema>;

export const DISPUTE_DECISIONS = ['Approve', 'Deny'] as const;

/** PATCH /disputes/{leadId}: which sale's dispute (the buying agent), the decision and its reason. */
export const decideDisputeBody = z.object({
  AgentId: idParam('Agent id'),
  Decision: z.enum(DISPUTE_DECISIONS, { error: DISPUTE_MESSAGES.decisionInvalid }),
  Reason: z
    .string(DISPUTE_MESSAGES.decisionReasonRequired)
    .trim()
    .min(1, DISPUTE_MESSAGES.decisionReasonRequired)
    .max(DECISION_REASON_MAX, DISPUTE_MESSAGES.decisionReasonTooLong),
});
export type DecideDisputeBody = z.input<typeof decideDisputeBody>;

const decideDisputeParams = z.object({ leadId: idParam('Lead id') });

// Typed as areaContract types an area's entries (the leads area is shared by three files): a part a
// route does not take (no path parameters, no query) accepts anything, so a call may leave it out.
export const disputesApi = {
  'leads.dispute': built({ body: disputeBody, response: disputeAnswer, status: 201 }) as RouteContract<ZodType, ZodType, typeof disputeBody, typeof disputeAnswer>,
  'leads.disputeQueue': built({ query: disputeQueueQuery, response: disputeQueuePageSchema }) as RouteContract<ZodType, typeof disputeQueueQuery, typeof noBody, typeof disputeQueuePageSchema>,
  'leads.decideDispute': built({ params: decideDisputeParams, body: decideDisputeBody, response: disputeRowSchema }) as RouteContract<
    typeof decideDisputeParams,
    ZodType,
    typeof decideDisputeBody,
    typeof disputeRowSchema
  >,
} as const;
