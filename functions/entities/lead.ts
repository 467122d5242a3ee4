// A lead (spec part 3 §3 Lead) as the engine stored it, with its consent evidence and the decision
// trace ("why this lead"). One partition per lead; each sale to an agent is a LeadSale item beside it
// (a shared third-party lead sells to several agents, never twice to one), and the agent-facing
// indexes (My Leads) are on the sales. The month indexes serve All Leads: the whole month, the month
// of one campaign, one vendor or one campaign-vendor pair, each over LEAD_MONTH_SHARDS partitions (a
// hash of the lead id) that readers merge (core/leads/lead-months.ts), and a phone's leads (kept as
// long as the lead, unlike the dedupe items), each in arrival order (`{at}#{leadId}`).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { hashShard } from '#platform/shard.ts';
import { reportMonth } from '#platform/report-day.ts';

/**
 * Partitions of each month index. Every lead of a month (and of one campaign) would share one
 * partition: a lead item is ~1.5 KB (2 write units, the indexes project all), so 1,000 leads a second
 * would write 2,000 units a second into it, twice what a partition takes. Over 4 shards, ~500.
 */
export const LEAD_MONTH_SHARDS = 4;

/** The month indexes' shard of a lead (FNV-1a of its id). */
export const leadShardOf = (leadId: string): number => hashShard(leadId, LEAD_MONTH_SHARDS);

export const LEAD_STATUSES = ['Sold', 'Unsold', 'Duplicate', 'Rejected', 'CallCenter'] as const;

export const traceEntrySchema = z.object({
  orderId: z.string(),
  agentId: z.string(),
  /** Empty when the order took the lead. */
  passedOver: z.string(),
});

export const leadSchema = z.object({
  leadId: z.string(),
  userFacingLeadId: z.number().int().positive(),
  at: z.string(),
  source: z.enum(['vendor', 'publicForm']),
  sourceId: z.string(),
  campaignId: z.string(),
  campaignName: z.string(),
  vendorId: z.string().optional(),
  vendorName: z.string().optional(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().optional(),
  primaryPhone: z.string(),
  address1: z.string().optional(),
  city: z.string().optional(),
  stateCode: z.string(),
  zipCode: z.string(),
  birthDate: z.string().optional(),
  gender: z.string().optional(),
  score: z.number().optional(),
  universalLeadId: z.string().optional(),
  affiliateCode: z.string().optional(),
  businessEmail: z.string().optional(),
  notes: z.string().optional(),
  /** The consumer's consent; textVersion: the consent text's version (issue 24), when given. */
  consent: z.object({ text: z.string(), textVersion: z.string().optional(), at: z.string(), ip: z.string(), pageUrl: z.string(), certificateUrl: z.string().optional() }),
  leadStatus: z.enum(LEAD_STATUSES),
  reasons: z.array(z.string()),
  /** The routing rule that decided call center or post target, and which it chose. */
  ruleId: z.string().optional(),
  routedTo: z.enum(['callCenter', 'post']).optional(),
  callCenterList: z.string().optional(),
  /**
   * What the company paid for a lead stored sold on arrival (its vendor's price, which every sale of
   * it carries): the counting views need no read of its sales. Absent on a lead sold later, or before it was kept.
   */
  companyPurchasePriceCents: z.number().int().nonnegative().optional(),
  /** Sales so far, and the most this lead may have (1 for exclusive categories). */
  saleCount: z.number().int().nonnegative(),
  maxSales: z.number().int().positive(),
  /**
   * The orders considered and why each was passed over (or took it): every order read fresh or tried,
   * and the first others up to the engine's limit (a state may hold thousands of open orders).
   */
  trace: z.array(traceEntrySchema),
  /** How many more orders were passed over, by reason, beyond those listed in the trace. */
  traceOmitted: z.array(z.object({ passedOver: z.string(), count: z.number().int().positive() })).optional(),
  allowDisputes: z.boolean(),
  /**
   * What the source was answered when the lead was stored: a second post with the same source id finds
   * the lead by its id (made from the source's: core/leads/engine.ts `leadIdOf`) and is answered this.
   */
  answer: z.object({ result: z.enum(['sold', 'unsold', 'duplicate', 'rejected']), reasons: z.array(z.string()).optional() }).optional(),
});

export const Lead = defineEntity({
  entity: 'Lead',
  version: 1,
  schema: leadSchema,
  /** lead by id (#62) */
  key: (l: { leadId: string }) => ({ pk: `LEAD#${l.leadId}`, sk: 'LEAD' }),
  indexes: {
    /** All Leads by month (#65), one shard of it */
    ofMonth: {
      index: 'gsi3',
      attributes: ['at', 'leadId'],
      key: (l) => ({ pk: `LEADS_MONTH#${reportMonth(l.at)}#${leadShardOf(l.leadId)}`, sk: `${l.at}#${l.leadId}` }),
      query: (month: string, shard: number) => ({ pk: `LEADS_MONTH#${month}#${shard}` }),
    },
    /** All Leads of one campaign and vendor by month (#65a), one shard of it */
    ofPairMonth: {
      index: 'gsi4',
      attributes: ['campaignId', 'vendorId', 'at', 'leadId'],
      when: (l) => l.vendorId !== undefined,
      key: (l) => ({ pk: `CV_LEADS#${l.campaignId}#${l.vendorId}#${reportMonth(l.at)}#${leadShardOf(l.leadId)}`, sk: `${l.at}#${l.leadId}` }),
      query: (campaignId: string, vendorId: string, month: string, shard: number) => ({ pk: `CV_LEADS#${campaignId}#${vendorId}#${month}#${shard}` }),
    },
    /** All Leads of one campaign by month (#65b), one shard of it */
    ofCampaignMonth: {
      index: 'gsi5',
      attributes: ['campaignId', 'at', 'leadId'],
      key: (l) => ({ pk: `C_LEADS#${l.campaignId}#${reportMonth(l.at)}#${leadShardOf(l.leadId)}`, sk: `${l.at}#${l.leadId}` }),
      query: (campaignId: string, month: string, shard: number) => ({ pk: `C_LEADS#${campaignId}#${month}#${shard}` }),
    },
    /** All Leads of one vendor by month (#65c), one shard of it; form leads have no vendor */
    ofVendorMonth: {
      index: 'gsi6',
      attributes: ['vendorId', 'at', 'leadId'],
      when: (l) => l.vendorId !== undefined,
      key: (l) => ({ pk: `V_LEADS#${l.vendorId}#${reportMonth(l.at)}#${leadShardOf(l.leadId)}`, sk: `${l.at}#${l.leadId}` }),
      query: (vendorId: string, month: string, shard: number) => ({ pk: `V_LEADS#${vendorId}#${month}#${shard}` }),
    },
    /** A lead by its user-facing number (#68): its own partition, no other item uses gsi8 */
    byNumber: {
      index: 'gsi8',
      attributes: ['userFacingLeadId'],
      key: (l) => ({ pk: `LEAD_NUMBER#${l.userFacingLeadId}`, sk: 'LEAD' }),
      query: (userFacingLeadId: number) => ({ pk: `LEAD_NUMBER#${userFacingLeadId}` }),
    },
    /**
     * All Leads with one phone (digits), by arrival (#65d): never expires, unlike the dedupe items. An
     * anonymised lead (retention.ts empties its phone) leaves the index instead of gathering with every
     * other anonymised lead under one empty-phone partition.
     */
    withPhone: {
      index: 'gsi7',
      attributes: ['primaryPhone', 'at', 'leadId'],
      when: (l) => l.primaryPhone !== '',
      key: (l) => ({ pk: `LEAD_PHONE#${l.primaryPhone}`, sk: `${l.at}#${l.leadId}` }),
      query: (phone: string) => ({ pk: `LEAD_PHONE#${phone}` }),
    },
    /**
     * Leads with one e-mail (lower-cased), by arrival: the dedupe rule's e-mail half (core/leads/dedupe.ts).
     * Sparse: a lead with an e-mail; anonymising removes the e-mail and so the entry.
     */
    withEmail: {
      index: 'gsi9',
      attributes: ['email', 'at', 'leadId'],
      when: (l) => l.email !== undefined && l.email !== '',
      key: (l) => ({ pk: `LEAD_EMAIL#${l.email!.toLowerCase()}`, sk: `${l.at}#${l.leadId}` }),
      query: (email: string) => ({ pk: `LEAD_EMAIL#${email}` }),
    },
  },
});
export type Lead = z.infer<typeof Lead.schema>;
