// The domain events the lead engine publishes (issue 11): one LeadArrived per stored lead (whatever
// became of it) and one LeadSold per sale, including a sale on a later retry. Ids, campaign, vendor,
// status and price only: no name, phone, e-mail, address or consent evidence ever goes on the bus.
import { z } from 'zod';

export const LEAD_EVENT_SOURCE = 'leadportal.leads';
export const LEAD_ARRIVED_DETAIL_TYPE = 'LeadArrived';
export const LEAD_SOLD_DETAIL_TYPE = 'LeadSold';

export const leadArrivedDetail = z.strictObject({
  /** `lead-arrived:{leadId}`: the same for every publication; consumers de-duplicate on it. */
  eventId: z.string().regex(/^lead-arrived:.+$/),
  leadId: z.string().min(1),
  userFacingLeadId: z.number().int().positive(),
  source: z.enum(['vendor', 'publicForm']),
  campaignId: z.string().min(1),
  vendorId: z.string().optional(),
  /** What the engine answered: sold, unsold, duplicate or rejected. */
  result: z.enum(['sold', 'unsold', 'duplicate', 'rejected']),
  /** The lead's status as stored (Sold, Unsold, Duplicate, Rejected, CallCenter). */
  status: z.string().min(1),
  occurredAt: z.iso.datetime(),
});
export type LeadArrivedDetail = z.infer<typeof leadArrivedDetail>;

export const leadSoldDetail = z.strictObject({
  /** `lead-sold:{leadId}:{agentId}`: one sale per lead and buying agent. */
  eventId: z.string().regex(/^lead-sold:.+:.+$/),
  leadId: z.string().min(1),
  userFacingLeadId: z.number().int().positive(),
  campaignId: z.string().min(1),
  vendorId: z.string().optional(),
  fundId: z.string().optional(),
  orderId: z.string().min(1),
  agentId: z.string().min(1),
  recipientAgentId: z.string().min(1),
  priceCents: z.number().int().nonnegative(),
  /** 0 on the first decision, n on the n-th retry. */
  retryAttempt: z.number().int().nonnegative(),
  occurredAt: z.iso.datetime(),
});
export type LeadSoldDetail = z.infer<typeof leadSoldDetail>;
