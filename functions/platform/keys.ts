// The key shapes of the items that have no entity module yet (orders, leads, vendors' parts, ...),
// named after the access pattern they serve, and the helpers every key uses. A built entity declares
// its keys in its own module (functions/entities/); docs/data-model.md lists both: change them together.
//
// Conventions: `pk`/`sk` on the table, `gsiNpk`/`gsiNsk` on the three overloaded indexes (all
// project ALL). Prefixes are UPPER_SNAKE entity names; times are UTC ISO-8601 strings, which sort
// as text; numbers that must sort are zero-padded; names in sort keys are lower-cased so that a
// prefix search is case-insensitive. A time range [from, to) is `between PREFIX#from and PREFIX#to`:
// every time-keyed sort key carries a `#id` suffix after the time, so an item at exactly `to`
// sorts after `PREFIX#to` and is left out, and one at exactly `from` is kept.
import type { IndexName } from './table-definition.ts';

/** The key attributes an item may carry. Absent index keys keep the item out of that (sparse) index. */
export interface ItemKeys {
  pk: string;
  sk: string;
  gsi1pk?: string;
  gsi1sk?: string;
  gsi2pk?: string;
  gsi2sk?: string;
  gsi3pk?: string;
  gsi3sk?: string;
}

/** The primary key of one item. */
export interface ItemKey {
  pk: string;
  sk: string;
}

export type SortCondition =
  | { eq: string }
  | { beginsWith: string }
  | { between: readonly [string, string] }
  | { lt: string }
  | { lte: string }
  | { gt: string }
  | { gte: string };

/** A Query's key condition: the partition (on the table or an index) and an optional sort-key test. */
export interface KeyQuery {
  index?: IndexName;
  pk: string;
  sk?: SortCondition;
}

export const lower = (text: string) => text.trim().toLowerCase();
/** Zero-padded so numbers sort as text. */
export const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The shard (0 .. shards-1) a value's items go to, by FNV-1a of the value: keys every agent, sale or
 * entry would otherwise share are spread over `shards` partitions (AWS takes about 1,000 write units
 * a second per partition), and one value's items stay in one shard.
 */
/** Shards of the by-day indexes every agent's day sum and every sale would share (`DAYSUM_DAY#`, `SALES_DAY#`): ~250 WCU/s each at 1,000 sales/s. */
export const DAY_INDEX_SHARDS = 4;

export function hashShard(value: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
  return (h >>> 0) % shards;
}
/** The half-open time range [from, to) over keys `prefix{time}#{id}`. */
export const timeRange = (prefix: string, from: string, to: string): SortCondition => ({
  between: [`${prefix}${from}`, `${prefix}${to}`],
});

/**
 * Reports and daily counters use one calendar: the company's reporting time zone (Central, the
 * spec's default zone), so "May 1" means the same day for every agent in a report.
 */
export const REPORTING_TIME_ZONE = 'America/Chicago';
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: REPORTING_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** YYYY-MM-DD of an instant in the reporting time zone. */
export const reportDay = (isoTime: string) => dayFormat.format(new Date(isoTime));
/** YYYY-MM of an instant in the reporting time zone. */
export const reportMonth = (isoTime: string) => reportDay(isoTime).slice(0, 7);

// ---------------------------------------------------------------------------------------------
// The agent partition AGENT#{agentId}: profile, balance, ledger, day sums, downline, audit, ...
// Items read together (profile + balance, balance + ledger) share it. Their keys are declared with
// their entities in functions/entities/.

export const agentPk = (agentId: string) => `AGENT#${agentId}`;

/** Vendor pings (bids) kept 90 days: Ping History report by campaign, vendor and time. */
export const pingKeys = {
  item: (campaignCode: string, vendorCode: string, at: string, pingId: string): ItemKey => ({
    pk: `PINGS#${lower(campaignCode)}#${lower(vendorCode)}`,
    sk: `${at}#${pingId}`,
  }),
  byCampaignVendor: (campaignCode: string, vendorCode: string, from: string, to: string): KeyQuery => ({
    pk: `PINGS#${lower(campaignCode)}#${lower(vendorCode)}`,
    sk: timeRange('', from, to),
  }),
};

/**
 * Pre-aggregated lead counters per reporting day and (fund, campaign, vendor), updated with ADD in
 * the lead purchase and credit transactions: Campaign Performance, Campaign Summary and Fund
 * Performance read at most 31 day partitions instead of every lead.
 */
export const performanceKeys = {
  item: (day: string, fundId: string, campaignId: string, vendorId: string): ItemKey => ({
    pk: `PERF_DAY#${day}`,
    sk: `${fundId}#${campaignId}#${vendorId}`,
  }),
  ofDay: (day: string): KeyQuery => ({ pk: `PERF_DAY#${day}` }),
};

/** Leads from the public sales forms; Internal Leads report by source and time. */
export const salesLeadKeys = {
  item: (s: { salesLeadId: string; source: string; at: string }): ItemKeys => ({
    pk: `SALES_LEAD#${s.salesLeadId}`,
    sk: 'SALES_LEAD',
    gsi1pk: `INTERNAL_LEADS#${s.source}`,
    gsi1sk: `${s.at}#${s.salesLeadId}`,
  }),
  bySource: (source: string, from: string, to: string): KeyQuery => ({
    index: 'gsi1',
    pk: `INTERNAL_LEADS#${source}`,
    sk: timeRange('', from, to),
  }),
};

// ---------------------------------------------------------------------------------------------
// Administration: routing rules, contract maps, price factors and uploads have their entity modules
// (functions/entities/routing-rule.ts, contract-map.ts, price-factor.ts, upload.ts).

/**
 * Uniqueness guards put in the same transaction as the entity (attribute_not_exists): fund code,
 * campaign code, vendor code, contract id, user e-mail. Values are lower-cased (case-insensitive).
 */
export const uniqueKeys = {
  item: (kind: 'FUND_CODE' | 'CAMPAIGN_CODE' | 'VENDOR_CODE' | 'CONTRACT_ID' | 'USER_EMAIL', value: string): ItemKey => ({
    pk: `UNIQUE#${kind}#${lower(value)}`,
    sk: 'UNIQUE',
  }),
};

// ---------------------------------------------------------------------------------------------
// Files, jobs and platform records

// Exports: functions/entities/agent-export.ts (`EXPORT#{exportId}` / `EXPORT`).

/** Idempotency records: the first result of a keyed write, kept for a TTL. */
export const idempotencyKeys = {
  item: (key: string): ItemKey => ({ pk: `IDEMPOTENCY#${key}`, sk: 'IDEMPOTENCY' }),
};

