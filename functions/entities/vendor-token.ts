// A vendor's API token, stored only as its SHA-256 (docs/data-model.md #60): lead intake authenticates
// a vendor with one GetItem on the hash. The token itself is shown once and never stored.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const VendorToken = defineEntity({
  entity: 'VendorToken',
  version: 1,
  schema: z.object({
    tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
    vendorId: z.string(),
    createdAt: z.string(),
    createdBy: z.string(),
  }),
  /** vendor by token hash */
  key: (t: { tokenHash: string }) => ({ pk: `VENDOR_TOKEN#${t.tokenHash}`, sk: 'VENDOR_TOKEN' }),
});
export type VendorToken = z.infer<typeof VendorToken.schema>;
