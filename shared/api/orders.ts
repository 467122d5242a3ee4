// The orders area's calls (part 2 §7): save (both flows), read, list, attention lists, status and
// histories. The spec shows only some paths and no server behaviour; what we chose is in docs/api.md.
import { z } from 'zod';
import { campaignOrderBodySchema, fundOrderBodySchema } from '../orders/payload.ts';
import { ATTENTION_REASONS, DAYS, orderIdSchema, orderStatusSchema } from '../orders/order.ts';
import { revisionSchema } from './revision.ts';
import { agentIdParam, areaContract, built, downloadLink, noContent } from './define.ts';
import { fillRateApi } from './fill-rate.ts';

const agentParams = z.object({ agentId: agentIdParam });
const orderParams = z.object({ agentId: agentIdParam, orderId: orderIdSchema });

const fundRefSchema = z.object({ FundId: z.string(), Name: z.string() });
const campaignRefSchema = z.object({
  CampaignId: z.string(),
  CampaignName: z.string(),
  Lob: z.number(),
  IsLiveTransfer: z.boolean(),
  Vendors: z.array(z.object({ VendorId: z.string(), VendorName: z.string() })),
});

/** A recipient as read back (2§3 OrderRecipient): Count is how many leads it has received. */
export const orderRecipientSchema = z.object({
  AgentId: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Percentage: z.number(),
  Count: z.number(),
  /** The agent is terminated or inactive now (read from the profile, not stored). */
  Terminated: z.boolean(),
});
export type OrderRecipientDto = z.infer<typeof orderRecipientSchema>;

export const orderTimeSlotSchema = z.object({
  OrderTimeSlotId: z.string(),
  StartSlot: z.number(),
  EndSlot: z.number(),
  Days: z.array(z.enum(DAYS)),
});
export type OrderTimeSlotDto = z.infer<typeof orderTimeSlotSchema>;

const stateOutSchema = z.object({ StateName: z.string(), StateAbbreviation: z.string() });
const zipGroupOutSchema = z.object({ Key: z.string(), ZipCodes: z.array(z.object({ ZipCode: z.string() })) });

/**
 * An order as My Orders' cards read it (2§2, §3): the header, caps and what was used in the current
 * hour, day, week and month (the account's time zone), funds or campaigns, recipients, slots and how
 * many states and zip codes its geography holds. The geography itself comes with `orders.details`.
 */
export const orderSummarySchema = z.object({
  OrderId: z.string(),
  UserFacingOrderId: z.number(),
  AgentId: z.string(),
  Created: z.string(),
  LastUpdated: z.string(),
  ModifiedBy: z.string(),
  Description: z.string(),
  Status: orderStatusSchema,
  Priority: z.number(),
  IsFundOrder: z.boolean(),
  StatesOnly: z.boolean(),
  MaxPerHour: z.number(),
  MaxPerDay: z.number(),
  MaxPerWeek: z.number(),
  MaxPerMonth: z.number(),
  UsedPerHour: z.number(),
  UsedPerDay: z.number(),
  UsedPerWeek: z.number(),
  UsedPerMonth: z.number(),
  SelectedFunds: z.array(z.string()),
  Funds: z.array(fundRefSchema),
  Campaigns: z.array(campaignRefSchema),
  OrderRecipients: z.array(orderRecipientSchema),
  OrderTimeSlots: z.array(orderTimeSlotSchema),
  StateCount: z.number(),
  ZipCodeCount: z.number(),
  /** Empty unless the order needs attention (2§4); the card shows one warning per reason. */
  AttentionReasons: z.array(z.enum(ATTENTION_REASONS)),
  Revision: revisionSchema,
});
export type OrderSummaryDto = z.infer<typeof orderSummarySchema>;

/** The geography and schedule of one order (Geos and Schedule dialogs, the edit wizard). */
export const orderDetailsSchema = z.object({
  OrderId: z.string(),
  States: z.array(stateOutSchema),
  ZipCodes: z.array(zipGroupOutSchema),
  OrderTimeSlots: z.array(orderTimeSlotSchema),
  OrderRecipients: z.array(orderRecipientSchema),
});
export type OrderDetailsDto = z.infer<typeof orderDetailsSchema>;

/** An order to edit: the summary with its geography (2§7 GET agent/{agentId}/orders/{orderId}). */
export const orderSchema = orderSummarySchema.extend({ States: z.array(stateOutSchema), ZipCodes: z.array(zipGroupOutSchema) });
export type OrderDto = z.infer<typeof orderSchema>;

/** A modification history row (2§3 Order history entry): the order as saved, newest first. */
export const orderHistoryRowSchema = z.object({
  HistoryId: z.string(),
  LastUpdated: z.string(),
  Status: z.string(),
  ModifiedBy: z.string(),
  /** The order's own agent (its primary recipient), "First Last (id)". */
  Primary: z.string(),
  Description: z.string(),
  MaxPerHour: z.number(),
  MaxPerDay: z.number(),
  MaxPerWeek: z.number(),
  MaxPerMonth: z.number(),
  Funds: z.array(z.string()),
  Campaigns: z.array(z.string()),
  ZipCodes: z.array(z.string()),
  States: z.array(z.string()),
});
export type OrderHistoryRowDto = z.infer<typeof orderHistoryRowSchema>;

/** A status history row (2§3): who changed the status, from what to what. */
export const orderStatusHistoryRowSchema = z.object({
  UpdateDate: z.string(),
  UserName: z.string(),
  PreviousState: z.string(),
  NewStatus: z.string(),
  Description: z.string(),
});
export type OrderStatusHistoryRowDto = z.infer<typeof orderStatusHistoryRowSchema>;

/** `PATCH .../status/{statusCode}`: 0 Paused, 1 Active, 2 Cancelled. `?userName=` is accepted and ignored (the session says who). */
const statusParams = orderParams.extend({ statusCode: z.enum(['0', '1', '2'], 'Status must be 0, 1 or 2.').transform(Number) });

export const ordersApi = areaContract<'orders'>()({
  /** Campaign flow create: 201 with the saved order. */
  'orders.create': built({ params: agentParams, body: campaignOrderBodySchema, response: orderSummarySchema, status: 201 }),
  /** Campaign flow update: 204. */
  'orders.update': built({ params: agentParams, body: campaignOrderBodySchema, response: noContent, status: 204 }),
  'orders.createFundOrder': built({ params: agentParams, body: fundOrderBodySchema, response: orderSummarySchema, status: 201 }),
  'orders.updateFundOrder': built({ params: orderParams, body: fundOrderBodySchema, response: orderSummarySchema }),
  'orders.get': built({ params: orderParams, response: orderSchema }),
  'orders.details': built({ params: orderParams, response: orderDetailsSchema }),
  /** `true`: Active and Paused orders (on load); `false`: every order, Cancelled too. Newest first. */
  'orders.list': built({ params: agentParams.extend({ activeOnly: z.enum(['true', 'false'], 'activeOnly must be true or false.') }), response: z.array(orderSummarySchema) }),
  'orders.withTermed': built({ params: agentParams, response: z.array(orderSummarySchema) }),
  'orders.withReassigned': built({ params: agentParams, response: z.array(orderSummarySchema) }),
  'orders.setStatus': built({ params: statusParams, query: z.object({ userName: z.string().max(200).optional() }), response: orderSummarySchema }),
  'orders.history': built({ params: orderParams, response: z.array(orderHistoryRowSchema) }),
  'orders.statusHistory': built({ params: orderParams, response: z.array(orderStatusHistoryRowSchema) }),
  /** The agent's orders as CSV ("orders-MM-DD-YYYY.csv"); `fund` picks fund orders or the older ones. */
  'orders.openOrdersExport': built({
    params: agentParams,
    query: z.object({ fund: z.enum(['true', 'false']).default('true'), includeCancelled: z.enum(['true', 'false']).default('false') }),
    response: downloadLink,
  }),
  /** The wizards' fill-rate preview (issue 12), in its own file. */
  ...fillRateApi,
});
