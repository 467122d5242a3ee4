// The partner Home's figures (issue 24): a vendor's leads per reporting day (Central) by outcome, and
// what the sold ones earned at the vendor's price less what returns took back, summed from the
// vendor-days view's counters (entities/vendor-day.ts: VENDOR_DAY_SHARDS Queries of at most 366 small
// items each), never from the leads. Days are the days the leads arrived: a lead sold on a retry two
// days later, or returned a week later, counts on the day it arrived, so each day's outcomes add up to
// its posted leads.
import { VENDOR_DAY_SHARDS, VendorDay } from '#entities/vendor-day.ts';
import { centsToDollars } from '#shared/money.ts';
import type { PartnerFigures, PartnerSummary, PartnerSummaryQuery } from '#shared/api/partner-data.ts';

type Counts = Pick<VendorDay, 'posted' | 'sold' | 'unsold' | 'callCenter' | 'duplicate' | 'rejected' | 'doNotCall' | 'returned' | 'soldCents' | 'returnedCents'>;
const COUNTS: readonly (keyof Counts)[] = ['posted', 'sold', 'unsold', 'callCenter', 'duplicate', 'rejected', 'doNotCall', 'returned', 'soldCents', 'returnedCents'];

const none = (): Counts => ({ posted: 0, sold: 0, unsold: 0, callCenter: 0, duplicate: 0, rejected: 0, doNotCall: 0, returned: 0, soldCents: 0, returnedCents: 0 });

function addTo(sum: Counts, cell: Partial<Counts>): void {
  for (const k of COUNTS) sum[k] += cell[k] ?? 0;
}

/** The days from `from` to `to` (YYYY-MM-DD, both included), oldest first. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

function figuresOf(c: Counts): PartnerFigures {
  return {
    Posted: c.posted,
    Sold: c.sold,
    Unsold: c.unsold,
    CallCenter: c.callCenter,
    Duplicate: c.duplicate,
    Rejected: c.rejected,
    RejectedDoNotCall: c.doNotCall,
    Returned: c.returned,
    SoldRevenue: centsToDollars(c.soldCents),
    ReturnedRevenue: centsToDollars(c.returnedCents),
    Revenue: centsToDollars(c.soldCents - c.returnedCents),
  };
}

/**
 * The summary of a range from the view's cells (any shards, any order; cells outside the range are
 * left out): every day of the range, a day without cells holding zeros, and the range's totals.
 */
export function summaryOf(cells: readonly (Partial<Counts> & { day: string })[], from: string, to: string): PartnerSummary {
  const byDay = new Map(daysOf(from, to).map((d) => [d, none()]));
  const total = none();
  for (const cell of cells) {
    const sum = byDay.get(cell.day);
    if (!sum) continue;
    addTo(sum, cell);
    addTo(total, cell);
  }
  return { From: from, To: to, Days: [...byDay].map(([day, c]) => ({ Day: day, ...figuresOf(c) })), Totals: figuresOf(total) };
}

/** GET partner/{vendorId}/summary: the vendor's day counters of the range, one Query per shard. */
export async function vendorSummary(vendorId: string, q: PartnerSummaryQuery): Promise<PartnerSummary> {
  const shards = await Promise.all(Array.from({ length: VENDOR_DAY_SHARDS }, (_, shard) => VendorDay.query.ofShard(vendorId, shard, q.from, q.to).all()));
  return summaryOf(shards.flat(), q.from, q.to);
}
