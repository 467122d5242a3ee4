// One sale of a lead to an order's agent (data-model §2.5): beside the lead in its partition, keyed by
// the buying agent so a shared lead can never sell twice to one agent (the Put is attribute_not_exists).
// My Leads reads the sales through the agent (bought) and recipient (delivered to) indexes.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { DAY_INDEX_SHARDS, hashShard } from '#platform/shard.ts';
import { reportDay } from '#platform/report-day.ts';

export const LeadSale = defineEntity({
  entity: 'LeadSale',
  version: 1,
  schema: z.object({
    leadId: z.string(),
    userFacingLeadId: z.number().int().positive(),
    at: z.string(),
    agentId: z.string(),
    recipientAgentId: z.string(),
    orderId: z.string(),
    userFacingOrderId: z.number().int().positive(),
    fundId: z.string().optional(),
    campaignId: z.string(),
    vendorId: z.string().optional(),
    agentPurchasePriceCents: z.number().int().nonnegative(),
    companyPurchasePriceCents: z.number().int().nonnegative(),
    ledgerEntryId: z.string(),
    /** 0 when the lead sold on arrival, n when it sold on its n-th retry (the LeadSold event says so). */
    retryAttempt: z.number().int().nonnegative().optional(),
    /** For the agent ("matched your order X: state IL, Tuesday 10:30 Central, 3 of 10 today"). */
    why: z.string(),
    /**
     * The lead's state and score, and the buying agent's time zone the sale was judged in: what the
     * views that count a sale (insights, performance) need of the lead and the agent, so they read
     * neither. Absent on sales made before they were kept (the views then read them).
     */
    stateCode: z.string().optional(),
    score: z.number().optional(),
    agentTimeZone: z.string().optional(),
  }),
  key: (s: { leadId: string; agentId: string }) => ({ pk: `LEAD#${s.leadId}`, sk: `SALE#${s.agentId}` }),
  queries: {
    ofLead: (leadId: string) => ({ pk: `LEAD#${leadId}`, sk: { beginsWith: 'SALE#' } }),
  },
  indexes: {
    /** leads bought by an agent's orders (#63) */
    boughtBy: {
      index: 'gsi1',
      attributes: ['agentId', 'at', 'leadId'],
      key: (s) => ({ pk: `AGENT_LEADS#${s.agentId}`, sk: `${s.at}#${s.leadId}` }),
      query: (agentId: string) => ({ pk: `AGENT_LEADS#${agentId}` }),
    },
    /** leads delivered to an agent (#64) */
    receivedBy: {
      index: 'gsi2',
      attributes: ['recipientAgentId', 'at', 'leadId'],
      key: (s) => ({ pk: `RECIPIENT_LEADS#${s.recipientAgentId}`, sk: `${s.at}#${s.leadId}` }),
      query: (agentId: string) => ({ pk: `RECIPIENT_LEADS#${agentId}` }),
    },
    /**
     * sales by reporting day across agents (the Transaction History export finds each lead purchase's
     * sale by ledgerEntryId in ≤ 32 partitions instead of one Query per purchase)
     */
    ofDay: {
      index: 'gsi3',
      attributes: ['at', 'leadId', 'agentId'],
      key: (s) => ({ pk: `SALES_DAY#${reportDay(s.at)}#${hashShard(s.leadId, DAY_INDEX_SHARDS)}`, sk: `${s.at}#${s.leadId}#${s.agentId}` }),
      query: (day: string, shard: number) => ({ pk: `SALES_DAY#${day}#${shard}` }),
    },
  },
});
export type LeadSale = z.infer<typeof LeadSale.schema>;
