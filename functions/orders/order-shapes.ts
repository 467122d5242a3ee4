// The orders area's answers (shared/api/orders.ts) from the stored order and what is read beside it.
import type { ResponseOf } from '#shared/api/index.ts';
import type { OrderHistory } from '#entities/order-history.ts';
import type { OrderStatusHistory } from '#entities/order-status-history.ts';
import type { OrderView } from '#core/orders/read-orders.ts';
import { US_STATES } from '#shared/lookups.ts';

type Summary = ResponseOf<'orders.list'>[number];
type Full = ResponseOf<'orders.get'>;
type Details = ResponseOf<'orders.details'>;

const STATE_NAMES = new Map<string, string>(US_STATES.map((s) => [s.StateAbbreviation, s.StateName]));

export function toOrderSummary({ order, used, terminated, attention, catalogue }: OrderView): Summary {
  return {
    OrderId: order.orderId,
    UserFacingOrderId: order.userFacingOrderId,
    AgentId: order.agentId,
    Created: order.createdAt,
    LastUpdated: order.lastUpdated,
    ModifiedBy: order.modifiedBy,
    Description: order.description,
    Status: order.status,
    Priority: order.priority,
    IsFundOrder: order.isFundOrder,
    StatesOnly: order.statesOnly,
    MaxPerHour: order.maxPerHour,
    MaxPerDay: order.maxPerDay,
    MaxPerWeek: order.maxPerWeek,
    MaxPerMonth: order.maxPerMonth,
    UsedPerHour: used.HOUR,
    UsedPerDay: used.DAY,
    UsedPerWeek: used.WEEK,
    UsedPerMonth: used.MONTH,
    SelectedFunds: order.selectedFundIds,
    Funds: order.selectedFundIds.map((id) => ({ FundId: id, Name: catalogue.funds.get(id)?.name ?? '' })),
    Campaigns: order.campaigns.map((c) => {
      const campaign = catalogue.campaigns.get(c.campaignId);
      return {
        CampaignId: c.campaignId,
        CampaignName: campaign?.name ?? '',
        Lob: campaign?.lob ?? 0,
        IsLiveTransfer: campaign?.isLiveTransfer ?? false,
        Vendors: c.vendorIds.map((v) => ({ VendorId: v, VendorName: catalogue.vendors.get(v)?.name ?? '' })),
      };
    }),
    OrderRecipients: recipientsOf({ order, terminated }),
    OrderTimeSlots: slotsOf(order),
    StateCount: order.stateCount,
    ZipCodeCount: order.zipCodeCount,
    AttentionReasons: attention,
    Revision: order.revision,
  };
}

function recipientsOf({ order, terminated }: Pick<OrderView, 'order' | 'terminated'>) {
  return order.recipients.map((r) => ({
    AgentId: r.agentId,
    FirstName: r.firstName,
    LastName: r.lastName,
    Percentage: r.percentage,
    Count: order.receivedCounts[r.agentId] ?? 0,
    Terminated: terminated.has(r.agentId),
  }));
}

const slotsOf = (order: OrderView['order']) =>
  order.slots.map((s) => ({ OrderTimeSlotId: s.slotId, StartSlot: s.startSlot, EndSlot: s.endSlot, Days: s.days }));

function geographyOf(view: OrderView) {
  return {
    States: (view.geo?.states ?? []).map((code) => ({ StateAbbreviation: code, StateName: STATE_NAMES.get(code) ?? code })),
    ZipCodes: (view.geo?.zipGroups ?? []).map((g) => ({ Key: g.key, ZipCodes: g.zips.map((ZipCode) => ({ ZipCode })) })),
  };
}

export const toOrder = (view: OrderView): Full => ({ ...toOrderSummary(view), ...geographyOf(view) });

export const toOrderDetails = (view: OrderView): Details => ({
  OrderId: view.order.orderId,
  ...geographyOf(view),
  OrderTimeSlots: slotsOf(view.order),
  OrderRecipients: recipientsOf(view),
});

export const toHistoryRow = (h: OrderHistory): ResponseOf<'orders.history'>[number] => ({
  HistoryId: h.historyId,
  LastUpdated: h.lastUpdated,
  Status: h.status,
  ModifiedBy: h.modifiedBy,
  Primary: h.primary,
  Description: h.description,
  MaxPerHour: h.maxPerHour,
  MaxPerDay: h.maxPerDay,
  MaxPerWeek: h.maxPerWeek,
  MaxPerMonth: h.maxPerMonth,
  Funds: h.funds,
  Campaigns: h.campaigns,
  ZipCodes: h.zipCodes,
  States: h.states,
});

export const toStatusHistoryRow = (h: OrderStatusHistory): ResponseOf<'orders.statusHistory'>[number] => ({
  UpdateDate: h.updateDate,
  UserName: h.userName,
  PreviousState: h.previousState,
  NewStatus: h.newStatus,
  Description: h.description,
});
