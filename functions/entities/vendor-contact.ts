// A vendor's contact and address (part 3 §3 VendorContact), kept in the vendor's partition so the edit
// form reads the vendor and its parts with one Query.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const VendorContact = defineEntity({
  entity: 'VendorContact',
  version: 1,
  schema: z.object({
    vendorId: z.string(),
    vendorContactId: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
  }),
  /** contact of a vendor by id */
  key: (c: { vendorId: string; vendorContactId: string }) => ({ pk: `VENDOR#${c.vendorId}`, sk: `CONTACT#${c.vendorContactId}` }),
  queries: {
    /** the contacts of a vendor (the form shows the first) */
    ofVendor: (vendorId: string) => ({ pk: `VENDOR#${vendorId}`, sk: { beginsWith: 'CONTACT#' } }),
  },
});
export type VendorContact = z.infer<typeof VendorContact.schema>;
