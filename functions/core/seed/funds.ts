// The funds' side of the demo catalogue: each seeded fund's code guard (so a new fund cannot take a
// seeded code), its history (created, and for some a later change by staff, so the Funds Summary's
// expanded rows have something to show) and the makeup history of the seeded fund links. The rows
// are built by the same functions the API writes them with; only their ids are stable here.
import { makeupRow } from '#core/catalogue/campaign-vendors.ts';
import { fundHistoryRow } from '#core/catalogue/funds/fund-admin.ts';
import type { Fund } from '#entities/fund.ts';
import { FundHistory } from '#entities/fund-history.ts';
import { FundMakeupHistory } from '#entities/fund-makeup-history.ts';
import { UniqueValue, uniqueValueOf } from '#entities/unique-value.ts';
import type { Catalogue } from './catalogue.ts';
import { stableId } from './ids.ts';

const DAY_MS = 86_400_000;
const STAFF = 'admin@leadportal.example.com';

/** Later changes by staff: [fund code, days before today, what changed]. Applied in order. */
const CHANGES: [string, number, (f: Fund) => Partial<Fund>, 'Updated' | 'Disabled'][] = [
  ['MED-SH', 200, (f) => ({ captivePriceCents: f.captivePriceCents - 200, brokerPriceCents: f.brokerPriceCents - 200 }), 'Updated'],
  ['MED-SH', 90, (f) => ({ captivePriceCents: f.captivePriceCents + 200, brokerPriceCents: f.brokerPriceCents + 200 }), 'Updated'],
  ['HLTH-EX', 30, (f) => ({ captivePriceCents: f.captivePriceCents + 100 }), 'Updated'],
  ['PILOT', 14, () => ({ channel: 7 }), 'Updated'],
  ['DENTAL', 7, () => ({ isActive: false }), 'Disabled'],
];

const historyItem = (fund: Fund, change: 'Created' | 'Updated' | 'Disabled') =>
  FundHistory.toItem(fundHistoryRow(fund, change, stableId('fund-history', `${fund.fundId}/${fund.revision}`)));

/**
 * Brings the catalogue's funds to their last revision (in place: `catalogue.funds` is what gets
 * written) and returns the guard and history items to write beside them.
 */
export function seedFundHistory(catalogue: Catalogue, today: Date): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  catalogue.funds = catalogue.funds.map((created) => {
    // A fund switched off later was created active.
    const changed = CHANGES.filter(([code]) => code === created.code);
    let fund: Fund = changed.some(([, , , kind]) => kind === 'Disabled') ? { ...created, isActive: true } : created;
    items.push(historyItem(fund, 'Created'));
    for (const [, daysAgo, change, kind] of changed) {
      fund = { ...fund, ...change(fund), revision: fund.revision + 1, modifiedBy: STAFF, lastUpdated: new Date(today.getTime() - daysAgo * DAY_MS).toISOString() };
      items.push(historyItem(fund, kind));
    }
    items.push(UniqueValue.toItem(uniqueValueOf('FUND_CODE', fund.code, fund.fundId)));
    return fund;
  });
  return items;
}

/** An Added makeup row for every seeded fund link (the catalogue's and the campaign seed's). */
export function seedMakeupHistory(parts: Pick<Catalogue, 'funds' | 'campaigns' | 'vendors' | 'campaignVendors' | 'campaignVendorFunds'>): Record<string, unknown>[] {
  const funds = new Set(parts.funds.map((f) => f.fundId));
  return parts.campaignVendorFunds.flatMap((link) => {
    const pair = parts.campaignVendors.find((p) => p.campaignVendorId === link.campaignVendorId);
    const campaign = pair && parts.campaigns.find((c) => c.campaignId === pair.campaignId);
    const vendor = pair && parts.vendors.find((v) => v.vendorId === pair.vendorId);
    if (!pair || !campaign || !vendor || !funds.has(link.fundId)) return [];
    const names = { campaignName: campaign.name, vendorName: vendor.name };
    return [
      FundMakeupHistory.toItem(
        makeupRow({ pair, names, link, changeType: 'Added' }, { by: STAFF, at: link.modifiedAt, historyId: stableId('fund-makeup', link.campaignVendorFundId) }),
      ),
    ];
  });
}
