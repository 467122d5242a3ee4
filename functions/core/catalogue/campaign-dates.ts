// When a campaign is current (spec part 3 §2: "now between start and end"). Kept apart from
// campaigns.ts, which reads the ZIP data for bids, so the funds area can use it without bundling that data.
import type { Campaign } from '#entities/campaign.ts';
import { companyDay } from '#shared/time-zones.ts';

/**
 * The campaign is current when the company's today (Central) lies within its start and end days, the
 * days it takes leads on (core/leads/validate.ts `campaignOpen`). The dates are stored as the start and
 * the end of their days in UTC: compared as instants, a campaign read as ended from 6 or 7 pm Central on
 * its last day (lists, the order wizards' choices, an order's save) while the engine still sold its leads.
 */
export const isCurrent = (c: Pick<Campaign, 'startDate' | 'endDate'>, now: string) => {
  const today = companyDay(new Date(now));
  return c.startDate.slice(0, 10) <= today && today <= c.endDate.slice(0, 10);
};
