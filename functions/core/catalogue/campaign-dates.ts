// When a campaign is current (spec part 3 §2: "now between start and end"). Kept apart from
// campaigns.ts, which reads the ZIP data for bids, so the funds area can use it without bundling that data.
import type { Campaign } from '#entities/campaign.ts';

export const isCurrent = (c: Pick<Campaign, 'startDate' | 'endDate'>, now: string) => c.startDate <= now && now <= c.endDate;
