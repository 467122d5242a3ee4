// The PingCount items a set of pings sums to: what the projector's ping-counts view leaves once it has
// applied them (views/ping-counts-view.ts), for seeding a benchmark's counters at once and for checking
// the view's against.
import type { Ping } from '#entities/ping.ts';
import { bidGroup, errorGroup, LABEL_PREFIX, PING_COUNT_ENTITY, PING_COUNT_SHARDS, PING_GROUP_PREFIX, pingCountKey } from '#entities/ping-count.ts';
import { hashShard } from '#platform/shard.ts';
import { reportDay } from '#platform/report-day.ts';

export function pingCountItems(pings: Iterable<Ping>): Record<string, unknown>[] {
  const items = new Map<string, Record<string, unknown>>();
  for (const p of pings) {
    const day = reportDay(p.at);
    const key = pingCountKey({ campaignCode: p.campaignCode, vendorCode: p.vendorCode, day, shard: hashShard(p.pingId, PING_COUNT_SHARDS) });
    const id = `${key.pk}|${key.sk}`;
    const item = items.get(id) ?? { ...key, entity: PING_COUNT_ENTITY, schemaVersion: 1, campaignCode: p.campaignCode, vendorCode: p.vendorCode, day, count: 0, ttl: 0 };
    const group = errorGroup(p.errorMessages);
    const add = (attr: string) => (item[attr] = Number(item[attr] ?? 0) + 1);
    add('count');
    add(`${PING_GROUP_PREFIX.STATE}${p.stateCode}`);
    add(`${PING_GROUP_PREFIX.BID}${bidGroup(p.bidCents)}`);
    add(`${PING_GROUP_PREFIX.ERR}${group}`);
    item[`${LABEL_PREFIX}${group}`] = p.errorMessages.join('; ');
    item.ttl = Math.max(Number(item.ttl), p.ttl + 86_400);
    items.set(id, item);
  }
  return [...items.values()];
}
