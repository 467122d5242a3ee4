// Stored item schemas of identity, agents and the catalogue (camelCase, money in cents), each bound
// to its key shapes from keys.ts. The API's PascalCase shapes are mapped from these at the edge.
import { z } from 'zod';
import { defineEntity } from './db.ts';
import {
  agentKeys,
  campaignKeys,
  campaignVendorFundKeys,
  campaignVendorKeys,
  counterKeys,
  fundKeys,
  lookupKeys,
  seedKeys,
  userKeys,
  vendorKeys,
} from './keys.ts';

const cents = z.number().int();
const isoTime = z.string();
/** Inactive 0 / Active 1, and Paused 0 / Active 1: the spec's numeric status values. */
const onOff = z.union([z.literal(0), z.literal(1)]);

export const User = defineEntity({
  entity: 'User',
  version: 1,
  schema: z.object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    kind: z.enum(['staff', 'agent']),
    /** The agent an agent user (or sales assistant) acts for. */
    agentId: z.string().optional(),
    isAdmin: z.boolean(),
    isManager: z.boolean(),
    isLeadConnectHome: z.boolean(),
    isSalesAssistant: z.boolean(),
    isSponsorAgent: z.boolean(),
    isFundPreview: z.boolean(),
    createdAt: isoTime,
  }),
  key: (u) => userKeys.item(u),
});

/** The agent's account settings and identity (spec part 1 §3 Account, part 3 §3 Agent). */
export const AgentProfile = defineEntity({
  entity: 'AgentProfile',
  version: 1,
  schema: z.object({
    agentId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    /** Captive 0, Broker 1, FirstFamily 2. */
    type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    /** Inactive (Termed) 0, Active 1. */
    status: onOff,
    /** Hierarchy role text (e.g. 'agent', 'subagent'). */
    role: z.string(),
    parentAgentId: z.string().optional(),
    terminationDate: isoTime.optional(),
    /** A name from shared/time-zones.ts; missing or unknown opens First Time Setup. */
    timeZone: z.string().optional(),
    zip: z.string(),
    /** Pending 0, Set 1. */
    zipStatus: onOff,
    orderStatus: onOff,
    liveTransferStatus: onOff,
    thirdPartyLeadStatus: z.boolean(),
    priority: z.number().int().min(1).max(10),
    proStoreEnabled: z.boolean(),
    proStoreAmountCents: cents.nonnegative(),
    address1: z.string(),
    city: z.string(),
    state: z.string(),
    lastLoginAt: isoTime.optional(),
    lastLeadAt: isoTime.optional(),
    createdAt: isoTime,
  }),
  key: (a) => agentKeys.profile(a),
});

/** One (ancestor, descendant) pair of the hierarchy's closure, with what My Team shows and filters. */
export const Downline = defineEntity({
  entity: 'Downline',
  version: 1,
  schema: z.object({
    ancestorId: z.string(),
    descendantId: z.string(),
    depth: z.number().int().positive(),
    firstName: z.string(),
    lastName: z.string(),
    status: onOff,
    type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  }),
  key: (d) => agentKeys.downline(d),
});

export const Fund = defineEntity({
  entity: 'Fund',
  version: 1,
  schema: z.object({
    fundId: z.string(),
    name: z.string(),
    description: z.string(),
    code: z.string(),
    /** Employer 1, Health 2, Life 3, Medicare 4. */
    lineOfBusiness: z.number().int().min(1).max(4),
    /** Own company 1, ThirdPartyShared 2, ThirdPartyExclusive 3. */
    category: z.number().int().min(1).max(3),
    /** Broker 0, Captive 1, Both 2, FirstFamily 3, CaptiveAndFFI 4, BrokerAndFFI 5, All 6, SpecifiedAgents 7. */
    channel: z.number().int().min(0).max(7),
    captivePriceCents: cents.nonnegative(),
    brokerPriceCents: cents.nonnegative(),
    isActive: z.boolean(),
    isLiveTransfer: z.boolean(),
    startDate: isoTime,
    endDate: isoTime,
    specifiedAgentIds: z.array(z.string()),
    createdAt: isoTime,
    modifiedAt: isoTime,
    modifiedBy: z.string(),
  }),
  key: (f) => fundKeys.fund(f),
});

export const Campaign = defineEntity({
  entity: 'Campaign',
  version: 1,
  schema: z.object({
    campaignId: z.string(),
    name: z.string(),
    code: z.string(),
    description: z.string(),
    category: z.number().int().min(1).max(3),
    /** Lead type / line of business: Employer 1, Health 2, Life 3, Medicare 4, Supplemental 5. */
    lob: z.number().int().min(1).max(5),
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
  }),
  key: (c) => campaignKeys.campaign(c),
});

export const Vendor = defineEntity({
  entity: 'Vendor',
  version: 1,
  schema: z.object({
    vendorId: z.string(),
    name: z.string(),
    code: z.string(),
    description: z.string(),
    status: onOff,
    createdAt: isoTime,
    createdBy: z.string(),
    lastUpdated: isoTime,
    archived: z.boolean(),
    allowCreditLineUse: z.boolean(),
    allowDisputes: z.boolean(),
    allowVariablePricing: z.boolean(),
    isPartner: z.boolean(),
    adminEmail: z.string().optional(),
  }),
  key: (v) => vendorKeys.vendor(v),
});

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
  }),
  key: (cv) => campaignVendorKeys.item(cv),
});

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
  }),
  key: (l) => campaignVendorFundKeys.item(l),
});

export const Lookup = defineEntity({
  entity: 'Lookup',
  version: 1,
  schema: z.object({ category: z.string(), value: z.string(), name: z.string() }),
  key: (l) => lookupKeys.item(l.category, l.value),
});

export const Counter = defineEntity({
  entity: 'Counter',
  version: 1,
  schema: z.object({ name: z.enum(['ORDER_NUMBER', 'LEAD_NUMBER', 'AGENTS']), value: z.number().int().nonnegative() }),
  key: (c) => counterKeys.item(c.name),
});

export const SeedMarker = defineEntity({
  entity: 'SeedMarker',
  version: 1,
  schema: z.object({
    seededAt: isoTime,
    generatorVersion: z.number().int(),
    agents: z.number().int(),
    counts: z.record(z.string(), z.number().int()),
  }),
  key: () => seedKeys.marker(),
});

export type User = z.infer<typeof User.schema>;
export type AgentProfile = z.infer<typeof AgentProfile.schema>;
export type Downline = z.infer<typeof Downline.schema>;
export type Fund = z.infer<typeof Fund.schema>;
export type Campaign = z.infer<typeof Campaign.schema>;
export type Vendor = z.infer<typeof Vendor.schema>;
export type CampaignVendor = z.infer<typeof CampaignVendor.schema>;
export type CampaignVendorFund = z.infer<typeof CampaignVendorFund.schema>;
