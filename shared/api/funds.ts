// The funds area's calls (parts 1 and 3 §7): the funds a caller may see and their campaign-vendor links.
import { z } from 'zod';
import { areaContract, built, pending } from './define.ts';

/** A fund as the Available Funds dialog and the fund pickers read it (spec part 1 §3, §6); money in dollars. */
export const fundSchema = z.object({
  FundId: z.string(),
  Name: z.string(),
  Description: z.string(),
  Code: z.string(),
  /** Employer 1, Health 2, Life 3, Medicare 4. */
  LineOfBusiness: z.number(),
  /** Own company 1, ThirdPartyShared 2, ThirdPartyExclusive 3. */
  Category: z.number(),
  CategoryLabel: z.string(),
  Channel: z.number(),
  StartDate: z.string(),
  EndDate: z.string(),
  IsActive: z.boolean(),
  IsLiveTransfer: z.boolean(),
  CaptivePrice: z.number(),
  BrokerPrice: z.number(),
  /** The price for the caller's agent type; 0 for staff. */
  Price: z.number(),
  SpecifiedAgents: z.array(z.object({ AgentId: z.string() })),
  DisputableStatus: z.enum(['No', 'Some', 'All']),
  Created: z.string(),
  Modified: z.string(),
});
export type FundDto = z.infer<typeof fundSchema>;

export const campaignVendorFundSchema = z.object({
  CampaignVendorFundId: z.string(),
  CampaignVendor: z.object({
    CampaignVendorId: z.string(),
    Campaign: z.object({ CampaignId: z.string(), Name: z.string(), AllowDisputes: z.boolean() }),
    Vendor: z.object({ VendorId: z.string(), Name: z.string(), AllowDisputes: z.boolean() }),
  }),
  Fund: z.object({ FundId: z.string(), Name: z.string(), Code: z.string() }),
  Priority: z.number(),
  IsActive: z.boolean(),
});
export type CampaignVendorFundDto = z.infer<typeof campaignVendorFundSchema>;

export const fundsApi = areaContract<'funds'>()({
  'funds.list': built({ response: z.array(fundSchema) }),
  'funds.get': pending('funds.get'),
  'funds.create': pending('funds.create'),
  'funds.update': pending('funds.update'),
  'funds.enable': pending('funds.enable'),
  'funds.disable': pending('funds.disable'),
  'funds.history': pending('funds.history'),
  'funds.makeupHistory': pending('funds.makeupHistory'),
  'funds.campaignVendorFunds': built({ response: z.array(campaignVendorFundSchema) }),
  'funds.saveCampaignVendorFunds': pending('funds.saveCampaignVendorFunds'),
  'funds.enableCampaignVendorFund': pending('funds.enableCampaignVendorFund'),
  'funds.disableCampaignVendorFund': pending('funds.disableCampaignVendorFund'),
});
