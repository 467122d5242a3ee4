// A vendor's live-transfer ping (POST /api/intake/ping) as the Ping History report lists it (spec part
// 3 §3 Ping history row): one item per ping, bid or not, with its error messages, in the partition of
// its campaign and vendor codes sorted by time, so a report over a date range is one Query in order.
// Kept 90 days (ttl): the caller id is a phone number, personal data the report needs only that long.
// Three index copies (gsi1..3) hold the pair's pings per state, per bid and per error messages, each in
// time order: a page sorted or filtered by one of those reads its groups in order (#93b), counted by
// the PingCount items the projector keeps.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { timeRange } from '#platform/item-key.ts';
import { bidGroup, errorGroup, pingPair } from './ping-count.ts';

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
  indexes: {
    /** a pair's pings of one state by time (Ping History filtered or sorted by state) */
    ofPairState: {
      index: 'gsi1',
      attributes: ['campaignCode', 'vendorCode', 'stateCode', 'at', 'pingId'],
      key: (p) => ({ pk: `PINGS_STATE#${pingPair(p.campaignCode, p.vendorCode)}#${p.stateCode}`, sk: `${p.at}#${p.pingId}` }),
      query: (campaignCode: string, vendorCode: string, stateCode: string, from: string, to: string) => ({
        pk: `PINGS_STATE#${pingPair(campaignCode, vendorCode)}#${stateCode}`,
        sk: { between: [from, to] as const },
      }),
    },
    /** a pair's pings of one bid (bidGroup) by time (Ping History by bid) */
    ofPairBid: {
      index: 'gsi2',
      attributes: ['campaignCode', 'vendorCode', 'bidCents', 'at', 'pingId'],
      key: (p) => ({ pk: `PINGS_BID#${pingPair(p.campaignCode, p.vendorCode)}#${bidGroup(p.bidCents)}`, sk: `${p.at}#${p.pingId}` }),
      query: (campaignCode: string, vendorCode: string, group: string, from: string, to: string) => ({
        pk: `PINGS_BID#${pingPair(campaignCode, vendorCode)}#${group}`,
        sk: { between: [from, to] as const },
      }),
    },
    /** a pair's pings of the same messages (errorGroup) by time (Ping History by error messages) */
    ofPairErrors: {
      index: 'gsi3',
      attributes: ['campaignCode', 'vendorCode', 'errorMessages', 'at', 'pingId'],
      key: (p) => ({ pk: `PINGS_ERR#${pingPair(p.campaignCode, p.vendorCode)}#${errorGroup(p.errorMessages)}`, sk: `${p.at}#${p.pingId}` }),
      query: (campaignCode: string, vendorCode: string, group: string, from: string, to: string) => ({
        pk: `PINGS_ERR#${pingPair(campaignCode, vendorCode)}#${group}`,
        sk: { between: [from, to] as const },
      }),
    },
  },
  queries: {
    /** the pings of a campaign and vendor in [from, to) (Ping History) */
    ofCampaignVendor: (campaignCode: string, vendorCode: string, from: string, to: string) => ({
      pk: `PINGS#${pingPair(campaignCode, vendorCode)}`,
      sk: timeRange('', from, to),
    }),
  },
});
export type Ping = z.infer<typeof Ping.schema>;
