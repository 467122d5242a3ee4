// Ping History's day counters (docs/data-model.md #93b): one item per campaign-vendor pair and day of
// the reporting zone, holding how many pings the pair got that day in all (`count`) and per value of
// each column the report sorts or filters by in groups: `s#{state}`, `b#{bidGroup}`, `e#{errorGroup}`
// (with the messages' text in `l#{errorGroup}`), each a top-level number so that one Update ADDs to
// all of them. A view: the projector ADDs each stored ping (core/views/ping-counts-view.ts), so a
// page's TotalCount and offset come from the range's ≤ 31 days' items instead of counting every key of
// the range. A day is PING_COUNT_SHARDS items (sort keys `{day}` and `{day}#{1..}`): a ping adds to
// one of them (by its id); a read sums a day's. Kept a day longer than the pings it counts (ttl).
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { queryPage, type TxItem } from '#platform/db.ts';
import { lower, type ItemKey } from '#platform/item-key.ts';

/** The columns counted by value, and the attribute prefix of their groups. */
export const PING_GROUP_PREFIX = { STATE: 's#', BID: 'b#', ERR: 'e#' } as const;
export type PingCountColumn = keyof typeof PING_GROUP_PREFIX;
export const LABEL_PREFIX = 'l#';
export const PING_COUNT_ENTITY = 'PingCount';
const VERSION = 1;

/** The pair's key part, as the Ping item's partition spells it. */
export const pingPair = (campaignCode: string, vendorCode: string) => `${lower(campaignCode)}#${lower(vendorCode)}`;

/** The group of a bid: zero-padded cents (so groups sort as numbers), 'none' without a bid. */
export const bidGroup = (bidCents: number | undefined) => (bidCents === undefined ? 'none' : String(bidCents).padStart(9, '0'));
/** The group of a ping's messages as the report shows them (joined with '; '): a digest; the text is kept beside the count. */
export const errorGroup = (errorMessages: readonly string[]) => createHash('sha256').update(errorMessages.join('; ')).digest('hex').slice(0, 24);

/** What a ping adds one to: its day's item, and in it its state, bid and messages. */
export interface PingCountInput {
  campaignCode: string;
  vendorCode: string;
  /** YYYY-MM-DD in the reporting zone. */
  day: string;
  stateCode: string;
  bidCents?: number;
  errorMessages: readonly string[];
  /** The counter's ttl (epoch seconds). */
  ttl: number;
  /** Which of the day's items it adds to (0, the default, is the day's first: `{day}`). */
  shard?: number;
}

/** Items per pair and day: a ping adds to one. */
export const PING_COUNT_SHARDS = 4;

/** A day's counts as read: the total and, per column, each group's count and the value it stands for. */
export interface PingDayCount {
  day: string;
  count: number;
  groups: Record<PingCountColumn, Map<string, { label: string | number | null; count: number }>>;
}

const pk = (campaignCode: string, vendorCode: string) => `PING_DAYS#${pingPair(campaignCode, vendorCode)}`;
export const pingCountKey = (c: { campaignCode: string; vendorCode: string; day: string; shard?: number }): ItemKey => ({
  pk: pk(c.campaignCode, c.vendorCode),
  sk: c.shard ? `${c.day}#${c.shard}` : c.day,
});

const stored = z.object({ day: z.string(), count: z.number().int() }).loose();

/** The Update of one ping: ADD one to the day's count and to its three groups (the item is created by the first). */
export function pingCountAddTx(c: PingCountInput): TxItem {
  const errors = c.errorMessages.join('; ');
  const group = errorGroup(c.errorMessages);
  return {
    kind: 'update',
    key: pingCountKey(c),
    update: {
      expression: 'SET #campaign = :campaign, #vendor = :vendor, #day = :day, #entity = :entity, #version = :version, #ttl = :ttl, #label = :label ADD #count :one, #s :one, #b :one, #e :one',
      names: {
        '#campaign': 'campaignCode', '#vendor': 'vendorCode', '#day': 'day', '#entity': 'entity', '#version': 'schemaVersion', '#ttl': 'ttl', '#count': 'count',
        '#label': `${LABEL_PREFIX}${group}`, '#s': `${PING_GROUP_PREFIX.STATE}${c.stateCode}`, '#b': `${PING_GROUP_PREFIX.BID}${bidGroup(c.bidCents)}`, '#e': `${PING_GROUP_PREFIX.ERR}${group}`,
      },
      values: { ':campaign': c.campaignCode, ':vendor': c.vendorCode, ':day': c.day, ':entity': PING_COUNT_ENTITY, ':version': VERSION, ':ttl': c.ttl, ':label': errors, ':one': 1 },
    },
  };
}

/** A stored item's counts: the total, and each column's groups with the value each stands for. */
export function parsePingDayCount(raw: Record<string, unknown>): PingDayCount {
  if (raw.entity !== PING_COUNT_ENTITY) throw new Error(`Expected a ${PING_COUNT_ENTITY} item at ${String(raw.pk)}/${String(raw.sk)}, found ${String(raw.entity)}`);
  const item = stored.parse(raw);
  const groups: PingDayCount['groups'] = { STATE: new Map(), BID: new Map(), ERR: new Map() };
  for (const [attr, value] of Object.entries(raw)) {
    if (typeof value !== 'number') continue;
    for (const column of Object.keys(PING_GROUP_PREFIX) as PingCountColumn[]) {
      const prefix = PING_GROUP_PREFIX[column];
      if (!attr.startsWith(prefix)) continue;
      const group = attr.slice(prefix.length);
      const label = column === 'STATE' ? group : column === 'BID' ? (group === 'none' ? null : Number(group)) : String(raw[`${LABEL_PREFIX}${group}`] ?? '');
      groups[column].set(group, { label, count: value });
    }
  }
  return { day: item.day, count: item.count, groups };
}

/** A day's counts from its items (the shards'), summed. */
function sumDay(parts: readonly PingDayCount[]): PingDayCount {
  const [first, ...rest] = parts as [PingDayCount, ...PingDayCount[]];
  const sum: PingDayCount = { day: first.day, count: first.count, groups: { STATE: new Map(first.groups.STATE), BID: new Map(first.groups.BID), ERR: new Map(first.groups.ERR) } };
  for (const part of rest) {
    sum.count += part.count;
    for (const column of Object.keys(sum.groups) as PingCountColumn[])
      for (const [group, g] of part.groups[column]) {
        const had = sum.groups[column].get(group);
        sum.groups[column].set(group, { label: had?.label ?? g.label, count: (had?.count ?? 0) + g.count });
      }
  }
  return sum;
}

/** The pair's day counts over days [firstDay, lastDay] (both included), in day order: one Query of ≤ 31 days' items. */
export async function readPingDayCounts(campaignCode: string, vendorCode: string, firstDay: string, lastDay: string): Promise<PingDayCount[]> {
  const byDay = new Map<string, PingDayCount[]>();
  let cursor: string | undefined;
  do {
    // `{lastDay}#{shard}` sorts after `{lastDay}` and before the next day.
    const page = await queryPage({ pk: pk(campaignCode, vendorCode), sk: { between: [firstDay, `${lastDay}#\uffff`] }, consistent: true, ...(cursor ? { cursor } : {}) });
    for (const part of page.items.map(parsePingDayCount)) byDay.set(part.day, [...(byDay.get(part.day) ?? []), part]);
    cursor = page.cursor;
  } while (cursor);
  return [...byDay.values()].map(sumDay);
}
