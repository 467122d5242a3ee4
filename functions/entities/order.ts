// An order's header (spec part 2 §3 Order): what My Orders' cards show, with its recipients and time
// slots inline (both are small and always read with it). Its geography is the OrderGeo item beside it;
// the parts that an index needs are their own items (OrderRecipient, OrderTarget).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { ATTENTION_REASONS, DAYS } from '#shared/orders/order.ts';

export const orderPk = (orderId: string) => `ORDER#${orderId}`;

/** The periods an order's caps count leads in (spec part 2 §3 MaxPerHour/Day/Week/Month), in the account's zone. */
export const USAGE_PERIODS = ['HOUR', 'DAY', 'WEEK', 'MONTH'] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

const periodCount = z.object({ key: z.string(), count: z.number().int().nonnegative() });
/**
 * Leads an order took per period (UsedPerHour/Day/Week/Month), on its header so a sale writes them
 * with it: the hour, week and month it last took a lead in with their counts (`2024-05-01T13`,
 * `2024-W18`, `2024-05`), and the counts of its last few days by day (`2024-05-01`; staff insights
 * read seven). A period whose key is not the current one's took nothing (core/orders/periods.ts).
 */
export const orderUsage = z.object({
  HOUR: periodCount.optional(),
  WEEK: periodCount.optional(),
  MONTH: periodCount.optional(),
  days: z.record(z.string(), z.number().int().nonnegative()),
});
export type OrderUsage = z.infer<typeof orderUsage>;

export const Order = defineEntity({
  entity: 'Order',
  version: 1,
  schema: z.object({
    orderId: z.string(),
    /** From the ORDER_NUMBER counter. */
    userFacingOrderId: z.number().int().positive(),
    agentId: z.string(),
    createdAt: z.string(),
    lastUpdated: z.string(),
    /** E-mail of the user who saved last. */
    modifiedBy: z.string(),
    /** The order name. */
    description: z.string(),
    /** Paused 0, Active 1, Cancelled 2. */
    status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    priority: z.number().int(),
    isFundOrder: z.boolean(),
    statesOnly: z.boolean(),
    maxPerHour: z.number().int().nonnegative(),
    maxPerDay: z.number().int().nonnegative(),
    maxPerWeek: z.number().int().nonnegative(),
    maxPerMonth: z.number().int().nonnegative(),
    selectedFundIds: z.array(z.string()),
    campaigns: z.array(z.object({ campaignId: z.string(), vendorIds: z.array(z.string()) })),
    /** Everyone the wizard listed, owner included, zero shares too; names as they were at the save. */
    recipients: z.array(z.object({ agentId: z.string(), firstName: z.string(), lastName: z.string(), percentage: z.number().int() })),
    slots: z.array(z.object({ slotId: z.string(), startSlot: z.number().int(), endSlot: z.number().int(), days: z.array(z.enum(DAYS)) })),
    stateCount: z.number().int().nonnegative(),
    zipCodeCount: z.number().int().nonnegative(),
    /** The states of the order's TARGET items (so a status change needs no extra read to find them). */
    targetStates: z.array(z.string()),
    /** The owner's parent when the order was last saved: a different parent now means it was reassigned. */
    ownerParentId: z.string().optional(),
    /** Why the order needs attention now, kept in step by the changes that cause it (core/orders/attention.ts). */
    attention: z.array(z.enum(ATTENTION_REASONS)),
    /** Leads each recipient has received (the lead engine adds to it). */
    receivedCounts: z.record(z.string(), z.number().int().nonnegative()).default({}),
    leadCount: z.number().int().nonnegative().default(0),
    lastLeadAt: z.string().optional(),
    /** What the sales took in the current periods; none before the first sale. */
    usage: orderUsage.optional(),
    /** Optimistic concurrency: 1 on create, +1 per save or status change. */
    revision: z.number().int().min(1),
    /** Digest of the create request: a replay with the same OrderId and body answers the saved order. */
    createDigest: z.string(),
  }),
  /** order by id */
  key: (o: { orderId: string }) => ({ pk: orderPk(o.orderId), sk: 'ORDER' }),
  indexes: {
    /** orders of an agent, newest first (My Orders, Home counts, export) */
    ofAgent: {
      index: 'gsi1',
      attributes: ['agentId', 'createdAt', 'orderId'],
      key: (o) => ({ pk: `AGENT_ORDERS#${o.agentId}`, sk: `${o.createdAt}#${o.orderId}` }),
      query: (agentId: string) => ({ pk: `AGENT_ORDERS#${agentId}` }),
    },
    /** an agent's orders whose agent or a recipient is terminated (orderswithtermed); sparse */
    withTermed: {
      index: 'gsi2',
      attributes: ['attention', 'agentId', 'orderId'],
      when: (o) => o.attention.includes('Terminated'),
      key: (o) => ({ pk: `ORDER_ATTENTION#${o.agentId}`, sk: `TERMED#${o.orderId}` }),
      query: (agentId: string) => ({ pk: `ORDER_ATTENTION#${agentId}`, sk: { beginsWith: 'TERMED#' } }),
    },
    /** an agent's reassigned orders (orderswithreassigned); sparse, on gsi3 so an order can be in both */
    withReassigned: {
      index: 'gsi3',
      attributes: ['attention', 'agentId', 'orderId'],
      when: (o) => o.attention.includes('Reassigned'),
      key: (o) => ({ pk: `ORDER_ATTENTION#${o.agentId}`, sk: `REASSIGNED#${o.orderId}` }),
      query: (agentId: string) => ({ pk: `ORDER_ATTENTION#${agentId}`, sk: { beginsWith: 'REASSIGNED#' } }),
    },
  },
});
export type Order = z.infer<typeof Order.schema>;
