// A vendor's partner-portal administrator (part 3 §7 POST vendor/{id}/admin/{email}/3/): who was
// invited, with which role, when and by whom.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { lower } from '#platform/item-key.ts';

export const VendorAdmin = defineEntity({
  entity: 'VendorAdmin',
  version: 1,
  schema: z.object({
    vendorId: z.string(),
    email: z.string(),
    role: z.number().int(),
    invitedAt: z.string(),
    invitedBy: z.string(),
  }),
  /** administrator of a vendor by e-mail (case-insensitive: one item per address) */
  key: (a: { vendorId: string; email: string }) => ({ pk: `VENDOR#${a.vendorId}`, sk: `ADMIN#${lower(a.email)}` }),
  queries: {
    ofVendor: (vendorId: string) => ({ pk: `VENDOR#${vendorId}`, sk: { beginsWith: 'ADMIN#' } }),
  },
});
export type VendorAdmin = z.infer<typeof VendorAdmin.schema>;
