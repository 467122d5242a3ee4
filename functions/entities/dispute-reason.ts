// A dispute reason a vendor accepts (part 3 §3 Dispute reason option), edited on the vendor form and
// offered to agents disputing one of the vendor's leads.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { lower } from '#platform/item-key.ts';

export const DisputeReason = defineEntity({
  entity: 'DisputeReason',
  version: 1,
  schema: z.object({
    vendorId: z.string(),
    vendorReason: z.string().min(1),
    userFacingReason: z.string().min(1),
    /** Position on the form, so agents see the reasons in the order staff put them. */
    position: z.number().int().min(0),
  }),
  /** reason of a vendor by its (case-insensitive) vendor reason */
  key: (r: { vendorId: string; vendorReason: string }) => ({ pk: `VENDOR#${r.vendorId}`, sk: `REASON#${lower(r.vendorReason)}` }),
  queries: {
    /** the dispute reasons of a vendor (#59) */
    ofVendor: (vendorId: string) => ({ pk: `VENDOR#${vendorId}`, sk: { beginsWith: 'REASON#' } }),
  },
});
export type DisputeReason = z.infer<typeof DisputeReason.schema>;
