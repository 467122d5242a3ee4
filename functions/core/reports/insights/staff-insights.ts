// The staff Home's insights (issue 12): the marketplace per reporting day for the last 30 days (the
// MarketDayTotal shards: 30 BatchGets of 8 keys), the unsold supply of the last 7 days (the MarketDay
// cells: 8 shard Queries a day, one item per campaign, vendor, state and shard that had traffic),
// and the active orders starving for leads (the open-orders index of every state, the headers and
// owners in BatchGets, and each capped order's DAY usage counters of its last 7 days in the owner's
// zone: that part grows with the active orders, not with the leads).
import { Campaign } from '#entities/campaign.ts';
import { MARKET_TOTAL_SHARDS, MarketDay, MarketDayTotal, StarvingSnapshot } from '#entities/insight-day.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Order } from '#entities/order.ts';
import { OrderTarget } from '#entities/order-target.ts';
import { Vendor } from '#entities/vendor.ts';
import { getMany, type Ref } from '#platform/entity.ts';
import { reportDay } from '#platform/report-day.ts';
import { capOf7Days, dayIn, daysEndingWith, fillRate, INSIGHT_DAYS, marginCents, RECENT_DAYS, starvingOrders } from '#shared/insights.ts';
import { US_STATES } from '#shared/lookups.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';
import { usedOnDay } from '#core/orders/periods.ts';
import { mapLimit } from '../performance-export.ts';

const DAYS_AT_ONCE = 8;
const STATES_AT_ONCE = 8;
const BATCHES_AT_ONCE = 4;
export const TOP_LIST_SIZE = 10;
const STATE_CODES = US_STATES.map((s) => s.StateAbbreviation);

export interface MarketFigures {
  received: number;
  sold: number;
  sales: number;
  revenueCents: number;
  vendorCostCents: number;
}

export interface StaffInsights {
  days: (MarketFigures & { day: string; fillRate: number | null; marginCents: number })[];
  totals: MarketFigures & { fillRate: number | null; marginCents: number };
  starving: { orderId: string; userFacingOrderId: number; agentId: string; agentName: string; leadsLast7Days: number; capLast7Days: number; fillPercent: number }[];
  unsold: { campaign: string; vendor: string; state: string; received: number; unsold: number }[];
  cappedActiveOrders: number;
}

const zero = (): MarketFigures => ({ received: 0, sold: 0, sales: 0, revenueCents: 0, vendorCostCents: 0 });
const addTo = (sum: MarketFigures, m: MarketFigures) => {
  sum.received += m.received;
  sum.sold += m.sold;
  sum.sales += m.sales;
  sum.revenueCents += m.revenueCents;
  sum.vendorCostCents += m.vendorCostCents;
};
const withRates = <T extends MarketFigures>(m: T) => ({ ...m, fillRate: fillRate(m.sold, m.received), marginCents: marginCents(m.revenueCents, m.vendorCostCents) });

/** How long a computed list of starving orders is served before it is computed again. */
export const STARVING_SNAPSHOT_MS = 5 * 60_000;

export async function staffInsights(now = new Date()): Promise<StaffInsights> {
  const [market, starving] = await Promise.all([marketOfDays(now), recentStarvingDemand(now)]);
  return { ...market, ...starving };
}

/** The stored list while it is younger than STARVING_SNAPSHOT_MS, else computed now and stored. */
export async function recentStarvingDemand(now: Date): Promise<Pick<StaffInsights, 'starving' | 'cappedActiveOrders'>> {
  const stored = await StarvingSnapshot.get({});
  if (stored && now.getTime() - Date.parse(stored.computedAt) < STARVING_SNAPSHOT_MS) return { starving: stored.orders, cappedActiveOrders: stored.cappedActiveOrders };
  const fresh = await starvingDemand(now);
  await StarvingSnapshot.put({ computedAt: now.toISOString(), cappedActiveOrders: fresh.cappedActiveOrders, orders: fresh.starving, ttl: Math.floor(now.getTime() / 1000) + 86_400 });
  return fresh;
}

/** The 30 reporting days' sums (from the days' total shards) and the last 7 days' unsold supply (from their cells). */
export async function marketOfDays(now: Date) {
  const calendar = daysEndingWith(reportDay(now.toISOString()), INSIGHT_DAYS);
  const shards = Array.from({ length: MARKET_TOTAL_SHARDS }, (_, shard) => shard);
  const [perDay, recent] = await Promise.all([
    mapLimit(calendar, DAYS_AT_ONCE, async (day) => Object.values(await getMany(Object.fromEntries(shards.map((shard) => [shard, MarketDayTotal.ref({ day, shard })])))).filter((t) => t !== undefined)),
    mapLimit(calendar.slice(-RECENT_DAYS), DAYS_AT_ONCE, async (day) => (await Promise.all(shards.map((shard) => MarketDay.query.ofDayShard(day, shard).all()))).flat()),
  ]);
  const totals = zero();
  const days = calendar.map((day, i) => {
    const sum = zero();
    for (const item of perDay[i]!) addTo(sum, item);
    addTo(totals, sum);
    return { day, ...withRates(sum) };
  });
  const supply = new Map<string, { campaignId: string; vendorId: string; state: string; received: number; unsold: number }>();
  for (const item of recent.flat()) {
    const key = `${item.campaignId}#${item.vendorId}#${item.state}`;
    const s = supply.get(key) ?? { campaignId: item.campaignId, vendorId: item.vendorId, state: item.state, received: 0, unsold: 0 };
    s.received += item.received;
    s.unsold += Math.max(0, item.received - item.sold);
    supply.set(key, s);
  }
  const top = [...supply.values()].filter((s) => s.unsold > 0).sort((a, b) => b.unsold - a.unsold || a.campaignId.localeCompare(b.campaignId) || a.vendorId.localeCompare(b.vendorId) || a.state.localeCompare(b.state)).slice(0, TOP_LIST_SIZE);
  const refs: Record<string, Ref<{ name: string }>> = {};
  for (const s of top) {
    refs[`c:${s.campaignId}`] = Campaign.ref({ campaignId: s.campaignId });
    if (s.vendorId !== '-') refs[`v:${s.vendorId}`] = Vendor.ref({ vendorId: s.vendorId });
  }
  const names = (Object.keys(refs).length ? await getMany(refs) : {}) as Record<string, { name: string } | undefined>;
  const unsold = top.map((s) => ({
    campaign: names[`c:${s.campaignId}`]?.name ?? s.campaignId,
    vendor: s.vendorId === '-' ? 'Public form' : (names[`v:${s.vendorId}`]?.name ?? s.vendorId),
    state: s.state,
    received: s.received,
    unsold: s.unsold,
  }));
  return { days, totals: withRates(totals), unsold };
}

function chunk<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** BatchGets of many refs, 100 keys each, a few at a time. */
async function readMany<T>(refs: [string, Ref<T>][]): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  await mapLimit(chunk(refs, 100), BATCHES_AT_ONCE, async (part) => {
    const got = (await getMany(Object.fromEntries(part))) as Record<string, T | undefined>;
    for (const [name, value] of Object.entries(got)) if (value !== undefined) found.set(name, value);
  });
  return found;
}

/** The capped active orders that took the smallest share of their 7-day cap in their owners' last 7 days. */
export async function starvingDemand(now: Date): Promise<Pick<StaffInsights, 'starving' | 'cappedActiveOrders'>> {
  const targets = (await mapLimit(STATE_CODES, STATES_AT_ONCE, (state) => OrderTarget.query.openInState(state).all())).flat();
  const owners = new Map<string, string>();
  for (const t of targets) if (t.active) owners.set(t.orderId, t.agentId);
  const [orders, profiles] = await Promise.all([
    readMany([...owners.keys()].map((orderId): [string, Ref<Order>] => [orderId, Order.ref({ orderId })])),
    readMany([...new Set(owners.values())].map((agentId): [string, Ref<AgentProfile>] => [agentId, AgentProfile.ref({ agentId })])),
  ]);
  const capped = [...orders.values()].flatMap((order) => {
    const cap = capOf7Days(order);
    const owner = profiles.get(order.agentId);
    if (order.status !== 1 || cap === null || !owner) return [];
    const zone = TIME_ZONES[isKnownTimeZone(owner.timeZone) ? owner.timeZone : DEFAULT_TIME_ZONE];
    return [{ order, owner, cap, days: daysEndingWith(dayIn(now, zone), RECENT_DAYS) }];
  });
  const ranked = starvingOrders(
    capped.map(({ order, owner, cap, days }) => ({
      orderId: order.orderId,
      userFacingOrderId: order.userFacingOrderId,
      agentId: order.agentId,
      agentName: `${owner.firstName} ${owner.lastName}`.trim(),
      leadsLast7Days: days.reduce((sum, day) => sum + usedOnDay(order.usage, day), 0),
      capLast7Days: cap,
    })),
    TOP_LIST_SIZE,
  );
  return { starving: ranked, cappedActiveOrders: capped.length };
}
