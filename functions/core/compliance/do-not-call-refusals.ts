// Staff's figure of "rejected: do not call" (issue 24): the leads the do-not-call lists refused in a
// range, in all and by vendor, summed from each vendor's day counters (the vendor-days view, as the
// partner Home reads them: VENDOR_DAY_SHARDS small Queries a vendor), never from the leads.
import type { DncRefusalsDto } from '#shared/api/do-not-call.ts';
import type { PartnerSummaryQuery } from '#shared/api/partner-data.ts';
import { Vendor } from '#entities/vendor.ts';
import { vendorSummary } from '#core/partner/data-summary.ts';

/** Vendors read at once: each is a few Queries. */
const IN_FLIGHT = 8;

export async function dncRefusals(range: PartnerSummaryQuery): Promise<DncRefusalsDto> {
  const vendors = await Vendor.query.byName().all();
  const totals: { vendorId: string; name: string; refused: number; posted: number }[] = [];
  for (let i = 0; i < vendors.length; i += IN_FLIGHT) {
    const batch = vendors.slice(i, i + IN_FLIGHT);
    const sums = await Promise.all(batch.map((v) => vendorSummary(v.vendorId, range)));
    batch.forEach((v, k) => totals.push({ vendorId: v.vendorId, name: v.name, refused: sums[k]!.Totals.RejectedDoNotCall, posted: sums[k]!.Totals.Posted }));
  }
  return {
    From: range.from,
    To: range.to,
    Refused: totals.reduce((n, t) => n + t.refused, 0),
    Posted: totals.reduce((n, t) => n + t.posted, 0),
    Vendors: totals
      .filter((t) => t.refused > 0)
      .sort((a, b) => b.refused - a.refused || a.name.localeCompare(b.name))
      .map((t) => ({ VendorId: t.vendorId, Name: t.name, Refused: t.refused, Posted: t.posted })),
  };
}
