// The Lead month indexes read back in one order. Each month index (all leads, one campaign's, one
// vendor's, one campaign-vendor pair's) is spread over LEAD_MONTH_SHARDS partitions by a hash of the
// lead id (entities/lead.ts), each in arrival order (`{at}#{leadId}`); a reader queries a month's
// shards side by side and merges them by that key. Used by All Leads, the recent leads of the
// fill-rate preview and the rule simulation, and the retention pass.
import { Lead, LEAD_MONTH_SHARDS } from '#entities/lead.ts';
import type { Page } from '#platform/db.ts';
import type { EntityQuery } from '#platform/entity.ts';

/** Which month index: all leads, or those of a campaign, a vendor or both. */
export interface LeadFamily {
  campaignId?: string | undefined;
  vendorId?: string | undefined;
}

/** The month's shards of one family's index, one Query each. */
export function monthShards(month: string, family: LeadFamily = {}): EntityQuery<Lead>[] {
  const { campaignId, vendorId } = family;
  return Array.from({ length: LEAD_MONTH_SHARDS }, (_, shard) =>
    campaignId && vendorId
      ? Lead.query.ofPairMonth(campaignId, vendorId, month, shard)
      : campaignId
        ? Lead.query.ofCampaignMonth(campaignId, month, shard)
        : vendorId
          ? Lead.query.ofVendorMonth(vendorId, month, shard)
          : Lead.query.ofMonth(month, shard),
  );
}

/** A lead's place in the month indexes' order. */
export const arrivalKey = (l: { at: string; leadId: string }) => `${l.at}#${l.leadId}`;

/**
 * The items of several sources, each already in `key` order, merged into one (newest first when
 * `newestFirst`, as each source then pages). A source is read one page at a time, only when the merge
 * has used up the page before, so a caller that stops early reads little beyond what it took.
 */
export async function* mergeInOrder<T>(sources: readonly ((cursor: string | undefined) => Promise<Page<T>>)[], key: (item: T) => string, newestFirst: boolean): AsyncGenerator<T> {
  const heads = await Promise.all(sources.map(async (read) => ({ read, ...(await read(undefined)), at: 0 })));
  const before = (a: string, b: string) => (newestFirst ? a > b : a < b);
  for (;;) {
    let next: (typeof heads)[number] | undefined;
    for (const head of heads) {
      while (head.at >= head.items.length && head.cursor) {
        const page = await head.read(head.cursor);
        [head.items, head.cursor, head.at] = [page.items, page.cursor, 0];
      }
      if (head.at < head.items.length && (!next || before(key(head.items[head.at]!), key(next.items[next.at]!)))) next = head;
    }
    if (!next) return;
    yield next.items[next.at++]!;
  }
}
