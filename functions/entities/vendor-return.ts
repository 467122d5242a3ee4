// The partner portal's returns (issue 24), kept by the projector's vendor-days view from the disputes
// (core/views/vendor-days-view.ts): one row per dispute of a vendor's lead, in the vendor's partition by
// the dispute's time (the Returns page), and one mark per returned lead (a dispute of one of its sales
// approved), read by key beside a page of leads and, by the lead's month, for the Leads page's Returned
// filter. They carry only what the vendor may see (docs/api.md, partner portal): no buying agent, no
// order; the sale a row is about is named by a digest of its key, never the agent id.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { reportMonth } from '#platform/report-day.ts';
import { DISPUTE_STATUSES } from './dispute.ts';

export const VendorReturn = defineEntity({
  entity: 'VendorReturn',
  version: 1,
  schema: z.object({
    vendorId: z.string(),
    leadId: z.string(),
    userFacingLeadId: z.number().int().positive(),
    /** The vendor's own id of the lead, and when it arrived. */
    sourceId: z.string(),
    leadAt: z.string(),
    campaignId: z.string(),
    campaignName: z.string(),
    /** A digest of the disputed sale's key (one lead may be disputed by each agent it sold to). */
    saleRef: z.string(),
    vendorReason: z.string(),
    status: z.enum(DISPUTE_STATUSES),
    /** When the dispute was submitted. */
    at: z.string(),
    decidedAt: z.string().optional(),
    /** Who decided: the automatic pre-checks or staff (never which staff user). */
    decidedBy: z.enum(['auto', 'staff']).optional(),
    /** The pre-checks' evidence or the staff reason, once decided (notes of a dispute still waiting stay with staff). */
    decisionReason: z.string().optional(),
  }),
  /** a vendor's disputes by the time they were submitted */
  key: (r: { vendorId: string; at: string; leadId: string; saleRef: string }) => ({ pk: `VENDOR_RETURNS#${r.vendorId}`, sk: `${r.at}#${r.leadId}#${r.saleRef}` }),
  queries: {
    /** a vendor's disputes, by the time submitted (a range with `within`) */
    ofVendor: (vendorId: string) => ({ pk: `VENDOR_RETURNS#${vendorId}` }),
  },
});
export type VendorReturn = z.infer<typeof VendorReturn.schema>;

/** A returned lead of a vendor: written once, with the day counters' returned, when a dispute of one of its sales is first approved. */
export const VendorLeadReturned = defineEntity({
  entity: 'VendorLeadReturned',
  version: 1,
  schema: z.object({
    vendorId: z.string(),
    leadId: z.string(),
    leadAt: z.string(),
    campaignId: z.string(),
    /** When the approval was recorded. */
    returnedAt: z.string(),
    /** The vendor's price taken back. */
    returnedCents: z.number().int().nonnegative(),
  }),
  /** a lead's return mark (read by key beside a page of leads) */
  key: (r: { leadId: string }) => ({ pk: `VENDOR_LEAD_RETURNED#${r.leadId}`, sk: 'RETURNED' }),
  indexes: {
    /** a vendor's returned leads by the month they arrived (the Leads page's Returned filter), in arrival order */
    ofVendorMonth: {
      index: 'gsi1',
      attributes: ['vendorId', 'leadAt', 'leadId'],
      key: (r) => ({ pk: `V_RETURNED#${r.vendorId}#${reportMonth(r.leadAt)}`, sk: `${r.leadAt}#${r.leadId}` }),
      query: (vendorId: string, month: string) => ({ pk: `V_RETURNED#${vendorId}#${month}` }),
    },
  },
});
export type VendorLeadReturned = z.infer<typeof VendorLeadReturned.schema>;
