// The non-blocking "may lose money" warning of a campaign vendor row (spec part 3 §5): the vendor's
// price above what agents pay, the row's own captive or broker price (the shared rule) or those of
// the funds the row sells into. Prices in dollars.
import { losesMoney } from '#shared/campaign.ts';

export interface SalePrices {
  CaptivePrice: number;
  BrokerPrice: number;
}

export function mayLoseMoney(row: { VendorPrice: number | null; CaptivePrice: number | null; BrokerPrice: number | null }, funds: readonly SalePrices[]): boolean {
  return losesMoney(row) || funds.some((f) => losesMoney({ VendorPrice: row.VendorPrice, CaptivePrice: f.CaptivePrice, BrokerPrice: f.BrokerPrice }));
}
