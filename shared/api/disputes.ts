// Disputes (part 3 §4, §7): an agent disputes a lead; automatic pre-checks decide the clear cases at
// once, and staff decide the rest from the dispute queue.
import { z } from 'zod';
import { pending } from './define.ts';

export const DISPUTE_COMMENTS_MAX = 255;
export const DISPUTE_STATUS_VALUES = ['Submitted', 'Approved', 'Denied'] as const;

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
});

export const disputesApi = {
  // Built by the disputes work: built({ body: disputeBody, response: disputeAnswer, status: 201 }).
  'leads.dispute': pending('leads.dispute'),
  'leads.disputeQueue': pending('leads.disputeQueue'),
  'leads.decideDispute': pending('leads.decideDispute'),
} as const;
