// The partner portal's day counters (issue 24): per vendor and reporting day (Central), the leads the
// vendor posted and their outcomes, and what the sold ones earned at the vendor's price, ADDed by the
// projector's vendor-days view (core/views/vendor-days-view.ts) so the partner Home reads at most
// VENDOR_DAY_SHARDS × 366 small items, never the leads. A view: rebuilt from the leads and disputes.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { hashShard } from '#platform/shard.ts';

/**
 * Partitions of a vendor's day counters, by lead: a vendor posting 1,000 leads a second would ADD
 * 1,000 transactions a second to one item; over 4 shards, ~250 each (with the receipts, ~500 write
 * units a second per partition, half what one takes).
 */
export const VENDOR_DAY_SHARDS = 4;

/** The shard of a vendor's day counters a lead adds to. */
export const vendorDayShardOf = (leadId: string): number => hashShard(leadId, VENDOR_DAY_SHARDS);

/** Signed: a lead leaving an outcome (Unsold to Sold on a retry) takes one off the old one. */
const count = z.number().int().default(0);

export const VendorDay = defineEntity({
  entity: 'VendorDay',
  version: 1,
  schema: z.object({
    vendorId: z.string(),
    /** YYYY-MM-DD on the reporting calendar (Central): the day the lead arrived. */
    day: z.string(),
    shard: z.number().int().nonnegative(),
    /** Leads stored from the vendor's posts (validation failures answered 400 are not stored, so not counted). */
    posted: count,
    /** Of those, by their outcome now (the five add up to posted). */
    sold: count,
    unsold: count,
    callCenter: count,
    duplicate: count,
    rejected: count,
    /** Of the rejected, those refused because the phone is on an active do-not-call list ("rejected: do not call"). */
    doNotCall: count,
    /** Of the sold ones, those returned: a dispute of one of their sales approved (once per lead). */
    returned: count,
    /** The vendor's price of the sold leads (the first sale's, the campaign-vendor VendorPrice then), once per lead. */
    soldCents: count,
    /** The vendor's price of the returned leads. */
    returnedCents: count,
  }),
  /** a vendor's counters of one day, one shard */
  key: (d: { vendorId: string; shard: number; day: string }) => ({ pk: `VENDOR_DAYS#${d.vendorId}#${d.shard}`, sk: d.day }),
  queries: {
    /** one shard of a vendor's days from the first to the last, both included */
    ofShard: (vendorId: string, shard: number, fromDay: string, toDay: string) => ({ pk: `VENDOR_DAYS#${vendorId}#${shard}`, sk: { between: [fromDay, toDay] as const } }),
  },
});
export type VendorDay = z.infer<typeof VendorDay.schema>;
