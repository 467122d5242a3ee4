// A lead campaign of the catalogue.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { lower } from '#platform/item-key.ts';

const isoTime = z.string();
/** Inactive 0 / Active 1: the spec's numeric status values. */
const onOff = z.union([z.literal(0), z.literal(1)]);

export const Campaign = defineEntity({
  entity: 'Campaign',
  version: 1,
  schema: z.object({
    campaignId: z.string(),
    name: z.string(),
    code: z.string(),
    description: z.string(),
    category: z.number().int().min(1).max(3),
    /** Line of business: Employer 1, Health 2, Life 3, Medicare 4, Supplemental 5. */
    lob: z.number().int().min(1).max(5),
    /** A lead type name (GET campaign/leadtypes); campaigns stored before it existed read their Lob's name. */
    leadType: z.string().default(''),
    crmLob: z.string(),
    businessOwner: z.string(),
    destination: z.string(),
    status: onOff,
    startDate: isoTime,
    endDate: isoTime,
    allowDisputes: z.boolean(),
    isLiveTransfer: z.boolean(),
    dedupeScope: z.enum(['All', 'CampaignVendor', 'Campaign', 'Vendor', 'None']),
    dedupeDays: z.number().int().nonnegative(),
    callCenterCheck: z.number().int().nonnegative(),
    callTimeCheck: z.number().int().nonnegative(),
    maxRetries: z.number().int().nonnegative(),
    retryIntervalMinutes: z.number().int().nonnegative(),
    channel: z.enum(['Captive', 'Broker', 'Both']),
    // Defaults keep campaigns seeded before these fields existed readable.
    checkEbureau: z.boolean().default(false),
    /** eBureau minimum score (0–1000), used when checkEbureau is on. */
    minScore: z.number().int().min(0).max(1000).default(0),
    modifiedBy: z.string(),
    lastUpdated: isoTime,
    /** Optimistic concurrency (functions/platform/revision.ts); 1 for items stored before it existed. */
    revision: z.number().int().positive().default(1),
  }),
  /** campaign by id */
  key: (c: { campaignId: string }) => ({ pk: `CAMPAIGN#${c.campaignId}`, sk: 'CAMPAIGN' }),
  indexes: {
    /** all campaigns by name */
    byName: {
      index: 'gsi1',
      attributes: ['name', 'campaignId'],
      key: (c) => ({ pk: 'CAMPAIGNS', sk: `${lower(c.name)}#${c.campaignId}` }),
      query: () => ({ pk: 'CAMPAIGNS' }),
    },
    /** campaign by code (intake, ping history, contract map) */
    byCode: {
      index: 'gsi2',
      attributes: ['code'],
      key: (c) => ({ pk: `CAMPAIGN_CODE#${lower(c.code)}`, sk: 'CAMPAIGN' }),
      query: (code: string) => ({ pk: `CAMPAIGN_CODE#${lower(code)}` }),
    },
  },
});
export type Campaign = z.infer<typeof Campaign.schema>;
