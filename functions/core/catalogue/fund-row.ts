// A campaign vendor's fund link as the API shows it (spec part 2 §3): the row both the campaign detail
// (functions/campaigns/) and the fund selection save (functions/funds/) answer.
import type { CampaignVendorFundRowDto } from '#shared/api/campaigns.ts';
import type { SavedFundLink } from './campaign-vendors.ts';

export function toFundRow({ link, name, code }: SavedFundLink): CampaignVendorFundRowDto {
  return { CampaignVendorFundId: link.campaignVendorFundId, FundId: link.fundId, Name: name, Code: code, IsActive: link.isActive, Priority: link.priority };
}
