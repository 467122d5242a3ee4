// Ping History's counters (docs/data-model.md #93b): how many pings a campaign-vendor pair got on one
// day of the reporting zone, in all and per value of a column the report sorts or filters by in
// groups (state, bid, error messages). Each is ADDed in the same transaction that writes the ping
// (recordPing), so a page's TotalCount and its offset come from ≤ 31 small items per group instead
// of counting every key of the range. Kept a day longer than the pings they count (ttl).
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { lower } from '#platform/keys.ts';

/** The columns counted by value; ALL counts every ping of the day (group ''). */
export const PING_COUNT_COLUMNS = ['ALL', 'STATE', 'BID', 'ERR'] as const;
export type PingCountColumn = (typeof PING_COUNT_COLUMNS)[number];

/** The pair's key part, as the Ping item's partition spells it. */
export const pingPair = (campaignCode: string, vendorCode: string) => `${lower(campaignCode)}#${lower(vendorCode)}`;

/** The group of a bid: zero-padded cents (so groups sort as numbers), 'none' without a bid. */
export const bidGroup = (bidCents: number | undefined) => (bidCents === undefined ? 'none' : String(bidCents).padStart(9, '0'));
/** The group of a ping's messages as the report shows them (joined with '; '): a digest, the text is the counter's label. */
export const errorGroup = (errorMessages: readonly string[]) => createHash('sha256').update(errorMessages.join('; ')).digest('hex').slice(0, 24);

export const PingCount = defineEntity({
  entity: 'PingCount',
  version: 1,
  schema: z.object({
    campaignCode: z.string(),
    vendorCode: z.string(),
    column: z.enum(PING_COUNT_COLUMNS),
    /** YYYY-MM-DD in the reporting zone. */
    day: z.string(),
    /** '' for ALL; the state code; bidGroup(); errorGroup(). */
    group: z.string(),
    /** The value the group stands for, as the report compares it: the state, the bid in cents (null without), the messages' text. */
    label: z.union([z.string(), z.number(), z.null()]).optional(),
    count: z.number().int(),
    ttl: z.number().int(),
  }),
  /** a pair's day counts of one column, by day then group */
  key: (c: { campaignCode: string; vendorCode: string; column: PingCountColumn; day: string; group: string }) => ({
    pk: `PING_COUNTS#${c.column}#${pingPair(c.campaignCode, c.vendorCode)}`,
    sk: `${c.day}#${c.group}`,
  }),
  queries: {
    /** the day counts of one column of a pair over days [firstDay, lastDay] (both included) */
    ofPairDays: (campaignCode: string, vendorCode: string, column: PingCountColumn, firstDay: string, lastDay: string) => ({
      pk: `PING_COUNTS#${column}#${pingPair(campaignCode, vendorCode)}`,
      sk: { between: [`${firstDay}#`, `${lastDay}$`] as const },
    }),
  },
});
export type PingCount = z.infer<typeof PingCount.schema>;
