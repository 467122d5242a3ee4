// A (campaign, vendor) pair with its prices; the pair is the primary key, so it exists once.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

const cents = z.number().int();

export const CampaignVendor = defineEntity({
  entity: 'CampaignVendor',
  version: 1,
  schema: z.object({
    campaignVendorId: z.string(),
    campaignId: z.string(),
    vendorId: z.string(),
    vendorPriceCents: cents.nonnegative(),
    maxPriceCents: cents.nonnegative(),
    captivePriceCents: cents.nonnegative(),
    brokerPriceCents: cents.nonnegative(),
    checkEbureau: z.boolean(),
    minScore: z.number().int().min(0).max(1000),
    // Audit and optimistic concurrency; the defaults read pairs stored before they existed.
    modifiedBy: z.string().default('seed'),
    lastUpdated: z.string().default('2000-01-01T00:00:00.000Z'),
    revision: z.number().int().positive().default(1),
  }),
  /** pair by campaign and vendor */
  key: (cv: { campaignId: string; vendorId: string }) => ({ pk: `CAMPAIGN#${cv.campaignId}`, sk: `CV#${cv.vendorId}` }),
  queries: {
    /** the campaign vendors of a campaign */
    ofCampaign: (campaignId: string) => ({ pk: `CAMPAIGN#${campaignId}`, sk: { beginsWith: 'CV#' } }),
  },
  indexes: {
    /** pair by its id (PATCH, DELETE campaignVendors/{id}) */
    byId: {
      index: 'gsi1',
      attributes: ['campaignVendorId'],
      key: (cv) => ({ pk: `CV#${cv.campaignVendorId}`, sk: 'CV' }),
      query: (campaignVendorId: string) => ({ pk: `CV#${campaignVendorId}` }),
    },
    /** a vendor's assigned campaigns */
    ofVendor: {
      index: 'gsi2',
      attributes: ['vendorId', 'campaignId'],
      key: (cv) => ({ pk: `VENDOR_CAMPAIGNS#${cv.vendorId}`, sk: cv.campaignId }),
      query: (vendorId: string) => ({ pk: `VENDOR_CAMPAIGNS#${vendorId}` }),
    },
    /** every pair (GET campaignVendors, Available Funds) */
    all: {
      index: 'gsi3',
      attributes: ['campaignId', 'vendorId'],
      key: (cv) => ({ pk: 'CAMPAIGN_VENDORS', sk: `${cv.campaignId}#${cv.vendorId}` }),
      query: () => ({ pk: 'CAMPAIGN_VENDORS' }),
    },
  },
});
export type CampaignVendor = z.infer<typeof CampaignVendor.schema>;
