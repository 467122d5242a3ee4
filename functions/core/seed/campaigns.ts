// The campaigns side of the demo catalogue, on top of catalogue.ts: a second live-transfer campaign and
// a pending one, every campaign's validation criteria, the live-transfer bid tables (All-states entries
// and zip entries that lie in their states), the campaign-code uniqueness guards, and the new
// campaigns' vendors and fund links (existing seeded funds and vendors), with the demo vendor ACME on
// Medicare Live Transfer so its ping can be tried locally.
import type { Campaign } from '#entities/campaign.ts';
import type { CampaignBid } from '#entities/campaign-bid.ts';
import type { CampaignValidation } from '#entities/campaign-validation.ts';
import type { CampaignVendor } from '#entities/campaign-vendor.ts';
import type { CampaignVendorFund } from '#entities/campaign-vendor-fund.ts';
import { uniqueValueOf, type UniqueValue } from '#entities/unique-value.ts';
import { US_STATES } from '#shared/lookups.ts';
import { seedPair, type Catalogue } from './catalogue.ts';
import { stableId } from './ids.ts';

const DAY_MS = 86_400_000;
const SEEDED_BY = 'seed';

export interface CampaignSeed {
  campaigns: Campaign[];
  validations: CampaignValidation[];
  bids: CampaignBid[];
  guards: UniqueValue[];
  campaignVendors: CampaignVendor[];
  campaignVendorFunds: CampaignVendorFund[];
}

/** Zip entries of the bid tables: each zip lies in its state (checked by the seed test against the address data). */
const ZIP_BIDS: Record<string, [string, string, number][]> = {
  MLT: [
    // Downtown Chicago: the zip of docs/intake-api.md's ping curl (a zip entry wins over the state's).
    ['IL', '60601', 4000],
    ['TX', '78701', 4500],
    ['TX', '75201', 4200],
    ['FL', '33101', 5000],
  ],
  HLT: [
    ['CA', '90001', 3800],
    ['NY', '10001', 4000],
  ],
};

/** State entries: MLT bids on every state (All), HLT on three. */
const STATE_BIDS: Record<string, { states: string[]; cents: number }> = {
  MLT: { states: US_STATES.map((s) => s.StateAbbreviation), cents: 3500 },
  HLT: { states: ['CA', 'NY', 'TX'], cents: 3000 },
};

export function buildCampaignSeed(today: Date, catalogue: Catalogue): CampaignSeed {
  const at = (days: number) => new Date(today.getTime() + days * DAY_MS).toISOString();
  const created = at(-400);
  const campaignId = (code: string) => stableId('campaign', code);
  const template = catalogue.campaigns[0]!;

  const extra: Campaign[] = [
    {
      ...template,
      campaignId: campaignId('HLT'),
      name: 'Health Live Transfer',
      code: 'HLT',
      description: 'Warm health calls transferred live to captive agents',
      category: 1,
      lob: 2,
      leadType: 'Health',
      crmLob: 'Health',
      businessOwner: 'Health Sales',
      destination: 'Call Center',
      status: 1,
      startDate: at(-90),
      endDate: at(275),
      allowDisputes: false,
      isLiveTransfer: true,
      channel: 'Captive',
      checkEbureau: true,
      minScore: 600,
      maxRetries: 2,
      retryIntervalMinutes: 15,
      modifiedBy: SEEDED_BY,
      lastUpdated: created,
      revision: 1,
    },
    {
      ...template,
      campaignId: campaignId('MAE26'),
      name: 'Medicare Annual Enrollment',
      code: 'MAE26',
      description: 'Annual enrollment period campaign, starting next month',
      category: 2,
      lob: 4,
      leadType: 'Medicare',
      crmLob: 'Medicare',
      businessOwner: 'Medicare Sales',
      destination: 'CRM',
      status: 1,
      startDate: at(30),
      endDate: at(120),
      allowDisputes: true,
      isLiveTransfer: false,
      channel: 'Both',
      modifiedBy: SEEDED_BY,
      lastUpdated: created,
      revision: 1,
    },
  ];
  const campaigns = [...catalogue.campaigns, ...extra];

  const validations: CampaignValidation[] = campaigns.map((c) => {
    const address = c.checkEbureau || c.isLiveTransfer;
    return {
      campaignId: c.campaignId,
      campaignValidationId: stableId('validation', c.code),
      addressLine1Required: address,
      cityRequired: address,
      stateRequired: true,
      zipRequired: true,
      countryRequired: address,
      inEmailRequired: !c.isLiveTransfer,
      bzEmailRequired: c.lob === 1,
      inGenderRequired: false,
      inDobRequired: c.lob === 4,
      minAge: c.lob === 4 ? 64 : 18,
      maxAge: c.lob === 4 ? 0 : 99,
    };
  });

  const bids: CampaignBid[] = Object.keys(STATE_BIDS).map((code) => ({
    campaignId: campaignId(code),
    bids: [
      ...STATE_BIDS[code]!.states.map((state) => ({ state, zip: '', bidCents: STATE_BIDS[code]!.cents })),
      ...(ZIP_BIDS[code] ?? []).map(([state, zip, bidCents]) => ({ state, zip, bidCents })),
    ],
  }));

  const guards: UniqueValue[] = campaigns.map((c) => uniqueValueOf('CAMPAIGN_CODE', c.code, c.campaignId));

  /** [campaign, vendor, vendor price, captive, broker, fund codes by priority] */
  const pairs: [string, string, number, number, number, string[]][] = [
    ['HLT', 'SUMMIT', 2800, 3600, 0, ['HLTH-EX', 'FF-HLTH']],
    ['HLT', 'BLUE', 2500, 3600, 0, ['HLTH-EX']],
    ['MAE26', 'ACME', 900, 1800, 2200, ['MED-SH']],
    ['MAE26', 'NWD', 850, 1800, 2200, ['MED-SH', 'LT-MED']],
    // The demo vendor's live-transfer pair: the sponsor's campaign order on it takes ACME's pings
    // (docs/intake-api.md's curl answers a bid on a fresh npm start).
    ['MLT', 'ACME', 2500, 3000, 0, []],
  ];
  const seeded = pairs.map(([campaign, vendor, vendorPriceCents, captivePriceCents, brokerPriceCents, fundCodes]) =>
    seedPair({ campaign, vendor, vendorPriceCents, captivePriceCents, brokerPriceCents, fundCodes, ...(campaign === 'HLT' ? { minScore: 600 } : {}) }, created),
  );
  const campaignVendors = seeded.map((s) => s.pair);
  const campaignVendorFunds = seeded.flatMap((s) => s.links);
  return { campaigns: extra, validations, bids, guards, campaignVendors, campaignVendorFunds };
}
