// The newest leads of a recent window read through the Lead month indexes (#65, #65b), bounded: the
// fill-rate preview and the rule simulation replay what arrived, never a Scan. Pages are read newest
// first; reading stops once `max` leads passed the filter, and the caller is told it stopped early.
import { monthsOf } from '#core/leads/all-leads.ts';
import { Lead, type Lead as LeadItem } from '#entities/lead.ts';
import type { Expr } from '#platform/db.ts';
import { timeRange } from '#platform/keys.ts';

/** Lead statuses that reached routing (not rejected, not duplicates). */
export const ROUTED_STATUSES = ['Sold', 'Unsold', 'CallCenter'] as const;
/** Lead statuses that were offered to orders (routing sent them to the post target). */
export const OFFERED_STATUSES = ['Sold', 'Unsold'] as const;

export const statusFilter = (statuses: readonly string[]): Expr => ({
  expression: `leadStatus IN (${statuses.map((_, i) => `:st${i}`).join(', ')})`,
  values: Object.fromEntries(statuses.map((s, i) => [`:st${i}`, s])),
});

export interface RecentLeads {
  /** Newest first. */
  leads: LeadItem[];
  /** True when more leads of the window passed the filter than `max`: only the newest were read. */
  stopped: boolean;
}

/**
 * The leads of [from, to) in one index family (all leads, or one campaign's), newest first, at most
 * `max` of those passing `filter`. Each page is at most 500 items, so a read past `max` is small.
 */
export async function recentLeads(opts: { from: string; to: string; campaignId?: string; max: number; filter?: Expr }): Promise<RecentLeads> {
  const sk = timeRange('', opts.from, opts.to);
  const months = monthsOf(opts.from, opts.to).reverse();
  const leads: LeadItem[] = [];
  for (const month of months) {
    const q = (opts.campaignId ? Lead.query.ofCampaignMonth(opts.campaignId, month) : Lead.query.ofMonth(month)).within(sk);
    let cursor: string | undefined;
    do {
      const page = await q.page({ newestFirst: true, limit: 500, ...(cursor ? { cursor } : {}), ...(opts.filter ? { filter: opts.filter } : {}) });
      for (const lead of page.items) {
        if (leads.length >= opts.max) return { leads, stopped: true };
        leads.push(lead);
      }
      cursor = page.cursor;
    } while (cursor);
  }
  return { leads, stopped: false };
}
