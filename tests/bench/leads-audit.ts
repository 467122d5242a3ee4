// The leads benchmark's correctness audit (leads.bench.ts): every lead of the run read back from the
// table with its sales, the orders' final headers and targets, and the agents' ledgers, judged against
// the seed (which nothing changes during the run but the sales) by rules re-stated here, not the
// engine's code. Prints one count per violation kind; every count must be 0.
//
// Per sale: outside the order's geography (its target in the lead's state takes the zip); outside the
// order's schedule at the lead's time in the owner's zone; over an hour/day/week/month cap (sales counted
// per period key in the owner's zone); to a paused or cancelled order; to an inactive or paused owner,
// or to an inactive or paused split recipient; charged twice (a LeadSpend entry per sale, one sale per lead and
// agent); a balance below minus its credit line; a ledger whose entries do not add up to its balance.
// Per order: each split recipient able to receive (status and order status Active) within one lead of its share of the
// leads those recipients received, the shares taken among them alone (spec part 2 §6 "Terminated or
// inactive agents ... cannot receive leads"; §5 only keeps a terminated agent from being saved with a
// share: the engine leaves such a recipient out of the pick and its share goes to the others by theirs,
// and the order card warns "Downline Agent has been terminated").
// Per lead: dedupe (a lead repeating an earlier phone answered duplicate, no other), the routing rule's
// split (its call-center leads within one lead of its percentage), and the candidate ranking: a sold
// lead's first buyer is the best eligible candidate by agent priority (1 first), then the distance of
// the owner's zip to the lead's, then the order served least recently (its last sale's time), then
// the order id; an unsold lead (not routed to the call center, not a duplicate) had no eligible
// candidate.
//
// Limits of the ranking audit (what it can and cannot reconstruct):
// - Eligibility that does not change during the run is exact: order status, owner statuses, the fund
//   or pair and its price, the schedule at the lead's time, the geography.
// - Balances only fall during the run (nothing but sales moves money) and caps only fill, so what a
//   decision saw is bounded by the client's window of each post (its request's start and answer, on
//   the same clock as the server, which runs in the bench's process): a sale certainly came before a
//   decision when its post was answered before the decision's post started, possibly when it started
//   before the decision's post was answered. A candidate is judged only when it was eligible under
//   every order of the concurrent sales (its balance covered the price and no cap was reached even had
//   every possibly-earlier sale come first) and certainly ranked better (its last sale certainly older).
//   Candidates the window leaves open (concurrent posts spending the same balance or cap, or serving
//   the same order) are counted as undecided, not as violations; leads posted one at a time have no
//   such candidates.
// - The lead's stored trace excuses a better candidate only for contention found at the sale (a
//   transaction that lost a race: "meanwhile", "changed", "too busy"); any other reason for a
//   candidate the audit finds eligible (a balance it finds covering, a schedule it finds open) counts.
// - Only the first sale of a shared lead is ranked (later sales go to the next shared-category
//   candidates of other agents; the bench's fund orders all buy through the exclusive fund first).
// - Distances are the engine's own formula (geo.ts) between the zip table's places; an owner whose zip
//   is unknown is farthest.
import { distanceMiles } from '#core/address/geo.ts';
import { zipIndex } from '#core/address/zip-lookup.ts';
import { monthShards } from '#core/leads/lead-months.ts';
import { localTime, scheduleCovers } from '#core/leads/rules.ts';
import { getBalance } from '#core/money/ledger.ts';
import { periodKeys } from '#core/orders/periods.ts';
import type { Lead } from '#entities/lead.ts';
import { LeadSale } from '#entities/lead-sale.ts';
import { LedgerEntry } from '#entities/ledger-entry.ts';
import { Order, USAGE_PERIODS, type UsagePeriod } from '#entities/order.ts';
import { OrderTarget } from '#entities/order-target.ts';
import { getMany } from '#platform/entity.ts';
import { TIME_ZONES } from '#shared/time-zones.ts';

export interface AuditInput {
  agents: { agentId: string; profile: { status: number; orderStatus: number; type: number; timeZone: string; zip: string; priority: number; thirdPartyLeadStatus: boolean }; balanceCents: number; creditLineCents: number }[];
  /** The orders that could buy the campaign's leads, with their seeded status. */
  orders: { orderId: string; agentId: string; recipients: { agentId: string; percentage: number }[]; status: number }[];
  /** Each post's client window (Date.now() at its start and at its answer), by VendorLeadId. */
  windows: Map<string, { start: number; end: number }>;
  /** The VendorLeadIds of the leads that repeat an earlier lead's phone. */
  repeats: Set<string>;
  campaignId: string;
  allowCreditLine: boolean;
  /** The campaign's funds by makeup priority (best first), with their prices. */
  funds: { fundId: string; category: number; captive: number; broker: number }[];
  /** The campaign-vendor pair's prices, for campaign orders. */
  campaignPrices: { captive: number; broker: number };
  callCenterRule: { ruleId: string; percent: number };
}

const CAPS: Record<UsagePeriod, 'maxPerHour' | 'maxPerDay' | 'maxPerWeek' | 'maxPerMonth'> = { HOUR: 'maxPerHour', DAY: 'maxPerDay', WEEK: 'maxPerWeek', MONTH: 'maxPerMonth' };
/** A trace reason that excuses passing an eligible candidate: its sale lost a race. */
const CONTENTION = /meanwhile|changed|too busy|already sold to this agent|sold exclusively/i;

/** Runs `f` over `xs`, `n` at a time. */
async function pool<T, R>(xs: readonly T[], n: number, f: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(xs.length);
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < xs.length) {
      const i = next++;
      out[i] = await f(xs[i]!);
    }
  }));
  return out;
}

export async function auditLeads(input: AuditInput): Promise<Record<string, number>> {
  const started = performance.now();
  const { windows } = input;
  const profiles = new Map(input.agents.map((a) => [a.agentId, a]));
  /** A split recipient able to receive: active, with their account's order status Active (spec part 2 §6; a paused agent is "not purchasing leads"). */
  const takesLeads = (agentId: string) => profiles.get(agentId)?.profile.status === 1 && profiles.get(agentId)?.profile.orderStatus === 1;
  const orderIds = input.orders.map((o) => o.orderId);
  const headers = new Map<string, Order>();
  for (let i = 0; i < orderIds.length; i += 1000) {
    const read = await getMany(Object.fromEntries(orderIds.slice(i, i + 1000).map((id) => [id, Order.ref({ orderId: id })])));
    for (const [id, o] of Object.entries(read)) if (o) headers.set(id, o);
  }
  const months = [...new Set([new Date(Math.min(...[...windows.values()].map((w) => w.start))).toISOString().slice(0, 7), new Date().toISOString().slice(0, 7)])];
  const leads = (await Promise.all(months.flatMap((m) => monthShards(m, { campaignId: input.campaignId }).map((q) => q.all())))).flat().filter((l) => windows.has(l.sourceId));
  const statesOf = [...new Set(leads.map((l) => l.stateCode))];
  const targets = new Map<string, OrderTarget>();
  for (const state of statesOf) for (const t of await OrderTarget.query.openInState(state).all()) targets.set(`${t.orderId}#${state}`, t);
  const byState = new Map<string, OrderTarget[]>(statesOf.map((s) => [s, [...targets.values()].filter((t) => t.state === s && headers.has(t.orderId))]));
  const salesOf = new Map<string, LeadSale[]>();
  await pool(leads.filter((l) => l.saleCount > 0 || l.leadStatus === 'Sold'), 16, async (l) => salesOf.set(l.leadId, await LeadSale.query.ofLead(l.leadId).all()));

  const audit = {
    outsideGeography: 0, outsideSchedule: 0, overCap: 0, toPausedOrCancelledOrder: 0, toInactiveOrPausedAgent: 0, chargedTwice: 0, belowCreditLine: 0, ledgerMismatch: 0,
    shareOffByMoreThanOne: 0, rankingNotBest: 0, unsoldWithABuyer: 0, dedupeMissed: 0, dedupeWrong: 0, routingSplitOff: 0,
  };

  // Memos: the local time and period keys of a moment in a zone (Intl is slow; a state has thousands of candidates).
  const zoneOf = (agentId: string) => TIME_ZONES[profiles.get(agentId)!.profile.timeZone as keyof typeof TIME_ZONES];
  const locals = new Map<string, ReturnType<typeof localTime>>();
  const localAt = (at: string, zone: string) => {
    const k = `${zone}|${at.slice(0, 16)}`;
    let v = locals.get(k);
    if (!v) locals.set(k, (v = localTime(new Date(at), zone)));
    return v;
  };
  const keysMemo = new Map<string, Record<UsagePeriod, string>>();
  const keysAt = (at: string, zone: string) => {
    const k = `${zone}|${at.slice(0, 13)}`;
    let v = keysMemo.get(k);
    if (!v) keysMemo.set(k, (v = periodKeys(new Date(at), zone)));
    return v;
  };

  // Per sale.
  const statusOf = new Map(input.orders.map((o) => [o.orderId, o.status]));
  type Sale = { leadId: string; orderId: string; ownerId: string; at: string; priceCents: number; start: number; end: number };
  const sales: Sale[] = [];
  const capCount = new Map<string, number>();
  const salesPerAgent = new Map<string, number>();
  const seenSale = new Set<string>();
  for (const lead of leads) {
    const window = windows.get(lead.sourceId)!;
    for (const sale of salesOf.get(lead.leadId) ?? []) {
      const order = headers.get(sale.orderId);
      const owner = order && profiles.get(order.agentId);
      if (!order || !owner) {
        audit.toPausedOrCancelledOrder++;
        continue;
      }
      sales.push({ leadId: lead.leadId, orderId: sale.orderId, ownerId: order.agentId, at: sale.at, priceCents: sale.agentPurchasePriceCents, ...window });
      const target = targets.get(`${sale.orderId}#${lead.stateCode}`);
      if (!target || (target.zips.length > 0 && !target.zips.includes(lead.zipCode))) audit.outsideGeography++;
      const zone = zoneOf(order.agentId);
      if (!scheduleCovers(order.slots, localAt(lead.at, zone))) audit.outsideSchedule++;
      const keys = keysAt(lead.at, zone);
      for (const period of USAGE_PERIODS) {
        const k = `${order.orderId}|${period}|${keys[period]}`;
        capCount.set(k, (capCount.get(k) ?? 0) + 1);
        if (order[CAPS[period]] > 0 && capCount.get(k)! > order[CAPS[period]]) audit.overCap++;
      }
      if (statusOf.get(sale.orderId) !== 1) audit.toPausedOrCancelledOrder++;
      if (owner.profile.status !== 1 || owner.profile.orderStatus !== 1 || !takesLeads(sale.recipientAgentId)) audit.toInactiveOrPausedAgent++;
      const once = `${lead.leadId}#${sale.agentId}`;
      if (seenSale.has(once)) audit.chargedTwice++;
      seenSale.add(once);
      salesPerAgent.set(sale.agentId, (salesPerAgent.get(sale.agentId) ?? 0) + 1);
    }
  }
  await pool([...salesPerAgent], 16, async ([agentId, n]) => {
    const [entries, balance] = await Promise.all([LedgerEntry.query.ofAgent(agentId).all({ consistent: true }), getBalance(agentId)]);
    const spends = entries.filter((e) => e.type === 'LeadSpend').length;
    if (spends !== n) audit.chargedTwice += Math.abs(spends - n);
    if (!balance || balance.balanceCents < -balance.creditLineCents) audit.belowCreditLine++;
    if (entries.reduce((s, e) => s + e.creditCents - e.debitCents, 0) !== balance?.balanceCents) audit.ledgerMismatch++;
  });

  // Per order: the shares of the recipients able to receive, among themselves.
  let splitOrders = 0;
  for (const o of input.orders) {
    const order = headers.get(o.orderId)!;
    const able = o.recipients.filter((r) => r.percentage > 0 && takesLeads(r.agentId));
    const n = able.reduce((s, r) => s + (order.receivedCounts[r.agentId] ?? 0), 0);
    if (o.recipients.length < 2 || n === 0) continue;
    splitOrders++;
    const total = able.reduce((s, r) => s + r.percentage, 0);
    for (const r of able) if (Math.abs((order.receivedCounts[r.agentId] ?? 0) - (n * r.percentage) / total) > 1) audit.shareOffByMoreThanOne++;
  }

  // Per lead: dedupe and the routing rule's split.
  let routed = 0;
  let toCallCenter = 0;
  for (const lead of leads) {
    const repeat = input.repeats.has(lead.sourceId);
    if (repeat && lead.leadStatus !== 'Duplicate') audit.dedupeMissed++;
    if (!repeat && lead.leadStatus === 'Duplicate') audit.dedupeWrong++;
    if (lead.ruleId === input.callCenterRule.ruleId) {
      routed++;
      if (lead.routedTo === 'callCenter') toCallCenter++;
    }
  }
  if (Math.abs(toCallCenter - (routed * input.callCenterRule.percent) / 100) > 1) audit.routingSplitOff++;

  // Per lead: the ranking, over the candidates as the sales before its decision left them.
  const zips = await zipIndex();
  const placeOf = new Map(input.agents.map((a) => [a.agentId, zips.find(a.profile.zip)]));
  const salesByOwner = new Map<string, Sale[]>();
  const salesByOrder = new Map<string, Sale[]>();
  for (const s of sales) {
    salesByOwner.set(s.ownerId, [...(salesByOwner.get(s.ownerId) ?? []), s]);
    salesByOrder.set(s.orderId, [...(salesByOrder.get(s.orderId) ?? []), s]);
  }
  /** The order's price for the lead, or undefined when something that does not change in the run refuses it. */
  const staticPrice = (order: Order, target: OrderTarget, lead: Lead): number | undefined => {
    if (target.zips.length > 0 && !target.zips.includes(lead.zipCode)) return undefined;
    if (statusOf.get(order.orderId) !== 1) return undefined;
    const owner = profiles.get(order.agentId)!.profile;
    if (owner.status !== 1 || owner.orderStatus !== 1) return undefined;
    // The owner is a recipient with a share: an order always has someone able to receive while its owner is active.
    let price: number | undefined;
    if (order.isFundOrder) {
      const fund = input.funds.find((f) => order.selectedFundIds.includes(f.fundId) && (f.category === 1 || owner.thirdPartyLeadStatus));
      price = fund && (owner.type === 1 ? fund.broker : fund.captive);
    } else if (order.campaigns.some((c) => c.campaignId === input.campaignId)) price = owner.type === 1 ? input.campaignPrices.broker : input.campaignPrices.captive;
    if (price === undefined) return undefined;
    return scheduleCovers(order.slots, localAt(lead.at, zoneOf(order.agentId))) ? price : undefined;
  };
  const before = (s: Sale, w: { start: number; end: number }, certain: boolean) => (certain ? s.end < w.start : s.start <= w.end);
  /** Whether the sales before the decision certainly left the order able to buy (true), certainly not (false), or either (undefined). */
  const dynamicEligible = (order: Order, price: number, lead: Lead, w: { start: number; end: number }): boolean | undefined => {
    const a = profiles.get(order.agentId)!;
    const money = a.balanceCents + (input.allowCreditLine ? a.creditLineCents : 0);
    const spent = (certain: boolean) => (salesByOwner.get(order.agentId) ?? []).filter((s) => s.leadId !== lead.leadId && before(s, w, certain)).reduce((n, s) => n + s.priceCents, 0);
    if (money - spent(true) < price) return false;
    let open = money - spent(false) >= price;
    if (!USAGE_PERIODS.some((p) => order[CAPS[p]] > 0)) return open || undefined;
    const zone = zoneOf(order.agentId);
    const keys = keysAt(lead.at, zone);
    for (const p of USAGE_PERIODS) {
      if (order[CAPS[p]] <= 0) continue;
      const inPeriod = (salesByOrder.get(order.orderId) ?? []).filter((s) => s.leadId !== lead.leadId && keysAt(s.at, zone)[p] === keys[p]);
      if (inPeriod.filter((s) => before(s, w, true)).length >= order[CAPS[p]]) return false;
      if (inPeriod.filter((s) => before(s, w, false)).length >= order[CAPS[p]]) open = false;
    }
    return open || undefined;
  };
  /** The order's last sale before the decision: [the latest certainly before, the latest possibly before] ('' for none). */
  const lastServed = (orderId: string, lead: Lead, w: { start: number; end: number }): [string, string] => {
    const prior = (certain: boolean) => (salesByOrder.get(orderId) ?? []).filter((s) => s.leadId !== lead.leadId && before(s, w, certain)).reduce((m, s) => (s.at > m ? s.at : m), '');
    return [prior(true), prior(false)];
  };
  let judged = 0;
  let undecided = 0;
  for (const lead of leads) {
    const unsold = lead.leadStatus === 'Unsold';
    if (lead.leadStatus !== 'Sold' && !unsold) continue;
    const w = windows.get(lead.sourceId)!;
    const leadPlace = zips.find(lead.zipCode);
    const distance = (agentId: string) => {
      const p = placeOf.get(agentId);
      return leadPlace && p ? distanceMiles(leadPlace, p) : Number.POSITIVE_INFINITY;
    };
    const traced = new Map(lead.trace.map((t) => [t.orderId, t.passedOver]));
    const firstBuyer = lead.trace.find((t) => t.passedOver === '')?.orderId ?? salesOf.get(lead.leadId)?.[0]?.orderId;
    const buyers = new Set((salesOf.get(lead.leadId) ?? []).map((s) => s.orderId));
    const buyer = firstBuyer ? headers.get(firstBuyer) : undefined;
    if (!unsold && !buyer) continue;
    judged++;
    const bPriority = buyer ? profiles.get(buyer.agentId)!.profile.priority : Infinity;
    const bDistance = buyer ? distance(buyer.agentId) : Infinity;
    const [bLo, bHi] = buyer ? lastServed(buyer.orderId, lead, w) : ['', ''];
    let violated = false;
    let open = false;
    for (const t of byState.get(lead.stateCode) ?? []) {
      if (buyers.has(t.orderId)) continue;
      const order = headers.get(t.orderId)!;
      const priority = profiles.get(order.agentId)!.profile.priority;
      if (priority > bPriority) continue;
      const price = staticPrice(order, t, lead);
      if (price === undefined) continue;
      // Ranked better: certainly (true), certainly not (false), or the window leaves it open (undefined).
      let better: boolean | undefined = true;
      if (buyer && priority === bPriority) {
        const d = distance(order.agentId);
        if (d !== bDistance) better = d < bDistance;
        else {
          const [lo, hi] = lastServed(order.orderId, lead, w);
          const idFirst = order.orderId < buyer.orderId;
          better = hi < bLo || (hi <= bLo && idFirst) ? true : bHi < lo || (bHi <= lo && !idFirst) ? false : undefined;
        }
      }
      if (better === false) continue;
      const eligible = dynamicEligible(order, price, lead, w);
      if (eligible === false) continue;
      const why = traced.get(order.orderId);
      if (why && CONTENTION.test(why)) continue;
      if (better && eligible) violated = true;
      else open = true;
    }
    if (violated) {
      if (unsold) audit.unsoldWithABuyer++;
      else audit.rankingNotBest++;
    } else if (open) undecided++;
  }

  const sold = leads.filter((l) => l.leadStatus === 'Sold').length;
  const byStatus = Object.entries(leads.reduce<Record<string, number>>((m, l) => ((m[l.leadStatus] = (m[l.leadStatus] ?? 0) + 1), m), {})).map(([k, v]) => `${v} ${k}`).join(', ');
  console.log(
    `audit over ${leads.length} leads (${byStatus}), ${sales.length} sales to ${salesPerAgent.size} agents, ${splitOrders} split orders with leads, routing rule ${input.callCenterRule.ruleId}: ${toCallCenter} of ${routed} to the call center (${input.callCenterRule.percent} %);` +
      ` ranking judged on ${judged} leads (${sold} sold), ${undecided} left undecided by concurrent posts; ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`audit (every count must be 0): ${JSON.stringify(audit)}`);
  return audit;
}
