// A vendor's live-transfer ping (POST /api/intake/ping) as the Ping History report lists it (spec part
// 3 §3 Ping history row): one item per ping, bid or not, with its error messages, in the partition of
// its campaign and vendor codes sorted by time, so a report over a date range is one Query in order.
// Kept 90 days (ttl): the caller id is a phone number, personal data the report needs only that long.
// No index: a report page reads the pair's partition over the range and sorts and filters in memory (#93).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { lower, timeRange } from '#platform/item-key.ts';

/** The pair's key part: the codes lower-cased. */
const pingPair = (campaignCode: string, vendorCode: string) => `${lower(campaignCode)}#${lower(vendorCode)}`;

/** How long a ping is kept. */
export const PING_RETENTION_DAYS = 90;

export const Ping = defineEntity({
  entity: 'Ping',
  version: 1,
  schema: z.object({
    pingId: z.string(),
    /** UTC ISO time of the ping. */
    at: z.string(),
    /** The codes as the campaign and vendor carry them (the key lower-cases them). */
    campaignCode: z.string(),
    vendorCode: z.string(),
    campaignId: z.string(),
    vendorId: z.string(),
    /** The caller's phone, 10 digits. */
    callerId: z.string(),
    stateCode: z.string(),
    zipCode: z.string(),
    /** The bid answered, in cents; absent when the ping got no bid. */
    bidCents: z.number().int().nonnegative().optional(),
    /** Why there was no bid (or why the ping was refused); empty for a bid. */
    errorMessages: z.array(z.string()),
    ttl: z.number().int(),
  }),
  /** pings of a campaign and vendor by time */
  key: (p: { campaignCode: string; vendorCode: string; at: string; pingId: string }) => ({ pk: `PINGS#${pingPair(p.campaignCode, p.vendorCode)}`, sk: `${p.at}#${p.pingId}` }),
  queries: {
    /** the pings of a campaign and vendor in [from, to) (Ping History) */
    ofCampaignVendor: (campaignCode: string, vendorCode: string, from: string, to: string) => ({
      pk: `PINGS#${pingPair(campaignCode, vendorCode)}`,
      sk: timeRange('', from, to),
    }),
  },
});
export type Ping = z.infer<typeof Ping.schema>;
