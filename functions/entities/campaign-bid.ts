// A campaign's bid table (spec part 3 §3 CallerLeadsBidCampaigns): what the company pays per caller by
// state, or by zip within a state. One item holding the whole table, so a campaign save replaces it in
// the same transaction as the campaign however many entries it has (All-states alone is 51 entries,
// more than a per-entry layout could rewrite within DynamoDB's 100-item transaction limit). The lead
// engine reads it with the campaign (same partition) and looks the caller's zip, then state, up in memory.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const campaignBidEntry = z.object({
  state: z.string().length(2),
  /** Empty: the whole state. */
  zip: z.string().regex(/^(\d{5})?$/),
  bidCents: z.number().int().nonnegative(),
});
export type CampaignBidEntry = z.infer<typeof campaignBidEntry>;

export const CampaignBid = defineEntity({
  entity: 'CampaignBid',
  version: 1,
  schema: z.object({
    campaignId: z.string(),
    /** Unique by zip when it has one, else by state (adding an entry replaces the one with its key). */
    bids: z.array(campaignBidEntry),
  }),
  /** bid table of a campaign */
  key: (b: { campaignId: string }) => ({ pk: `CAMPAIGN#${b.campaignId}`, sk: 'BIDS' }),
});
export type CampaignBid = z.infer<typeof CampaignBid.schema>;
