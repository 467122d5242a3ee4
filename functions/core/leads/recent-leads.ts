// The newest leads of a recent window read through the Lead month indexes (#65, #65b), bounded: the
// fill-rate preview and the rule simulation replay what arrived, never a Scan. A month's shards are
// read newest first side by side and merged (lead-months.ts); reading stops once `max` leads passed
// the filter, and the caller is told it stopped early.
// Only the few attributes a replay needs come back (a ProjectionExpression over the entity's own key
// condition): a lead item is ~1.5 KB with its consent and trace, its replay fields ~100 bytes, so a
// read of 10,000 leads moves and parses a tenth of what whole items would.
import { monthsOf } from '#core/leads/all-leads.ts';
import { arrivalKey, mergeInOrder, monthShards } from '#core/leads/lead-months.ts';
import type { Lead as LeadItem } from '#entities/lead.ts';
import { queryPage, type Page } from '#platform/db.ts';
import { timeRange } from '#platform/item-key.ts';

/** Lead statuses that reached routing (not rejected, not duplicates). */
export const ROUTED_STATUSES = ['Sold', 'Unsold', 'CallCenter'] as const;
/** Lead statuses that were offered to orders (routing sent them to the post target). */
export const OFFERED_STATUSES = ['Sold', 'Unsold'] as const;

/** What a replay reads of a lead. */
export type ReplayLead = Pick<LeadItem, 'at' | 'campaignId' | 'vendorId' | 'stateCode' | 'zipCode' | 'leadStatus'>;
/** The replay's fields, and the lead id that orders the merge of a month's shards. */
const FIELDS = ['at', 'leadId', 'campaignId', 'vendorId', 'stateCode', 'zipCode', 'leadStatus'] as const;

export interface RecentLeads {
  /** Newest first. */
  leads: ReplayLead[];
  /** True when more leads of the window passed the filter than `max`: only the newest were read. */
  stopped: boolean;
}

/**
 * The leads of [from, to) in one index family (all leads, or one campaign's), newest first, at most
 * `max` of those whose status is one of `statuses`. Pages are at most 1,000 items.
 */
export async function recentLeads(opts: { from: string; to: string; campaignId?: string; max: number; statuses: readonly string[] }): Promise<RecentLeads> {
  const sk = timeRange('', opts.from, opts.to);
  const leads: ReplayLead[] = [];
  const filter = {
    expression: `#status IN (${opts.statuses.map((_, i) => `:st${i}`).join(', ')})`,
    names: { '#status': 'leadStatus' },
    values: Object.fromEntries(opts.statuses.map((st, i) => [`:st${i}`, st])),
  };
  for (const month of monthsOf(opts.from, opts.to).reverse()) {
    const shards = monthShards(month, { campaignId: opts.campaignId }).map(
      (q) => async (cursor: string | undefined) => (await queryPage({ ...q.within(sk).key, filter, projection: FIELDS, newestFirst: true, limit: 1_000, cursor })) as Page<ReplayLead & { leadId: string }>,
    );
    for await (const item of mergeInOrder(shards, arrivalKey, true)) {
      if (leads.length >= opts.max) return { leads, stopped: true };
      leads.push(item);
    }
  }
  return { leads, stopped: false };
}
