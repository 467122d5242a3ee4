// Live-transfer pings (issue 11): a vendor asks whether the campaign would buy a call from this caller
// now. The answer is the campaign's bid for the caller's zip, else for the state (CallerLeadsBidCampaigns:
// a zip entry wins), and only when some agent could take the call now: an Active order buying the
// campaign live (through a live-transfer fund holding the campaign-vendor pair, or a campaign order on a
// live-transfer campaign) in the caller's state and zip, the agent active with order and live-transfer
// statuses on, an active live-transfer phone, the order's schedule covering now in the agent's time
// zone, its caps not reached and the balance (with the credit line when the vendor allows it) covering
// the price. The campaign, its pair and funds come from the catalogue the engine holds (held-catalogue.ts),
// the candidates from the engine's snapshot of the state (snapshot.ts, as a lead is decided on), and
// only the phones of the agents who could take the call are read (one BatchGet). A ping reserves
// nothing and charges nothing; every ping the campaign and vendor are known for is recorded as a Ping
// item (bid or not, with its messages) for the Ping History report. A caller whose number is on an
// active do-not-call list (issue 24) gets no bid, with the lists named, before anything else is judged.
import { randomUUID } from 'node:crypto';
import { findZip } from '#core/address/zip-lookup.ts';
import { periodKeys, usedIn } from '#core/orders/periods.ts';
import { fundState } from '#core/orders/catalogue.ts';
import { companyDay } from '#shared/time-zones.ts';
import type { AgentProfile } from '#entities/agent-profile.ts';
import type { Campaign } from '#entities/campaign.ts';
import { CampaignBid, type CampaignBidEntry } from '#entities/campaign-bid.ts';
import type { CampaignVendor } from '#entities/campaign-vendor.ts';
import type { Fund } from '#entities/fund.ts';
import { LiveTransferPhone } from '#entities/live-transfer-phone.ts';
import { USAGE_PERIODS, type UsagePeriod } from '#entities/order.ts';
import { Ping, PING_RETENTION_DAYS } from '#entities/ping.ts';
import type { Vendor } from '#entities/vendor.ts';
import { getMany } from '#platform/entity.ts';
import { Forbidden, ValidationFailed } from '#platform/errors.ts';
import { FUND_CATEGORIES, fundVisibleToAgent, priceForType, type AgentType } from '#shared/funds.ts';
import { fundReceivesLeads } from '#shared/orders/step-funds.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';
import type { ReadAhead } from '#platform/db.ts';
import { doNotCallListsOf } from '#core/compliance/do-not-call-check.ts';
import { doNotCallReason } from '#shared/do-not-call.ts';
import { takesZip, type CandidateRow } from './decide.ts';
import { heldCatalogue, throughHeld } from './held-catalogue.ts';
import { CRITERIA_MESSAGES, localTime, scheduleCovers } from './rules.ts';
import { candidatesIn } from './snapshot.ts';
import { campaignByCode, campaignContext, type CampaignContext } from './validate.ts';
import { INTAKE_MESSAGES } from './vendor-intake.ts';

/** What a vendor reads about a ping: generic reasons, never an agent's or an order's identity. */
export const PING_REASONS = {
  campaignClosed: 'The campaign is not accepting calls.',
  noBid: 'The campaign has no bid for this state or zip.',
  noOrder: 'No live-transfer order takes calls for this campaign in this state and zip.',
  noAgentNow: 'No agent can take the call now.',
  orderNotActive: 'The order is not active.',
  agentNotActive: 'The agent is not active.',
  orderStatusPaused: "The agent's order status is paused.",
  liveTransferPaused: "The agent's live-transfer status is paused.",
  noPhone: 'The agent has no active live-transfer phone.',
  fundClosed: 'The live-transfer fund is not receiving calls.',
  notOffered: "The fund is not offered to the agent's channel or type.",
  thirdPartyOff: "The agent's third-party status is off.",
  channel: "The campaign's channel does not serve the agent's type.",
  noPrice: "There is no price for the agent's type.",
  schedule: "The order's schedule does not cover now.",
  cap: "The order's cap is reached.",
  balance: 'The balance does not cover the price.',
} as const;

export interface PingInput {
  vendor: Vendor;
  campaignCode: string;
  /** 10 digits. */
  callerId: string;
  stateCode: string;
  zipCode: string;
  at: Date;
  /** With the vendor's sandbox token (issue 24): answered the same, never recorded (no Ping History, no rate count). */
  sandbox?: boolean;
}

export interface PingOutcome {
  pingId: string;
  /** Absent without a bid. */
  bidCents?: number;
  errorMessages: string[];
}

const CAPS: Record<UsagePeriod, 'maxPerHour' | 'maxPerDay' | 'maxPerWeek' | 'maxPerMonth'> = { HOUR: 'maxPerHour', DAY: 'maxPerDay', WEEK: 'maxPerWeek', MONTH: 'maxPerMonth' };

/**
 * Answers and records one ping. An unknown campaign is a 400 and is not recorded (no report could
 * select it); a vendor not on the campaign (403) and a zip outside the state (400) are recorded with
 * their message before the error is thrown.
 */
export async function pingCampaign(input: PingInput, ahead?: ReadAhead): Promise<PingOutcome> {
  // The catalogue as held (held-catalogue.ts), beside the candidate snapshot of the caller's state (its
  // sales' changes too: the caps and balances a bid promises are the ones the projector has applied).
  // A shard this process holds too far behind to read by its changed rows is read whole beside the
  // answer rather than before it: a bid binds nothing, the call's lead is decided on fresh rows.
  const rows = candidatesIn(input.stateCode, { ahead, softNow: true, wholeLate: true, zip: input.zipCode });
  rows.catch(() => undefined);
  const catalogue = await heldCatalogue(ahead);
  const campaign = await campaignByCode(catalogue, input.campaignCode);
  if (!campaign) throw new ValidationFailed(INTAKE_MESSAGES.unknownCampaign);
  const [ctx, bidTable, place, listed] = await Promise.all([
    campaignContext(catalogue, campaign.campaignId, input.vendor.vendorId),
    throughHeld(catalogue, `bids#${campaign.campaignId}`, () => CampaignBid.get({ campaignId: campaign.campaignId })),
    findZip(input.zipCode),
    doNotCallListsOf(input.callerId, catalogue),
  ]);
  const record = (outcome: { bidCents?: number; errorMessages: string[] }) => recordPing(input, campaign, outcome);
  const pair = ctx?.pairs[0];
  if (!ctx || !pair) {
    await record({ errorMessages: [INTAKE_MESSAGES.notOnCampaign] });
    throw new Forbidden(INTAKE_MESSAGES.notOnCampaign);
  }
  if (!place || place.state !== input.stateCode) {
    await record({ errorMessages: [CRITERIA_MESSAGES.zipNotInState] });
    throw new ValidationFailed(CRITERIA_MESSAGES.zipNotInState);
  }
  if (listed.length) return record({ errorMessages: [doNotCallReason(listed)] });
  const today = companyDay(input.at);
  if (campaign.status !== 1 || campaign.startDate.slice(0, 10) > today || campaign.endDate.slice(0, 10) < today)
    return record({ errorMessages: [PING_REASONS.campaignClosed] });
  const bidCents = bidFor(bidTable?.bids ?? [], input.stateCode, input.zipCode);
  if (bidCents === undefined) return record({ errorMessages: [PING_REASONS.noBid] });
  const taker = someAgentTakesCall({ campaign, pair, ctx, vendor: input.vendor, state: input.stateCode, zip: input.zipCode, at: input.at }, await rows);
  const answer = Array.isArray(taker) ? taker : await withActivePhone(taker);
  return record(answer === true ? { bidCents, errorMessages: [] } : { errorMessages: answer });
}

/** The bid for a caller: the zip's entry, else the state's whole-state entry; none (or 0) is no bid. */
export function bidFor(bids: readonly CampaignBidEntry[], state: string, zip: string): number | undefined {
  const entry = bids.find((b) => b.zip === zip && b.state === state) ?? bids.find((b) => b.zip === '' && b.state === state);
  return entry && entry.bidCents > 0 ? entry.bidCents : undefined;
}

async function recordPing(input: PingInput, campaign: Campaign, outcome: { bidCents?: number; errorMessages: string[] }): Promise<PingOutcome> {
  const pingId = randomUUID();
  if (input.sandbox) return { pingId, ...outcome };
  const at = input.at.toISOString();
  // Ping History's counters are the projector's (#93b).
  await Ping.create({
    pingId,
    at,
    campaignCode: campaign.code,
    vendorCode: input.vendor.code,
    campaignId: campaign.campaignId,
    vendorId: input.vendor.vendorId,
    callerId: input.callerId,
    stateCode: input.stateCode,
    zipCode: input.zipCode,
    ...(outcome.bidCents !== undefined ? { bidCents: outcome.bidCents } : {}),
    errorMessages: outcome.errorMessages,
    ttl: Math.floor(input.at.getTime() / 1000) + PING_RETENTION_DAYS * 86_400,
  });
  return { pingId, ...outcome };
}

// ---------------------------------------------------------------------------------------------
// Who could take the call now

interface Subject {
  campaign: Campaign;
  pair: CampaignVendor;
  ctx: CampaignContext;
  vendor: Vendor;
  state: string;
  zip: string;
  at: Date;
}

/** Orders that could take the call but for their agent's live-transfer phone, and the reasons the others cannot. */
interface AwaitingPhones {
  agentIds: string[];
  reasons: Set<string>;
}

/**
 * Whether some order of the snapshot could take the call now, but for its agent's live-transfer phone
 * (the agents whose phone decides); otherwise the reasons (generic, distinct) why none can.
 */
function someAgentTakesCall(s: Subject, rows: readonly CandidateRow[]): string[] | AwaitingPhones {
  const liveFunds = new Map([...s.ctx.funds].filter(([, f]) => f.isLiveTransfer));
  const pairKey = `${s.campaign.campaignId}#${s.vendor.vendorId}`;
  const campaignLive = s.campaign.isLiveTransfer;
  if (liveFunds.size === 0 && !campaignLive) return [PING_REASONS.noOrder];
  // The state's Active targets taking the zip (whole state or a zip list holding it) through a live fund or the live campaign.
  const targets = rows.filter((r) => takesZip(r, s.zip) && (r.target.fundIds.some((f) => liveFunds.has(f)) || (campaignLive && r.target.campaignVendors.includes(pairKey))));
  if (targets.length === 0) return [PING_REASONS.noOrder];
  const reasons = new Set<string>();
  const agentIds = new Set<string>();
  for (const { order, owner, balance } of targets) {
    if (!balance) {
      reasons.add(PING_REASONS.orderNotActive);
      continue;
    }
    const why = refusal(s, { order, owner, liveFunds, priority: s.ctx.fundPriority });
    if (typeof why === 'string') {
      reasons.add(why);
      continue;
    }
    if (why.priceCents > balance.balanceCents + (s.vendor.allowCreditLineUse ? balance.creditLineCents : 0)) {
      reasons.add(PING_REASONS.balance);
      continue;
    }
    // The caps: what the header took in the hour, day, week and month of the agent's zone.
    const used = usedIn(order.usage, periodKeys(s.at, zoneOf(owner)));
    if (USAGE_PERIODS.some((period) => order[CAPS[period]] > 0 && used[period] >= order[CAPS[period]])) {
      reasons.add(PING_REASONS.cap);
      continue;
    }
    agentIds.add(owner.agentId);
  }
  return agentIds.size ? { agentIds: [...agentIds], reasons } : [PING_REASONS.noAgentNow, ...[...reasons].sort()];
}

/** True when one of the agents has an active live-transfer phone (one BatchGet), else no agent now with the reasons. */
async function withActivePhone(awaiting: AwaitingPhones): Promise<true | string[]> {
  const phones = await getMany(Object.fromEntries(awaiting.agentIds.map((agentId) => [agentId, LiveTransferPhone.ref({ agentId })])));
  if (Object.values(phones).some(phoneActive)) return true;
  return [PING_REASONS.noAgentNow, ...[...awaiting.reasons, PING_REASONS.noPhone].sort()];
}

const zoneOf = (p: Pick<AgentProfile, 'timeZone'>) => TIME_ZONES[isKnownTimeZone(p.timeZone) ? p.timeZone : DEFAULT_TIME_ZONE];
const phoneActive = (p: LiveTransferPhone | undefined) => p !== undefined && (p.statusPrimary === 'Active' || p.statusSecondary === 'Active');

/** Why this order cannot take the call now (its agent's phone aside), or the price its agent would pay for it. */
function refusal(
  s: Subject,
  c: { order: CandidateRow['order']; owner: CandidateRow['owner']; liveFunds: Map<string, Fund>; priority: ReadonlyMap<string, number> },
): string | { priceCents: number } {
  const { order, owner } = c;
  if (order.status !== 1) return PING_REASONS.orderNotActive;
  if (owner.status !== 1) return PING_REASONS.agentNotActive;
  if (owner.orderStatus !== 1) return PING_REASONS.orderStatusPaused;
  if (owner.liveTransferStatus !== 1) return PING_REASONS.liveTransferPaused;
  if (!scheduleCovers(order.slots, localTime(s.at, zoneOf(owner)))) return PING_REASONS.schedule;
  const type = owner.type as AgentType;
  if (order.isFundOrder) {
    const funds = order.selectedFundIds
      .map((id) => c.liveFunds.get(id))
      .filter((f): f is Fund => f !== undefined)
      .sort((a, b) => c.priority.get(a.fundId)! - c.priority.get(b.fundId)!);
    let why: string = PING_REASONS.noOrder;
    for (const fund of funds) {
      if (!fundReceivesLeads(fundState(fund), companyDay(s.at))) { why = PING_REASONS.fundClosed; continue; }
      if (!fundVisibleToAgent(fund, { agentId: owner.agentId, type }, companyDay(s.at))) { why = PING_REASONS.notOffered; continue; }
      if (fund.category !== FUND_CATEGORIES.OwnCompany && !owner.thirdPartyLeadStatus) { why = PING_REASONS.thirdPartyOff; continue; }
      const priceCents = priceForType({ captive: fund.captivePriceCents, broker: fund.brokerPriceCents }, type);
      if (priceCents <= 0) { why = PING_REASONS.noPrice; continue; }
      return { priceCents };
    }
    return why;
  }
  const c1 = s.campaign;
  if (!c1.isLiveTransfer || !order.campaigns.some((x) => x.campaignId === c1.campaignId && x.vendorIds.includes(s.vendor.vendorId))) return PING_REASONS.noOrder;
  if ((c1.channel === 'Captive' && type === 1) || (c1.channel === 'Broker' && type !== 1)) return PING_REASONS.channel;
  if (c1.category !== FUND_CATEGORIES.OwnCompany && !owner.thirdPartyLeadStatus) return PING_REASONS.thirdPartyOff;
  const priceCents = priceForType({ captive: s.pair.captivePriceCents, broker: s.pair.brokerPriceCents }, type);
  if (priceCents <= 0) return PING_REASONS.noPrice;
  return { priceCents };
}
