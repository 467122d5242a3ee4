// Ping History's day counters (entities/ping-count.ts), kept from the stored pings: a ping ADDs one to
// its pair's day counters (all pings, its state, its bid, its messages: one item, one of the day's
// PING_COUNT_SHARDS by the ping's id), with the view's receipt of the ping (apply-once.ts), so a record
// applied twice adds nothing. A ping's expiry (ttl) removes nothing: the counters outlive the pings
// they count by a day and expire themselves.
import { Ping } from '#entities/ping.ts';
import { PING_COUNT_SHARDS, pingCountAddTx } from '#entities/ping-count.ts';
import { hashShard } from '#platform/shard.ts';
import { reportDay } from '#platform/report-day.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import { applyOnce, factOf } from './apply-once.ts';
import type { View } from './projector.ts';

const NAME = 'ping-counts';
/** A counter outlives the pings it counts by a day, so a day it counts is never read half-expired. */
const COUNTER_EXTRA_SECONDS = 86_400;

export const pingCountsView: View = {
  name: NAME,
  sources: ['Ping'],
  async apply(record: ChangeRecord): Promise<void> {
    if (record.eventName !== 'INSERT' || entityOf(record) !== 'Ping') return;
    const p = Ping.parse(record.newImage!);
    await applyOnce(NAME, factOf(record), [
      pingCountAddTx({
        campaignCode: p.campaignCode, vendorCode: p.vendorCode, day: reportDay(p.at), stateCode: p.stateCode, ...(p.bidCents !== undefined ? { bidCents: p.bidCents } : {}),
        errorMessages: p.errorMessages, ttl: p.ttl + COUNTER_EXTRA_SECONDS, shard: hashShard(p.pingId, PING_COUNT_SHARDS),
      }),
    ], p.ttl);
  },
};
