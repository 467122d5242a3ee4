// The API contract of campaigns (part 3 §2, §4, §7): the campaign list and form, campaign vendors.
// The bodies are the shared form schemas of shared/campaign.ts, so the browser validates with them too.
import { z } from 'zod';
import {
  bidSchema,
  CAMPAIGN_CHANNELS,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_STATUSES,
  campaignCreateSchema,
  campaignUpdateSchema,
  campaignValidationSchema,
  campaignVendorSchema,
  campaignVendorUpdateSchema,
  DEDUPE_SCOPES,
} from '../campaign.ts';
import { areaContract, built, calendarDay, idParam, noContent } from './define.ts';
import { doNotCallApi } from './do-not-call.ts';
import { auditFieldsSchema } from './revision.ts';

const campaignIdParams = z.object({ campaignId: idParam('Campaign id') });

/** The path's days (YYYY-MM-DD); they must equal the body's StartDate and EndDate. */
export const campaignDatesParams = z
  .object({ startDate: calendarDay('Start date'), endDate: calendarDay('End date') })
  .refine((p) => p.endDate >= p.startDate, { message: CAMPAIGN_MESSAGES.endBeforeStart });

/** A campaign as the list and the edit form read it; dates are UTC ISO times (start 00:00, end 23:59:59.999 of their days). */
export const campaignSchema = z.object({
  CampaignId: z.string(),
  Name: z.string(),
  Code: z.string(),
  Description: z.string(),
  Category: z.number(),
  LeadType: z.string(),
  Lob: z.number(),
  CrmLob: z.string(),
  BusinessOwner: z.string(),
  Destination: z.string(),
  Status: z.enum(CAMPAIGN_STATUSES),
  StartDate: z.string(),
  EndDate: z.string(),
  /** Now is between StartDate and EndDate (the list's default filter). */
  IsCurrent: z.boolean(),
  AllowDisputes: z.boolean(),
  IsLiveTransfer: z.boolean(),
  DedupeScope: z.enum(DEDUPE_SCOPES),
  DedupeDays: z.number(),
  CallCenterCheck: z.number(),
  CallTimeCheck: z.number(),
  MaxRetries: z.number(),
  RetryInterval: z.number(),
  Channel: z.enum(CAMPAIGN_CHANNELS),
  CheckEbureau: z.boolean(),
  MinScore: z.number(),
  ...auditFieldsSchema.shape,
});
export type CampaignDto = z.infer<typeof campaignSchema>;

/** A fund linked to a campaign vendor (the Funds dialog's rows). */
export const campaignVendorFundRowSchema = z.object({
  CampaignVendorFundId: z.string(),
  FundId: z.string(),
  Name: z.string(),
  Code: z.string(),
  IsActive: z.boolean(),
  Priority: z.number(),
});
export type CampaignVendorFundRowDto = z.infer<typeof campaignVendorFundRowSchema>;

/** A campaign vendor of the edit form, with its vendor's name and its fund selections by priority. */
export const campaignVendorDetailSchema = z.object({
  CampaignVendorId: z.string(),
  CampaignId: z.string(),
  VendorId: z.string(),
  VendorName: z.string(),
  VendorPrice: z.number(),
  MaxPrice: z.number(),
  CaptivePrice: z.number(),
  BrokerPrice: z.number(),
  CheckEbureau: z.boolean(),
  MinScore: z.number(),
  Funds: z.array(campaignVendorFundRowSchema),
  ...auditFieldsSchema.shape,
});
export type CampaignVendorDetailDto = z.infer<typeof campaignVendorDetailSchema>;

/** GET campaign/{id}: the campaign with its validation, bids and campaign vendors (one partition read). */
export const campaignDetailSchema = campaignSchema.extend({
  CampaignValidation: campaignValidationSchema.extend({ CampaignValidationId: z.string() }),
  CallerLeadsBidCampaigns: z.array(bidSchema.extend({ Zip: z.string().nullable() })),
  CampaignVendors: z.array(campaignVendorDetailSchema),
});
export type CampaignDetailDto = z.infer<typeof campaignDetailSchema>;

/**
 * GET campaignVendors (part 2 §3 campaign vendor record, part 3 §7): one record per current campaign
 * with its vendors, sorted by Lob then Name (the wizard groups by Lob). Agents get only active
 * campaigns of their channel and active vendors, and no VendorPrice (the company's cost).
 */
export const campaignVendorRecordSchema = z.object({
  Campaign: z.object({
    CampaignId: z.string(),
    Name: z.string(),
    Code: z.string(),
    Lob: z.number(),
    Category: z.number(),
    Channel: z.enum(CAMPAIGN_CHANNELS),
    IsLiveTransfer: z.boolean(),
    Status: z.enum(CAMPAIGN_STATUSES),
    StartDate: z.string(),
    EndDate: z.string(),
  }),
  Vendors: z.array(
    z.object({
      CampaignVendorId: z.string(),
      VendorId: z.string(),
      Name: z.string(),
      AllowDisputes: z.boolean(),
      CaptivePrice: z.number(),
      BrokerPrice: z.number(),
      /** The price for the caller's agent type; 0 for staff. */
      Price: z.number(),
      /** Staff only. */
      VendorPrice: z.number().optional(),
    }),
  ),
});
export type CampaignVendorRecordDto = z.infer<typeof campaignVendorRecordSchema>;

export const campaignListQuery = z.object({
  /** true: only current campaigns (the list's default); false: only pending or expired ones; absent: all (rule and contract pickers). */
  current: z.enum(['true', 'false'], { error: 'current must be true or false.' }).optional(),
});

/** The campaigns area's calls (part 3 §7). */
export const campaignsApi = areaContract<'campaigns'>()({
  'campaigns.list': built({ query: campaignListQuery, response: z.array(campaignSchema) }),
  'campaigns.get': built({ params: campaignIdParams, response: campaignDetailSchema }),
  'campaigns.create': built({ params: campaignDatesParams, body: campaignCreateSchema, response: z.object({ CampaignId: z.string() }) }),
  'campaigns.update': built({ params: campaignDatesParams, body: campaignUpdateSchema, response: noContent, status: 204 }),
  'campaigns.activate': built({ params: campaignIdParams, response: noContent, status: 204 }),
  'campaigns.deactivate': built({ params: campaignIdParams, response: noContent, status: 204 }),
  'campaigns.listCampaignVendors': built({ response: z.array(campaignVendorRecordSchema) }),
  'campaigns.createCampaignVendor': built({ body: campaignVendorSchema, response: z.object({ CampaignVendorId: z.string() }) }),
  'campaigns.updateCampaignVendor': built({ body: campaignVendorUpdateSchema, response: z.object({ CampaignVendorId: z.string() }) }),
  'campaigns.deleteCampaignVendor': built({ params: z.object({ campaignVendorId: idParam('Campaign vendor id') }), response: noContent, status: 204 }),
  // The do-not-call lists (issue 24): shared/api/do-not-call.ts.
  ...doNotCallApi,
});
