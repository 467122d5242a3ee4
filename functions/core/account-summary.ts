// Home's Account Summary, Lead Intake and Calls Today numbers (spec part 1 §2.3, §3 Account summary),
// read from the agent's balance, orders, disputes and call counters through their key shapes.
// Orders, disputes and calls are written by later work; until then these Queries find nothing and
// zero is the true answer. The attribute names read here are the contract with that work.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { queryPage } from '#platform/db.ts';
import { docClient, tableName } from '#platform/dynamo.ts';
import { AgentProfile } from '#platform/entities.ts';
import { agentKeys, leadKeys, orderKeys, type KeyQuery } from '#platform/keys.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';
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
  status: z.number().int(),
  maxPerHour: z.number().int().nonnegative(),
  maxPerDay: z.number().int().nonnegative(),
  maxPerWeek: z.number().int().nonnegative(),
  maxPerMonth: z.number().int().nonnegative(),
});

/** The live-transfer counters of one agent and day (docs/data-model.md, CallsOfDay). */
const callCounts = z.object({ attempted: z.number().int().nonnegative(), won: z.number().int().nonnegative() });

export async function accountSummary(agentId: string, now = new Date()): Promise<AccountSummary> {
  const [balance, orders, pendingDisputes, calls] = await Promise.all([
    getBalance(agentId),
    readAll(orderKeys.ofAgent(agentId)).then((items) => items.map((i) => orderCaps.parse(i))),
    readAll(leadKeys.disputesOfAgent(agentId, PENDING_DISPUTE_STATUS)).then((items) => items.length),
    callsToday(agentId, now),
  ]);
  const active = orders.filter((o) => o.status === ORDER_ACTIVE);
  const sum = (cap: (o: z.infer<typeof orderCaps>) => number) => active.reduce((total, o) => total + cap(o), 0);
  return {
    balanceCents: balance?.balanceCents ?? 0,
    activeOrders: active.length,
    inactiveOrders: orders.filter((o) => o.status === ORDER_INACTIVE).length,
    pendingDisputes,
    capacityPerHour: sum((o) => o.maxPerHour),
    capacityPerDay: sum((o) => o.maxPerDay),
    capacityPerWeek: sum((o) => o.maxPerWeek),
    capacityPerMonth: sum((o) => o.maxPerMonth),
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

/** "Today" of the Calls Today card is the account's day, as the call counters are kept. */
async function callsToday(agentId: string, now: Date): Promise<z.infer<typeof callCounts>> {
  const profile = await AgentProfile.get(agentKeys.profileById(agentId));
  const timeZone = TIME_ZONES[isKnownTimeZone(profile?.timeZone) ? profile.timeZone : DEFAULT_TIME_ZONE];
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const out = await docClient().send(new GetCommand({ TableName: tableName(), Key: agentKeys.callsOfDay(agentId, day) }));
  return out.Item ? callCounts.parse(out.Item) : { attempted: 0, won: 0 };
}
