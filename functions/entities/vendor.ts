// A lead vendor of the catalogue.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { lower } from '#platform/item-key.ts';
import { revisionSchema } from '#shared/api/revision.ts';

const isoTime = z.string();
/** Inactive 0 / Active 1: the spec's numeric status values. */
const onOff = z.union([z.literal(0), z.literal(1)]);

export const Vendor = defineEntity({
  entity: 'Vendor',
  version: 1,
  schema: z.object({
    vendorId: z.string(),
    name: z.string(),
    code: z.string(),
    description: z.string(),
    status: onOff,
    createdAt: isoTime,
    createdBy: z.string(),
    lastUpdated: isoTime,
    archived: z.boolean(),
    allowCreditLineUse: z.boolean(),
    allowDisputes: z.boolean(),
    allowVariablePricing: z.boolean(),
    isPartner: z.boolean(),
    /** The lead API's limit of the vendor's posts a minute; absent: POSTS_PER_MINUTE.default. */
    postsPerMinute: z.number().int().positive().optional(),
    adminEmail: z.string().optional(),
    // Optimistic revision and audit stamps (docs/data-model.md §2.4); defaults keep vendors written
    // before they existed readable.
    revision: revisionSchema.default(1),
    modifiedBy: z.string().default(''),
    /** SHA-256 (hex) of the current API token; the token itself is never stored. */
    tokenHash: z.string().regex(/^[0-9a-f]{64}$/).optional(),
    tokenLastFour: z.string().length(4).optional(),
    /** SHA-256 (hex) of the current sandbox token (issue 24, core/leads/sandbox.ts): its leads are answered, never stored. */
    sandboxTokenHash: z.string().regex(/^[0-9a-f]{64}$/).optional(),
    sandboxTokenLastFour: z.string().length(4).optional(),
  }),
  /** vendor by id */
  key: (v: { vendorId: string }) => ({ pk: `VENDOR#${v.vendorId}`, sk: 'VENDOR' }),
  indexes: {
    /** vendors by name (Vendors table, names list) */
    byName: {
      index: 'gsi1',
      attributes: ['name', 'vendorId'],
      key: (v) => ({ pk: 'VENDORS', sk: `${lower(v.name)}#${v.vendorId}` }),
      query: () => ({ pk: 'VENDORS' }),
    },
    /** vendor by code (intake, reports) */
    byCode: {
      index: 'gsi2',
      attributes: ['code'],
      key: (v) => ({ pk: `VENDOR_CODE#${lower(v.code)}`, sk: 'VENDOR' }),
      query: (code: string) => ({ pk: `VENDOR_CODE#${lower(code)}` }),
    },
  },
});
export type Vendor = z.infer<typeof Vendor.schema>;
