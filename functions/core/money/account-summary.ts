// Home's Account Summary, Lead Intake and Calls Today numbers (spec part 1 §2.3, §3 Account summary),
// read from the agent's balance, orders, disputes and call counters through their key shapes. Lead
// Intake's gauges (part 3 "used/max as a rounded percentage for each cap above zero") also get what
// the capped active orders took in the current hour, day, week and month of the account's time zone,
// from the usage the lead engine sets on each order's header in each sale.
// Orders, disputes and calls are written by later work; until then these Queries find nothing and
// zero is the true answer. The attribute names read here are the contract with that work.
import { z } from 'zod';
import { queryPage } from '#platform/db.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { orderUsage, USAGE_PERIODS, type UsagePeriod } from '#entities/order.ts';
import { periodKeys, usedIn } from '../orders/periods.ts';
import { CallsOfDay } from '#entities/calls-of-day.ts';
import type { KeyQuery } from '#platform/item-key.ts';
import { Dispute } from '#entities/dispute.ts';
import { Order } from '#entities/order.ts';
import { dayIn, DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';
import { getBalance } from './ledger.ts';

/** The figures of Home's cards; money in cents, capacities summed over the active orders. */
export interface AccountSummary {
  balanceCents: number;
  activeOrders: number;
  inactiveOrders: number;
  pendingDisputes: number;
  capacityPerHour: number;
  capacityPerDay: number;
  capacityPerWeek: number;
  capacityPerMonth: number;
  /** Leads the active orders with a cap for that period took in the current period (their caps' share of the capacity). */
  usedPerHour: number;
  usedPerDay: number;
  usedPerWeek: number;
  usedPerMonth: number;
  acceptedCallsToday: number;
  wonCallsToday: number;
}

/** Order status (spec part 2 §3): Inactive 0 (shown as Paused), Active 1, Cancelled 2. */
const ORDER_ACTIVE = 1;
const ORDER_INACTIVE = 0;
/** A dispute waits for a decision from submission on (spec part 3 §4: "the status becomes Submitted"). */
export const PENDING_DISPUTE_STATUS = 'Submitted';

/** The order header fields the summary reads; a cap of 0 means no cap (spec part 2 §5). */
const orderCaps = z.object({
  orderId: z.string(),
  status: z.number().int(),
  maxPerHour: z.number().int().nonnegative(),
  maxPerDay: z.number().int().nonnegative(),
  maxPerWeek: z.number().int().nonnegative(),
  maxPerMonth: z.number().int().nonnegative(),
  usage: orderUsage.optional(),
});

type OrderCaps = z.infer<typeof orderCaps>;
const CAP_OF: Record<UsagePeriod, 'maxPerHour' | 'maxPerDay' | 'maxPerWeek' | 'maxPerMonth'> = { HOUR: 'maxPerHour', DAY: 'maxPerDay', WEEK: 'maxPerWeek', MONTH: 'maxPerMonth' };

export async function accountSummary(agentId: string, now = new Date()): Promise<AccountSummary> {
  const [balance, orders, pendingDisputes, timeZone] = await Promise.all([
    getBalance(agentId),
    readAll(Order.query.ofAgent(agentId).key).then((items) => items.map((i) => orderCaps.parse(i))),
    readAll(Dispute.query.ofAgent(agentId).within({ beginsWith: `${PENDING_DISPUTE_STATUS}#` }).key).then((items) => items.length),
    accountTimeZone(agentId),
  ]);
  const active = orders.filter((o) => o.status === ORDER_ACTIVE);
  const calls = await callsToday(agentId, now, timeZone);
  const used = usedInCurrentPeriods(active, now, timeZone);
  const sum = (cap: (o: OrderCaps) => number) => active.reduce((total, o) => total + cap(o), 0);
  return {
    balanceCents: balance?.balanceCents ?? 0,
    activeOrders: active.length,
    inactiveOrders: orders.filter((o) => o.status === ORDER_INACTIVE).length,
    pendingDisputes,
    capacityPerHour: sum((o) => o.maxPerHour),
    capacityPerDay: sum((o) => o.maxPerDay),
    capacityPerWeek: sum((o) => o.maxPerWeek),
    capacityPerMonth: sum((o) => o.maxPerMonth),
    usedPerHour: used.HOUR,
    usedPerDay: used.DAY,
    usedPerWeek: used.WEEK,
    usedPerMonth: used.MONTH,
    acceptedCallsToday: calls.attempted,
    wonCallsToday: calls.won,
  };
}

/** Every item of a Query (an agent's orders and pending disputes are tens, not thousands). */
async function readAll(query: KeyQuery): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryPage({ ...query, cursor });
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return items;
}

/** The account's IANA time zone: its days, and the periods the lead engine counts its orders' leads in. */
async function accountTimeZone(agentId: string): Promise<string> {
  const profile = await AgentProfile.get({ agentId });
  return TIME_ZONES[isKnownTimeZone(profile?.timeZone) ? profile.timeZone : DEFAULT_TIME_ZONE];
}

/**
 * What the active orders took in the current hour, day, week and month, each period summed over the
 * orders with a cap for it (an uncapped order has no share of that gauge's maximum).
 */
function usedInCurrentPeriods(active: OrderCaps[], now: Date, timeZone: string): Record<UsagePeriod, number> {
  const used: Record<UsagePeriod, number> = { HOUR: 0, DAY: 0, WEEK: 0, MONTH: 0 };
  const keys = periodKeys(now, timeZone);
  for (const o of active) {
    const took = usedIn(o.usage, keys);
    for (const p of USAGE_PERIODS) if (o[CAP_OF[p]] > 0) used[p] += took[p];
  }
  return used;
}

/** "Today" of the Calls Today card is the account's day, as the call counters are kept. */
async function callsToday(agentId: string, now: Date, timeZone: string): Promise<{ attempted: number; won: number }> {
  const day = dayIn(now, timeZone);
  return (await CallsOfDay.get({ agentId, day })) ?? { attempted: 0, won: 0 };
}
