// The funds area's calls (parts 1 and 3 §7): the funds a caller may see and their campaign-vendor links.
import { z } from 'zod';
import { fundSelectionsSchema } from '../campaign.ts';
import { fundCreateBodySchema, fundUpdateBodySchema } from '../fund-form.ts';
import { campaignVendorFundRowSchema } from './campaigns.ts';
import { auditFieldsSchema, revisionSchema } from './revision.ts';
import { areaContract, built, idParam, noContent } from './define.ts';

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

/** One fund for the Edit Fund form (spec part 3 §3 Fund): the list fields, who changed it last, its agents and campaign vendors. */
export const fundDetailSchema = fundSchema
  .omit({ SpecifiedAgents: true })
  .extend(auditFieldsSchema.shape)
  .extend({
    /** The listed agents with their names (an agent no longer on file keeps its id and empty names). */
    SpecifiedAgents: z.array(z.object({ AgentId: z.string(), FirstName: z.string(), LastName: z.string() })),
    AgentIds: z.array(z.string()),
    CampaignVendors: z.array(
      z.object({
        CampaignVendorId: z.string(),
        Campaign: z.string(),
        Vendor: z.string(),
        VendorPrice: z.number(),
        /** The eBureau minimum score. */
        MinScore: z.number(),
      }),
    ),
  });
export type FundDetailDto = z.infer<typeof fundDetailSchema>;

/** A fund history row (spec part 3 §3): the fund as it was after each change, newest first. */
export const fundHistoryRowSchema = z.object({
  HistoryId: z.string(),
  Modified: z.string(),
  ModifiedBy: z.string(),
  Name: z.string(),
  CaptivePrice: z.number(),
  BrokerPrice: z.number(),
  IsActive: z.boolean(),
  Code: z.string(),
  LineOfBusiness: z.number(),
  Category: z.number(),
  IsLiveTransfer: z.boolean(),
  Channel: z.number(),
});
export type FundHistoryRowDto = z.infer<typeof fundHistoryRowSchema>;

/** A makeup history row (spec part 3 §3): a campaign vendor added to or removed from the fund, its priority or active flag changed. */
export const fundMakeupRowSchema = z.object({
  HistoryId: z.string(),
  Campaign: z.string(),
  Vendor: z.string(),
  Priority: z.number(),
  ModifiedBy: z.string(),
  Modified: z.string(),
  ChangeType: z.enum(['Added', 'Removed', 'PriorityChange', 'ActiveChange']),
});
export type FundMakeupRowDto = z.infer<typeof fundMakeupRowSchema>;

/** What enable and disable answer: the fund's new state and audit fields. */
export const fundStateSchema = z.object({ FundId: z.string(), IsActive: z.boolean() }).extend(auditFieldsSchema.shape);
export type FundStateDto = z.infer<typeof fundStateSchema>;

const fundParams = z.object({ fundId: idParam('Fund id') });
/** Enable and disable are body-less in the spec; a browser that sends the Revision it read gets the stale-edit check. */
const toggleBody = z.object({ Revision: revisionSchema.optional() }).optional();
const cvfParams = z.object({ campaignVendorFundId: idParam('Campaign vendor fund id') });

export const fundsApi = areaContract<'funds'>()({
  'funds.list': built({ response: z.array(fundSchema) }),
  'funds.get': built({ params: fundParams, response: fundDetailSchema }),
  'funds.create': built({ body: fundCreateBodySchema, response: fundDetailSchema }),
  'funds.update': built({ body: fundUpdateBodySchema, response: fundDetailSchema }),
  'funds.enable': built({ params: fundParams, body: toggleBody, response: fundStateSchema }),
  'funds.disable': built({ params: fundParams, body: toggleBody, response: fundStateSchema }),
  'funds.history': built({ params: fundParams, response: z.array(fundHistoryRowSchema) }),
  'funds.makeupHistory': built({ params: fundParams, response: z.array(fundMakeupRowSchema) }),
  'funds.campaignVendorFunds': built({ response: z.array(campaignVendorFundSchema) }),
  /**
   * The Funds dialog's selections of ONE campaign vendor, each naming it in CampaignVendorId (the path
   * has no id). One transaction: links added, updated, removed, renumbered 1..n, with makeup history
   * rows. Answers the campaign vendor's links as saved.
   */
  'funds.saveCampaignVendorFunds': built({ body: fundSelectionsSchema, response: z.array(campaignVendorFundRowSchema) }),
  'funds.enableCampaignVendorFund': built({ params: cvfParams, response: noContent, status: 204 }),
  'funds.disableCampaignVendorFund': built({ params: cvfParams, response: noContent, status: 204 }),
});
