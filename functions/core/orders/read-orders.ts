// Reading orders (spec part 2 §2 My Orders, §7): one order with its parts (one Query of its
// partition), an agent's orders newest first (one index Query), the attention lists (sparse indexes),
// each with what the cards show beside the stored order: what each cap has used in the current period
// (the header's usage, in the account's time zone), whether each recipient is terminated now (their
// profiles), names from the catalogue, and whether an Active fund order's funds still receive leads.
import { AgentProfile } from '#entities/agent-profile.ts';
import { Order, type UsagePeriod } from '#entities/order.ts';
import { OrderGeo } from '#entities/order-geo.ts';
import { getMany } from '#platform/entity.ts';
import { NotFound } from '#platform/errors.ts';
import { ORDER_SERVER_MESSAGES, ORDER_STATUS, type AttentionReason } from '#shared/orders/order.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';
import { fundsUnavailable, readOrderCatalogue, type OrderCatalogue } from './catalogue.ts';
import { periodKeys, usedIn } from './periods.ts';

export type Used = Record<UsagePeriod, number>;

export interface OrderView {
  order: Order;
  used: Used;
  /** Recipients whose profile says terminated or inactive now. */
  terminated: Set<string>;
  attention: AttentionReason[];
  catalogue: OrderCatalogue;
  geo?: OrderGeo;
}

/** One order of the agent with its geography; 404 when it is not that agent's (never another's data). */
export async function getOrderView(agentId: string, orderId: string, now = new Date()): Promise<OrderView> {
  // Header and geography are fixed keys: one consistent BatchGet (histories share the partition, so not a Query).
  const { order, geo } = await getMany({ order: Order.ref({ orderId }), geo: OrderGeo.ref({ orderId }) }, { consistent: true });
  if (!order || order.agentId !== agentId) throw new NotFound(ORDER_SERVER_MESSAGES.notFound);
  const [view] = await viewsOf([order], now);
  return { ...view!, ...(geo ? { geo } : {}) };
}

/** The agent's orders newest first by Created; `activeOnly` leaves Cancelled out. */
export async function listOrderViews(agentId: string, opts: { activeOnly: boolean }, now = new Date()): Promise<OrderView[]> {
  const orders = await Order.query.ofAgent(agentId).all({ newestFirst: true });
  return viewsOf(opts.activeOnly ? orders.filter((o) => o.status !== ORDER_STATUS.Cancelled) : orders, now);
}

/** Orders whose agent or a recipient is terminated (the sparse gsi2 index), newest first. */
export async function ordersWithTermed(agentId: string, now = new Date()): Promise<OrderView[]> {
  return viewsOf(newestFirst(await Order.query.withTermed(agentId).all()), now);
}

/** Reassigned orders (the sparse gsi3 index), newest first. */
export async function ordersWithReassigned(agentId: string, now = new Date()): Promise<OrderView[]> {
  return viewsOf(newestFirst(await Order.query.withReassigned(agentId).all()), now);
}

const newestFirst = (orders: Order[]) => [...orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.orderId.localeCompare(a.orderId));

/** The read-time parts of many orders: usage, recipients' profiles and the catalogue, each read once. */
async function viewsOf(orders: Order[], now: Date): Promise<OrderView[]> {
  if (orders.length === 0) return [];
  const agentIds = [...new Set(orders.flatMap((o) => [o.agentId, ...o.recipients.map((r) => r.agentId)]))];
  const [profiles, catalogue] = await Promise.all([
    readProfiles(agentIds),
    readOrderCatalogue({ funds: orders.some((o) => o.isFundOrder), campaigns: orders.some((o) => !o.isFundOrder) }),
  ]);
  const used = readUsage(orders, profiles, now);
  return orders.map((order) => {
    const terminated = new Set(order.recipients.filter((r) => profiles.get(r.agentId)?.status === 0).map((r) => r.agentId));
    // Terminated and Reassigned follow their causes (attention.ts); an expired fund has no event, so
    // that reason is judged now from the catalogue.
    const attention: AttentionReason[] = order.attention.filter((a) => a !== 'FundsInactive');
    if (order.isFundOrder && order.status === ORDER_STATUS.Active && fundsUnavailable(order.selectedFundIds, catalogue, now)) attention.push('FundsInactive');
    return { order, used: used.get(order.orderId)!, terminated, attention, catalogue };
  });
}

async function readProfiles(agentIds: string[]): Promise<Map<string, AgentProfile>> {
  const refs = Object.fromEntries(agentIds.map((agentId) => [agentId, AgentProfile.ref({ agentId })]));
  const found = Object.keys(refs).length > 0 ? await getMany(refs) : ({} as Record<string, AgentProfile | undefined>);
  return new Map(Object.entries(found).flatMap(([id, p]) => (p ? [[id, p] as const] : [])));
}

/** Each order's use of its current periods, from its header, in its owner's zone (a period since turned reads 0). */
function readUsage(orders: Order[], profiles: Map<string, AgentProfile>, now: Date): Map<string, Used> {
  const used = new Map<string, Used>();
  for (const order of orders) {
    const zone = profiles.get(order.agentId)?.timeZone;
    used.set(order.orderId, usedIn(order.usage, periodKeys(now, TIME_ZONES[isKnownTimeZone(zone) ? zone : DEFAULT_TIME_ZONE])));
  }
  return used;
}
