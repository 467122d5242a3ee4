// A fund's link to a campaign vendor (the fund's makeup), kept in the fund's partition.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { pad } from '#platform/item-key.ts';

const isoTime = z.string();

export const CampaignVendorFund = defineEntity({
  entity: 'CampaignVendorFund',
  version: 1,
  schema: z.object({
    campaignVendorFundId: z.string(),
    campaignVendorId: z.string(),
    fundId: z.string(),
    priority: z.number().int().positive(),
    isActive: z.boolean(),
    modifiedAt: isoTime,
    /** Who changed the link last; links stored before it existed read 'seed'. */
    modifiedBy: z.string().default('seed'),
  }),
  key: (l: { fundId: string; campaignVendorId: string }) => ({ pk: `FUND#${l.fundId}`, sk: `CVF#${l.campaignVendorId}` }),
  queries: {
    /** a fund's makeup */
    ofFund: (fundId: string) => ({ pk: `FUND#${fundId}`, sk: { beginsWith: 'CVF#' } }),
  },
  indexes: {
    /** link by id (enable/disable) */
    byId: {
      index: 'gsi1',
      attributes: ['campaignVendorFundId'],
      key: (l) => ({ pk: `CVF#${l.campaignVendorFundId}`, sk: 'CVF' }),
      query: (campaignVendorFundId: string) => ({ pk: `CVF#${campaignVendorFundId}` }),
    },
    /** the funds a campaign vendor feeds, by priority */
    ofCampaignVendor: {
      index: 'gsi2',
      attributes: ['campaignVendorId', 'priority', 'fundId'],
      key: (l) => ({ pk: `CV_FUNDS#${l.campaignVendorId}`, sk: `${pad(l.priority, 4)}#${l.fundId}` }),
      query: (campaignVendorId: string) => ({ pk: `CV_FUNDS#${campaignVendorId}` }),
    },
    /** every link (Available Funds) */
    all: {
      index: 'gsi3',
      attributes: ['fundId', 'campaignVendorId'],
      key: (l) => ({ pk: 'CVFS', sk: `${l.fundId}#${l.campaignVendorId}` }),
      query: () => ({ pk: 'CVFS' }),
    },
  },
});
export type CampaignVendorFund = z.infer<typeof CampaignVendorFund.schema>;
