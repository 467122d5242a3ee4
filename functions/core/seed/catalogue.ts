// The catalogue the shell's dialogs and the order wizards show: funds of every category and
// channel (one for specified agents, one expired, one inactive), campaigns, vendors, their pairs,
// the pairs' fund links, and the lookup lists.
import type { Campaign } from '#entities/campaign.ts';
import type { CampaignVendor } from '#entities/campaign-vendor.ts';
import type { CampaignVendorFund } from '#entities/campaign-vendor-fund.ts';
import type { Fund } from '#entities/fund.ts';
import type { Vendor } from '#entities/vendor.ts';
import { LINES_OF_BUSINESS } from '#shared/campaign.ts';
import { DEMO_AGENT_IDS } from './demo-users.ts';
import { stableId } from './ids.ts';

const DAY_MS = 86_400_000;
const SEEDED_BY = 'seed';

interface FundSpec {
  code: string;
  name: string;
  description: string;
  lineOfBusiness: number;
  category: number;
  channel: number;
  captive: number;
  broker: number;
  isActive?: boolean;
  isLiveTransfer?: boolean;
  expired?: boolean;
  specifiedAgentIds?: string[];
}

const FUNDS: FundSpec[] = [
  { code: 'HLTH-EX', name: 'Health Exclusive', description: 'Exclusive health leads from our own web forms.', lineOfBusiness: 2, category: 1, channel: 2, captive: 2500, broker: 3000 },
  { code: 'MED-SH', name: 'Medicare Shared', description: 'Medicare leads shared with up to three agents.', lineOfBusiness: 4, category: 2, channel: 6, captive: 1800, broker: 2200 },
  { code: 'LIFE-PR', name: 'Life Premium', description: 'Term and whole life quote requests.', lineOfBusiness: 3, category: 1, channel: 1, captive: 3000, broker: 0 },
  { code: 'EMP-GR', name: 'Employer Groups', description: 'Small business group coverage requests.', lineOfBusiness: 1, category: 3, channel: 0, captive: 0, broker: 4500 },
  { code: 'FF-HLTH', name: 'First Family Health', description: 'Health leads reserved for first-family agents.', lineOfBusiness: 2, category: 1, channel: 3, captive: 2000, broker: 2000 },
  { code: 'LT-MED', name: 'Live Transfer Medicare', description: 'Warm Medicare calls transferred live.', lineOfBusiness: 4, category: 1, channel: 4, captive: 5500, broker: 6000, isLiveTransfer: true },
  { code: 'PILOT', name: 'Preview Pilot Fund', description: 'Pilot fund for the agents listed on it.', lineOfBusiness: 2, category: 2, channel: 7, captive: 1500, broker: 1500, specifiedAgentIds: [DEMO_AGENT_IDS.fundPreview, DEMO_AGENT_IDS.sponsor] },
  { code: 'LEGACY', name: 'Legacy Life 2023', description: 'Last year\u2019s life fund, kept for history.', lineOfBusiness: 3, category: 1, channel: 2, captive: 2200, broker: 2600, expired: true },
  { code: 'DENTAL', name: 'Dental Add-on', description: 'Switched off while pricing is reviewed.', lineOfBusiness: 2, category: 2, channel: 2, captive: 900, broker: 1100, isActive: false },
];

interface CampaignSpec {
  code: string;
  name: string;
  lob: number;
  channel: Campaign['channel'];
  category: number;
  allowDisputes: boolean;
  isLiveTransfer?: boolean;
  expired?: boolean;
}

const CAMPAIGNS: CampaignSpec[] = [
  { code: 'HWL', name: 'Health Web Leads', lob: 2, channel: 'Both', category: 1, allowDisputes: true },
  { code: 'MIB', name: 'Medicare Inbound', lob: 4, channel: 'Captive', category: 2, allowDisputes: true },
  { code: 'LQ', name: 'Life Quotes', lob: 3, channel: 'Both', category: 1, allowDisputes: false },
  { code: 'EMR', name: 'Employer Referrals', lob: 1, channel: 'Broker', category: 3, allowDisputes: true },
  { code: 'MLT', name: 'Medicare Live Transfer', lob: 4, channel: 'Captive', category: 1, allowDisputes: false, isLiveTransfer: true },
  { code: 'SUP', name: 'Supplemental Direct', lob: 5, channel: 'Both', category: 2, allowDisputes: true },
  { code: 'SPR23', name: 'Spring Health 2023', lob: 2, channel: 'Both', category: 1, allowDisputes: true, expired: true },
];

interface VendorSpec {
  code: string;
  name: string;
  allowDisputes: boolean;
  active?: boolean;
  isPartner?: boolean;
}

const VENDORS: VendorSpec[] = [
  { code: 'ACME', name: 'Acme Leads', allowDisputes: true, isPartner: true },
  { code: 'BLUE', name: 'BlueSky Marketing', allowDisputes: true },
  { code: 'NWD', name: 'Northwind Data', allowDisputes: false },
  { code: 'SUMMIT', name: 'Summit Calls', allowDisputes: false },
  { code: 'OLDCO', name: 'Legacy Leads Co', allowDisputes: true, active: false },
];

/** [campaign code, vendor code, vendor price, fund codes in priority order]. */
const PAIRS: [string, string, number, string[]][] = [
  ['HWL', 'ACME', 1200, ['HLTH-EX']],
  ['HWL', 'BLUE', 1000, ['HLTH-EX', 'FF-HLTH']],
  ['MIB', 'ACME', 900, ['MED-SH']],
  ['MIB', 'NWD', 800, ['MED-SH']],
  ['LQ', 'BLUE', 1500, ['LIFE-PR', 'LEGACY']],
  ['EMR', 'NWD', 2000, ['EMP-GR']],
  ['MLT', 'SUMMIT', 3000, ['LT-MED']],
  ['SUP', 'ACME', 500, ['PILOT', 'DENTAL']],
  ['SPR23', 'OLDCO', 700, ['LEGACY']],
];

const LOB_NAMES: Record<number, string> = Object.fromEntries(LINES_OF_BUSINESS.map((l) => [l.Id, l.Name]));

export const LOOKUPS: Record<string, string[]> = {
  BusinessOwner: ['Health Sales', 'Medicare Sales', 'Life Sales', 'Employer Sales'],
  Destination: ['CRM', 'Call Center', 'Post Target'],
  LeadType: ['Employer', 'Health', 'Life', 'Medicare', 'Supplemental'],
  CrmLob: ['Health', 'Life', 'Medicare', 'Employer', 'Supplemental'],
};

export interface Catalogue {
  funds: Fund[];
  campaigns: Campaign[];
  vendors: Vendor[];
  campaignVendors: CampaignVendor[];
  campaignVendorFunds: CampaignVendorFund[];
  lookups: { category: string; value: string; name: string }[];
}

export interface SeedPairSpec {
  campaign: string;
  vendor: string;
  vendorPriceCents: number;
  captivePriceCents: number;
  brokerPriceCents: number;
  /** eBureau minimum score; none when omitted. */
  minScore?: number;
  /** The funds the pair feeds, by priority. */
  fundCodes: string[];
}

/** A seeded campaign vendor (by campaign and vendor code) and its fund links, with stable ids. */
export function seedPair(spec: SeedPairSpec, created: string): { pair: CampaignVendor; links: CampaignVendorFund[] } {
  const pair: CampaignVendor = {
    campaignVendorId: stableId('cv', `${spec.campaign}/${spec.vendor}`),
    campaignId: stableId('campaign', spec.campaign),
    vendorId: stableId('vendor', spec.vendor),
    vendorPriceCents: spec.vendorPriceCents,
    maxPriceCents: spec.vendorPriceCents * 2,
    captivePriceCents: spec.captivePriceCents,
    brokerPriceCents: spec.brokerPriceCents,
    checkEbureau: spec.minScore !== undefined,
    minScore: spec.minScore ?? 0,
    modifiedBy: SEEDED_BY,
    lastUpdated: created,
    revision: 1,
  };
  const links = spec.fundCodes.map((code, i) => ({
    campaignVendorFundId: stableId('cvf', `${spec.campaign}/${spec.vendor}/${code}`),
    campaignVendorId: pair.campaignVendorId,
    fundId: stableId('fund', code),
    priority: i + 1,
    isActive: true,
    modifiedAt: created,
    modifiedBy: SEEDED_BY,
  }));
  return { pair, links };
}

/** Current items run a year either side of `today`; expired ones ended a year ago. */
export function buildCatalogue(today: Date): Catalogue {
  const at = (days: number) => new Date(today.getTime() + days * DAY_MS).toISOString();
  const created = at(-400);
  const fundId = (code: string) => stableId('fund', code);
  const campaignId = (code: string) => stableId('campaign', code);
  const vendorId = (code: string) => stableId('vendor', code);

  const funds: Fund[] = FUNDS.map((f) => ({
    fundId: fundId(f.code),
    name: f.name,
    description: f.description,
    code: f.code,
    lineOfBusiness: f.lineOfBusiness,
    category: f.category,
    channel: f.channel,
    captivePriceCents: f.captive,
    brokerPriceCents: f.broker,
    isActive: f.isActive ?? true,
    isLiveTransfer: f.isLiveTransfer ?? false,
    startDate: f.expired ? at(-730) : at(-365),
    endDate: f.expired ? at(-365) : at(365),
    specifiedAgentIds: f.specifiedAgentIds ?? [],
    createdAt: created,
    revision: 1,
    modifiedBy: SEEDED_BY,
    lastUpdated: created,
  }));

  const campaigns: Campaign[] = CAMPAIGNS.map((c) => ({
    campaignId: campaignId(c.code),
    name: c.name,
    code: c.code,
    description: `${c.name} campaign`,
    category: c.category,
    lob: c.lob,
    leadType: LOB_NAMES[c.lob]!,
    crmLob: LOB_NAMES[c.lob]!,
    businessOwner: `${c.lob === 5 ? 'Health' : LOB_NAMES[c.lob]} Sales`,
    destination: c.isLiveTransfer ? 'Call Center' : 'CRM',
    status: c.expired ? 0 : 1,
    startDate: c.expired ? at(-730) : at(-365),
    endDate: c.expired ? at(-365) : at(365),
    allowDisputes: c.allowDisputes,
    isLiveTransfer: c.isLiveTransfer ?? false,
    dedupeScope: 'All',
    dedupeDays: 30,
    callCenterCheck: 0,
    callTimeCheck: 30,
    maxRetries: 0,
    retryIntervalMinutes: 0,
    channel: c.channel,
    checkEbureau: false,
    minScore: 0,
    modifiedBy: SEEDED_BY,
    lastUpdated: created,
    revision: 1,
  }));

  const vendors: Vendor[] = VENDORS.map((v) => ({
    vendorId: vendorId(v.code),
    name: v.name,
    code: v.code,
    description: `${v.name} lead supply`,
    status: v.active === false ? 0 : 1,
    createdAt: created,
    createdBy: SEEDED_BY,
    lastUpdated: created,
    modifiedBy: SEEDED_BY,
    revision: 1,
    archived: v.active === false,
    allowCreditLineUse: false,
    allowDisputes: v.allowDisputes,
    allowVariablePricing: false,
    isPartner: v.isPartner ?? false,
  }));

  const seeded = PAIRS.map(([campaign, vendor, vendorPrice, fundCodes]) =>
    seedPair({ campaign, vendor, vendorPriceCents: vendorPrice, captivePriceCents: vendorPrice + 800, brokerPriceCents: vendorPrice + 1200, fundCodes }, created),
  );
  const campaignVendors = seeded.map((s) => s.pair);
  const campaignVendorFunds = seeded.flatMap((s) => s.links);

  const lookups = Object.entries(LOOKUPS).flatMap(([category, names]) =>
    names.map((name, i) => ({ category, value: category === 'LeadType' ? String(i + 1) : name, name })),
  );

  return { funds, campaigns, vendors, campaignVendors, campaignVendorFunds, lookups };
}
