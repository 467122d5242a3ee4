// What My Orders shows of the agent's orders (spec part 2 §2, §4, §9; part 3 §4): the list's kind
// (fund orders, or the older list without them), newest first by Created, cancelled ones hidden unless
// Show Cancelled is on, the search box, the count line, the attention reasons of each order and the
// lead intake gauges.
import { z } from 'zod';
import type { OrderSummaryDto } from '#shared/api/orders.ts';
import { ATTENTION_REASONS, ORDER_CARD_TEXTS, ORDER_STATUS, type AttentionReason } from '#shared/orders/order.ts';
import { CAP_FIELDS, gaugePercent, PERIODS, type Period } from '#shared/orders/step-frequency.ts';

export type OrderListKind = 'fund' | 'campaign';

/**
 * The list's state in the URL: Show Cancelled, whether every order was loaded (the fund list's 'Load
 * Cancelled/Inactive Orders') and the search text. Defaults only, so links may omit them.
 */
export const orderListSearchSchema = z.object({
  showCancelled: z.boolean().default(false),
  all: z.boolean().default(false),
  q: z.string().default(''),
});
export type OrderListSearch = z.infer<typeof orderListSearchSchema>;

/** Cancelled orders come only with `activeOnly=false`: asked for when they are to be shown or loaded. */
export const loadsActiveOnly = (search: Pick<OrderListSearch, 'showCancelled' | 'all'>): boolean => !(search.showCancelled || search.all);

/** The orders of the list's kind: fund orders, or the older list with fund orders removed (2§2). */
export const ofKind = (orders: readonly OrderSummaryDto[], kind: OrderListKind) =>
  orders.filter((order) => order.IsFundOrder === (kind === 'fund'));

/** Newest first by Created (2§2); the order number breaks ties so the order is stable. */
export const newestFirst = (orders: readonly OrderSummaryDto[]) =>
  [...orders].sort((a, b) => b.Created.localeCompare(a.Created) || b.UserFacingOrderId - a.UserFacingOrderId);

/** The search box matches the order's name, number, funds or campaigns, and recipients, ignoring case. */
export function matchesSearch(order: OrderSummaryDto, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [
    order.Description,
    String(order.UserFacingOrderId),
    ...order.Funds.map((f) => f.Name),
    ...order.Campaigns.map((c) => c.CampaignName),
    ...order.OrderRecipients.map((r) => `${r.FirstName} ${r.LastName} ${r.AgentId}`),
  ];
  return haystack.some((value) => value.toLowerCase().includes(needle));
}

export interface VisibleOrders {
  /** The cards to show, newest first. */
  shown: OrderSummaryDto[];
  /** Every loaded order of the list's kind: the count line's Y. */
  total: number;
}

export function visibleOrders(orders: readonly OrderSummaryDto[], kind: OrderListKind, search: Pick<OrderListSearch, 'showCancelled' | 'q'>): VisibleOrders {
  const mine = ofKind(orders, kind);
  const shown = newestFirst(mine).filter(
    (order) => (search.showCancelled || order.Status !== ORDER_STATUS.Cancelled) && matchesSearch(order, search.q),
  );
  return { shown, total: mine.length };
}

export const countLine = ({ shown, total }: VisibleOrders) => ORDER_CARD_TEXTS.count(shown.length, total);

/**
 * Why each order needs attention (2§4, 3§4): the reasons the server gives with the order, joined with
 * the orders-with-terminated and orders-with-reassigned lists. A cancelled order receives no leads, so
 * it needs none. Reasons come in the spec's order.
 */
export function attentionReasons(
  listed: readonly OrderSummaryDto[],
  termed: readonly OrderSummaryDto[],
  reassigned: readonly OrderSummaryDto[],
): Map<string, AttentionReason[]> {
  const reasons = new Map<string, Set<AttentionReason>>();
  const add = (order: OrderSummaryDto, extra?: AttentionReason) => {
    if (order.Status === ORDER_STATUS.Cancelled) return;
    const set = reasons.get(order.OrderId) ?? new Set<AttentionReason>();
    order.AttentionReasons.forEach((r) => set.add(r));
    if (extra) set.add(extra);
    if (set.size > 0) reasons.set(order.OrderId, set);
  };
  listed.forEach((order) => add(order));
  termed.forEach((order) => add(order, 'Terminated'));
  reassigned.forEach((order) => add(order, 'Reassigned'));
  // A listed order's own status wins over an attention list read at another moment.
  for (const order of listed) if (order.Status === ORDER_STATUS.Cancelled) reasons.delete(order.OrderId);
  return new Map([...reasons].map(([id, set]) => [id, ATTENTION_REASONS.filter((r) => set.has(r))]));
}

/** The banner's entries: the orders of the list's kind that need attention, newest first, with their reasons. */
export function attentionEntries(
  listed: readonly OrderSummaryDto[],
  termed: readonly OrderSummaryDto[],
  reassigned: readonly OrderSummaryDto[],
  kind: OrderListKind,
): { order: OrderSummaryDto; reasons: AttentionReason[] }[] {
  const reasons = attentionReasons(listed, termed, reassigned);
  const byId = new Map<string, OrderSummaryDto>();
  for (const order of [...termed, ...reassigned, ...listed]) byId.set(order.OrderId, order);
  return newestFirst(ofKind([...byId.values()], kind))
    .filter((order) => reasons.has(order.OrderId))
    .map((order) => ({ order, reasons: reasons.get(order.OrderId)! }));
}

export const PERIOD_LABELS: Record<Period, string> = { hourly: 'Hourly', daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };
const USED_FIELDS = { hourly: 'UsedPerHour', daily: 'UsedPerDay', weekly: 'UsedPerWeek', monthly: 'UsedPerMonth' } as const;

export interface Gauge {
  period: Period;
  label: string;
  used: number;
  max: number;
  percent: number;
}

/** One gauge for each cap above zero (2§9): used/max as a rounded percentage. */
export function gaugesOf(order: OrderSummaryDto): Gauge[] {
  return PERIODS.flatMap((period) => {
    const used = order[USED_FIELDS[period]];
    const max = order[CAP_FIELDS[period]];
    const percent = gaugePercent(used, max);
    return percent === undefined ? [] : [{ period, label: PERIOD_LABELS[period], used, max, percent }];
  });
}
