// The lead engine's decision (data-model §4.3), a pure function of the lead, the clock, the campaign's
// catalogue and a candidate snapshot: the routing rule's split, then every Active order of the lead's
// state that could buy it (its target takes the zip, it buys through one of the campaign's funds or
// pairs) judged (statuses, fund or pair and price, schedule and caps in the owner's zone, balance,
// split recipient) and ranked: agent priority (1 first), then the agent nearest the lead, then the
// order served least recently, then the order id. No read, no write, no clock of its own: the engine
// gives it what it knows, and the sale's transaction holds each offer to the facts it was made on.
import { distanceMiles, type LatLon } from '#core/address/geo.ts';
import { fundState } from '#core/orders/catalogue.ts';
import { companyDay } from '#shared/time-zones.ts';
import { periodKeys, usedIn } from '#core/orders/periods.ts';
import type { AgentProfile } from '#entities/agent-profile.ts';
import type { Balance } from '#entities/balance.ts';
import type { Campaign } from '#entities/campaign.ts';
import type { CampaignVendor } from '#entities/campaign-vendor.ts';
import type { Fund } from '#entities/fund.ts';
import { USAGE_PERIODS, type Order, type UsagePeriod } from '#entities/order.ts';
import type { OrderTarget } from '#entities/order-target.ts';
import { FUND_CATEGORIES, fundVisibleToAgent, priceForType, type AgentType } from '#shared/funds.ts';
import { fundReceivesLeads } from '#shared/orders/step-funds.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';
import { localTime, pickRecipient, scheduleCovers, toCallCenter } from './rules.ts';

/** What the snapshot knows of one order in the lead's state. */
export interface CandidateRow {
  order: Pick<Order, 'orderId' | 'userFacingOrderId' | 'agentId' | 'status' | 'isFundOrder' | 'selectedFundIds' | 'campaigns' | 'recipients' | 'slots' | 'maxPerHour' | 'maxPerDay' | 'maxPerWeek' | 'maxPerMonth' | 'receivedCounts' | 'leadCount' | 'lastLeadAt' | 'usage' | 'revision'>;
  target: Pick<OrderTarget, 'zips' | 'fundIds' | 'campaignVendors' | 'active' | 'revision'>;
  owner: Pick<AgentProfile, 'agentId' | 'status' | 'orderStatus' | 'type' | 'priority' | 'timeZone' | 'liveTransferStatus' | 'thirdPartyLeadStatus'> & { place?: LatLon };
  /** The owner's balance; none: the agent has no account. */
  balance?: Balance;
  /** The other recipients with a share: taking leads (active, order status Active) or not (gone, inactive, paused). */
  recipientsActive: Record<string, boolean>;
}

/** The campaign's catalogue as one decision reads it. */
export interface CatalogueContext {
  campaign: Pick<Campaign, 'campaignId' | 'channel' | 'isLiveTransfer' | 'category'>;
  /** The campaign-vendor pairs the lead comes through (the vendor's, or every pair of a form lead's campaign). */
  pairs: Pick<CampaignVendor, 'campaignId' | 'vendorId' | 'captivePriceCents' | 'brokerPriceCents'>[];
  /** Funds holding a pair, with the best (lowest) makeup priority of the link. */
  fundPriority: ReadonlyMap<string, number>;
  funds: ReadonlyMap<string, Fund>;
  /** The vendor lets agents' credit lines pay. */
  allowCreditLine: boolean;
}

export interface DecisionLead {
  campaignId: string;
  vendorId?: string | undefined;
  stateCode: string;
  zipCode: string;
  /** Where the lead's zip is (none: unknown zip, every distance equal). */
  place?: LatLon | undefined;
}

/** An order passed over, and why (`''`: the order that took the lead). */
export type Pass = { orderId: string; agentId: string; passedOver: string };

/** What a candidate buys the lead for, and how the sale's transaction writes it. */
export interface Offer {
  row: CandidateRow;
  fundId?: string;
  category: number;
  priceCents: number;
  /** Who receives the lead: the order's recipient furthest behind its share. */
  recipientId: string;
  distance: number;
  /** The period keys of now in the owner's zone, and the order's usage in them. */
  periods: Record<UsagePeriod, string>;
  used: Record<UsagePeriod, number>;
  /** The local time in the owner's zone, as the sale's `why` says it. */
  localLabel: string;
}

export const CAPS: Record<UsagePeriod, 'maxPerHour' | 'maxPerDay' | 'maxPerWeek' | 'maxPerMonth'> = { HOUR: 'maxPerHour', DAY: 'maxPerDay', WEEK: 'maxPerWeek', MONTH: 'maxPerMonth' };

export const PASSED = {
  notActive: 'The order is not Active.',
  agentInactive: 'The agent is not active.',
  agentPaused: "The agent's order status is paused.",
  noAccount: 'The order, its agent or their account is gone.',
  balance: 'The balance (with the credit line) does not cover the price.',
  leadsStopped: 'The agent was paused or terminated meanwhile.',
  recipient: 'No recipient with a share is active and taking leads.',
  noShare: 'The order has no recipient with a share.',
  liveTransfer: "The agent's live-transfer status is paused.",
  thirdParty: "The agent's third-party status is off.",
} as const;

/** The routing rule's split: its n-th lead goes to the call center or the post target. */
export const routeTo = (route: { callCenterPercent: number; seq: number }): 'callCenter' | 'post' => (toCallCenter(route.seq, route.callCenterPercent) ? 'callCenter' : 'post');

/** The zone an owner's schedule and caps are counted in. */
export const zoneOf = (p: { timeZone?: string | undefined }) => TIME_ZONES[isKnownTimeZone(p.timeZone) ? p.timeZone : DEFAULT_TIME_ZONE];

/**
 * What a decision asks of its moment, worked out once per decision rather than per candidate: the
 * company's day (fund dates and visibility), and each zone's local time and period keys (schedule and
 * caps).
 */
export interface Moment {
  today: string;
  inZone(zone: string): { local: ReturnType<typeof localTime>; periods: Record<UsagePeriod, string> };
  /** Whether the fund takes leads today (its status and dates): the same for every candidate. */
  receiving(fund: Fund): boolean;
}

export function momentOf(at: Date): Moment {
  const zones = new Map<string, ReturnType<Moment['inZone']>>();
  const funds = new Map<Fund, boolean>();
  const today = companyDay(at);
  return {
    today,
    inZone(zone) {
      let z = zones.get(zone);
      if (!z) zones.set(zone, (z = { local: localTime(at, zone), periods: periodKeys(at, zone) }));
      return z;
    },
    receiving(fund) {
      let open = funds.get(fund);
      if (open === undefined) funds.set(fund, (open = fundReceivesLeads(fundState(fund), today)));
      return open;
    },
  };
}

/** The row's target takes the lead's zip and buys through one of the catalogue's funds or pairs. */
export function couldBuy(row: CandidateRow, lead: DecisionLead, ctx: CatalogueContext): boolean {
  const t = row.target;
  if (!t.active || !takesZip(row, lead.zipCode)) return false;
  if (t.fundIds.some((f) => ctx.fundPriority.has(f))) return true;
  const pairs = pairKeysOf(ctx);
  return t.campaignVendors.some((cv) => pairs.has(cv) || (!lead.vendorId && cv.startsWith(`${lead.campaignId}#`)));
}

/** A target's zips as a set, made once per target object (a row read again has a new one; a row with this process's sale over it keeps its target). */
const zipSets = new WeakMap<CandidateRow['target'], ReadonlySet<string>>();

/** The row's target takes the zip: the whole state, or a list naming it. */
export function takesZip(row: CandidateRow, zip: string): boolean {
  const { zips } = row.target;
  if (zips.length === 0) return true;
  if (zips.length < 8) return zips.includes(zip);
  let set = zipSets.get(row.target);
  if (!set) zipSets.set(row.target, (set = new Set(zips)));
  return set.has(zip);
}

/** The context's pairs as target keys (`{campaignId}#{vendorId}`), made once per context. */
const pairKeys = new WeakMap<CatalogueContext, ReadonlySet<string>>();
function pairKeysOf(ctx: CatalogueContext): ReadonlySet<string> {
  let keys = pairKeys.get(ctx);
  if (!keys) pairKeys.set(ctx, (keys = new Set(ctx.pairs.map((p) => `${p.campaignId}#${p.vendorId}`))));
  return keys;
}

/** What the order buys the lead through (its best fund holding a pair, or the campaign) and for what price, or why not. */
function offerOf(row: CandidateRow, ctx: CatalogueContext, moment: Moment): { fundId: string | undefined; category: number; priceCents: number } | string {
  const { order, owner } = row;
  const type = owner.type as AgentType;
  const { today } = moment;
  if (order.isFundOrder) {
    let why = "None of the order's funds holds this campaign and vendor.";
    // The order's funds that hold a pair, best link priority first (a loop: this runs for every candidate of every lead).
    const funds: Fund[] = [];
    for (const id of order.selectedFundIds) {
      const fund = ctx.fundPriority.has(id) ? ctx.funds.get(id) : undefined;
      if (fund) funds.push(fund);
    }
    if (funds.length === 2) {
      if (ctx.fundPriority.get(funds[1]!.fundId)! < ctx.fundPriority.get(funds[0]!.fundId)!) funds.reverse();
    } else if (funds.length > 2) funds.sort((a, b) => ctx.fundPriority.get(a.fundId)! - ctx.fundPriority.get(b.fundId)!);
    for (const fund of funds) {
      if (!moment.receiving(fund)) why = `Fund ${fund.code} is not receiving leads.`;
      else if (!fundVisibleToAgent(fund, { agentId: owner.agentId, type }, today)) why = `Fund ${fund.code} is not offered to this agent's channel or type.`;
      else if (fund.isLiveTransfer && owner.liveTransferStatus !== 1) why = PASSED.liveTransfer;
      else if (fund.category !== FUND_CATEGORIES.OwnCompany && !owner.thirdPartyLeadStatus) why = PASSED.thirdParty;
      else {
        const priceCents = priceForType({ captive: fund.captivePriceCents, broker: fund.brokerPriceCents }, type);
        if (priceCents > 0) return { fundId: fund.fundId, category: fund.category, priceCents };
        why = `Fund ${fund.code} has no price for this agent's type.`;
      }
    }
    return why;
  }
  const pair = ctx.pairs.find((p) => order.campaigns.some((c) => c.campaignId === p.campaignId && c.vendorIds.includes(p.vendorId)));
  if (!pair) return "The order's campaigns and vendors do not include this one.";
  const c = ctx.campaign;
  if ((c.channel === 'Captive' && type === 1) || (c.channel === 'Broker' && type !== 1)) return "The campaign's channel does not serve this agent's type.";
  if (c.isLiveTransfer && owner.liveTransferStatus !== 1) return PASSED.liveTransfer;
  if (c.category !== FUND_CATEGORIES.OwnCompany && !owner.thirdPartyLeadStatus) return PASSED.thirdParty;
  const priceCents = priceForType({ captive: pair.captivePriceCents, broker: pair.brokerPriceCents }, type);
  return priceCents > 0 ? { fundId: undefined, category: c.category, priceCents } : 'The campaign has no price for this agent type.';
}

/** The offer one candidate makes for the lead at `at`, or why it is passed over (`moment`: the decision's, shared by its candidates). */
export function judge(row: CandidateRow, lead: DecisionLead, ctx: CatalogueContext, at: Date, moment = momentOf(at)): Offer | string {
  const { order, owner, balance } = row;
  if (order.status !== 1) return PASSED.notActive;
  if (owner.status !== 1) return PASSED.agentInactive;
  if (owner.orderStatus !== 1) return PASSED.agentPaused;
  if (!balance) return PASSED.noAccount;
  const offer = offerOf(row, ctx, moment);
  if (typeof offer === 'string') return offer;
  const { local, periods } = moment.inZone(zoneOf(owner));
  if (!scheduleCovers(order.slots, local)) return `The schedule does not cover ${local.label} in the agent's time zone.`;
  const used = usedIn(order.usage, periods);
  for (const p of USAGE_PERIODS) {
    const cap = order[CAPS[p]];
    if (cap > 0 && used[p] >= cap) return `The ${p.toLowerCase()} cap of ${cap} is reached.`;
  }
  if (balance.leadsStopped) return PASSED.leadsStopped;
  if (offer.priceCents > balance.balanceCents + (ctx.allowCreditLine ? balance.creditLineCents : 0)) return PASSED.balance;
  // Recipients who may not receive leads (part 2 §6: inactive, or gone; or their order status paused)
  // are left out of the pick: their share goes to the order's other recipients by theirs (an inactive
  // one flags the order for attention).
  const recipientId = pickRecipient(order.recipients, order.receivedCounts, { owner: order.agentId, active: row.recipientsActive });
  if (!recipientId) return order.recipients.some((r) => r.percentage > 0) ? PASSED.recipient : PASSED.noShare;
  const distance = lead.place && owner.place ? distanceMiles(lead.place, owner.place) : Number.POSITIVE_INFINITY;
  // Every property named (one shape for every offer): a spread of `offer` cost a quarter of a decision over a state's rows.
  return { row, fundId: offer.fundId, category: offer.category, priceCents: offer.priceCents, recipientId, distance, periods, used, localLabel: `${local.label} ${owner.timeZone ?? DEFAULT_TIME_ZONE}` };
}

/** Agent priority (1 first), then the agent nearest the lead, then the order served least recently, then the order id. */
export function byRank(a: Offer, b: Offer): number {
  const x = a.row;
  const y = b.row;
  return x.owner.priority - y.owner.priority || (a.distance === b.distance ? 0 : a.distance < b.distance ? -1 : 1) || compareInstants(x.order.lastLeadAt, y.order.lastLeadAt) || x.order.orderId.localeCompare(y.order.orderId);
}

/** Two ISO instants of one format (or none: first), earlier first: as strings, without a collator. */
function compareInstants(a = '', b = ''): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/** Every candidate of the snapshot that could buy the lead: the offers best first, and every order passed over with why. */
export function decide(lead: DecisionLead, at: Date, ctx: CatalogueContext, snapshot: readonly CandidateRow[]): { offers: Offer[]; passed: Pass[] } {
  const offers: Offer[] = [];
  const passed: Pass[] = [];
  const moment = momentOf(at);
  for (const row of snapshot) {
    if (!couldBuy(row, lead, ctx)) continue;
    const judged = judge(row, lead, ctx, at, moment);
    if (typeof judged === 'string') passed.push({ orderId: row.order.orderId, agentId: row.order.agentId, passedOver: judged });
    else offers.push(judged);
  }
  return { offers: offers.sort(byRank), passed };
}
