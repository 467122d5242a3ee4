// The order wizards' fill-rate preview (issue 12 Insights): the leads a draft order would have been
// offered over the last 4 weeks, each shared with the other active orders that could have taken it,
// as leads per week. The model (said in FILL_RATE_TEXTS.help and docs/api.md): a matching lead counts
// 1 ÷ (1 + k) for k competing orders (a shared third-party lead 3 ÷ (1 + k), at most 1); the sum ÷ 4,
// held to the caps. Agent priority, distance, balances and the competitors' caps are left out.
//
// Reads (data-model §3, fill-rate preview): the owner's profile; the catalogue's funds, campaigns,
// campaign-vendor pairs and fund links (one Query each, small partitions); per campaign the draft
// draws from, the Lead campaign-month index (#65b) newest first for the window's one or two months,
// filtered to the leads offered to orders (Sold, Unsold) and projected to the six fields the model reads, at most FILL_RATE_MAX_LEADS in all (shared
// out per campaign; a campaign past its share is scaled from the newest leads read); one open-orders
// Query (#37) per state the matching leads are in; one BatchGet of those orders' headers and owners.
import { localTime, scheduleCovers, type Slot } from '#core/leads/rules.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Campaign } from '#entities/campaign.ts';
import { CampaignVendor } from '#entities/campaign-vendor.ts';
import { CampaignVendorFund } from '#entities/campaign-vendor-fund.ts';
import { Fund } from '#entities/fund.ts';
import { Order } from '#entities/order.ts';
import { OrderTarget, type OrderTarget as OrderTargetItem } from '#entities/order-target.ts';
import { getMany, type Ref } from '#platform/entity.ts';
import { NotFound } from '#platform/errors.ts';
import { FILL_RATE_MAX_LEADS, FILL_RATE_SHARED_MAX, FILL_RATE_TEXTS, FILL_RATE_WEEKS, type FillRateDto, type FillRateInput } from '#shared/api/fill-rate.ts';
import { FUND_CATEGORIES } from '#shared/funds.ts';
import { ORDER_SERVER_MESSAGES, toDays } from '#shared/orders/order.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';
import { OFFERED_STATUSES, recentLeads, type ReplayLead } from '../leads/recent-leads.ts';

const DAY_MS = 86_400_000;
/** Each campaign read gets at least this many leads of the bound, however many campaigns a draft has. */
const MIN_LEADS_PER_CAMPAIGN = 200;

// ---------------------------------------------------------------------------------------------
// The pure model

/** What the preview judges of a draft, in one shape for both flows. */
export interface PreviewDraft {
  orderId?: string | undefined;
  fundIds: readonly string[];
  /** Campaign flow: the chosen campaigns with their vendors. */
  campaigns: readonly { campaignId: string; vendorIds: readonly string[] }[];
  statesOnly: boolean;
  states: readonly string[];
  zips: ReadonlySet<string>;
  slots: readonly Slot[];
  caps: { maxPerHour: number; maxPerDay: number; maxPerWeek: number; maxPerMonth: number };
  /** The owner's IANA zone: the schedule is the agent's local time, as the engine judges it. */
  zone: string;
}

/** Where a lead came from and when, as the preview needs it. */
export type SupplyLead = Pick<ReplayLead, 'at' | 'campaignId' | 'vendorId' | 'stateCode' | 'zipCode'>;

/** Funds by campaign-vendor pair (`{campaignId}#{vendorId}`), active links only. */
export type PairFunds = ReadonlyMap<string, ReadonlySet<string>>;

export const pairKey = (campaignId: string, vendorId: string) => `${campaignId}#${vendorId}`;

/** The funds a lead comes through: its pair's, or for a form lead (no vendor) every pair's of its campaign. */
export function fundsOfLead(lead: SupplyLead, pairFunds: PairFunds): Set<string> {
  if (lead.vendorId) return new Set(pairFunds.get(pairKey(lead.campaignId, lead.vendorId)) ?? []);
  const out = new Set<string>();
  for (const [pair, funds] of pairFunds) if (pair.startsWith(`${lead.campaignId}#`)) for (const f of funds) out.add(f);
  return out;
}

/** The draft would have been offered the lead: its source, its place and its time in the owner's zone. */
export function draftTakes(draft: PreviewDraft, lead: SupplyLead, pairFunds: PairFunds): boolean {
  if (draft.statesOnly ? !draft.states.includes(lead.stateCode) : !draft.zips.has(lead.zipCode)) return false;
  if (draft.fundIds.length > 0) {
    const funds = fundsOfLead(lead, pairFunds);
    if (!draft.fundIds.some((f) => funds.has(f))) return false;
  } else {
    const choice = draft.campaigns.find((c) => c.campaignId === lead.campaignId);
    if (!choice || (lead.vendorId !== undefined && !choice.vendorIds.includes(lead.vendorId))) return false;
  }
  return scheduleCovers(draft.slots, localTime(new Date(lead.at), draft.zone));
}

/** A competing active order as the engine's open-orders index and ranking read it. */
export interface Competitor {
  target: Pick<OrderTargetItem, 'orderId' | 'state' | 'zips' | 'fundIds' | 'campaignVendors'>;
  slots: readonly Slot[];
  zone: string;
}

/** The competitor could have taken the lead: its state and zips, its funds or pairs, its schedule. */
export function competitorTakes(c: Competitor, lead: SupplyLead, leadFunds: ReadonlySet<string>): boolean {
  const t = c.target;
  if (t.state !== lead.stateCode || (t.zips.length > 0 && !t.zips.includes(lead.zipCode))) return false;
  const source =
    t.fundIds.some((f) => leadFunds.has(f)) ||
    t.campaignVendors.some((cv) => (lead.vendorId ? cv === pairKey(lead.campaignId, lead.vendorId) : cv.startsWith(`${lead.campaignId}#`)));
  return source && scheduleCovers(c.slots, localTime(new Date(lead.at), c.zone));
}

/** This order's part of one lead when k other orders could take it too. */
export const leadShare = (competing: number, shared: boolean): number => Math.min(1, (shared ? FILL_RATE_SHARED_MAX : 1) / (1 + competing));

/** The most the caps let through in a week (weekly, daily × 7, monthly × 7 ÷ 30); Infinity without caps. */
export function weeklyCap(caps: PreviewDraft['caps']): number {
  const limits = [caps.maxPerWeek, caps.maxPerDay * 7, (caps.maxPerMonth * 7) / 30].filter((n) => n > 0);
  return limits.length ? Math.min(...limits) : Number.POSITIVE_INFINITY;
}

export const oneDecimal = (n: number) => Math.round(n * 10) / 10;

export interface Estimate {
  perWeek: number;
  uncapped: number;
  matching: number;
  competing: number;
}

/**
 * The estimate from the matching leads (each with its weight: 1, or the scale of a sampled read) and
 * the competing orders that could take each.
 */
export function estimateWeekly(
  matched: readonly { lead: SupplyLead; weight: number; shared: boolean; competitors: readonly string[] }[],
  caps: PreviewDraft['caps'],
  weeks = FILL_RATE_WEEKS,
): Estimate {
  let sum = 0;
  let matching = 0;
  const competing = new Set<string>();
  for (const m of matched) {
    sum += m.weight * leadShare(m.competitors.length, m.shared);
    matching += m.weight;
    for (const id of m.competitors) competing.add(id);
  }
  const uncapped = sum / weeks;
  return { perWeek: Math.min(uncapped, weeklyCap(caps)), uncapped, matching: Math.round(matching), competing: competing.size };
}

// ---------------------------------------------------------------------------------------------
// Reads

const zoneOf = (p: AgentProfile | undefined) => TIME_ZONES[isKnownTimeZone(p?.timeZone) ? p.timeZone : DEFAULT_TIME_ZONE];

export function previewDraftOf(body: FillRateInput, zone: string): PreviewDraft {
  const slots =
    body.Flow === 'fund'
      ? body.OrderTimeSlots.map((s) => ({ start: s.StartSlot, end: s.EndSlot, days: s.Days }))
      : body.OrderTimeSlots.map((s) => ({ start: s.StartSlot, end: s.EndSlot, days: toDays(s) }));
  return {
    orderId: body.OrderId,
    fundIds: body.Flow === 'fund' ? body.SelectedFunds : [],
    campaigns: body.Flow === 'campaign' ? body.Campaigns.map((c) => ({ campaignId: c.CampaignId, vendorIds: c.VendorIds })) : [],
    statesOnly: body.StatesOnly,
    states: body.States.map((s) => s.StateAbbreviation),
    zips: new Set(body.ZipCodes.flatMap((g) => g.ZipCodes.map((z) => z.ZipCode))),
    // A slot still missing a time covers nothing (the wizard will not save it either).
    slots: slots.flatMap((s) => (s.start === null || s.end === null || s.end <= s.start ? [] : [{ startSlot: s.start, endSlot: s.end, days: s.days }])),
    caps: { maxPerHour: body.MaxPerHour, maxPerDay: body.MaxPerDay, maxPerWeek: body.MaxPerWeek, maxPerMonth: body.MaxPerMonth },
    zone,
  };
}

export async function previewFillRate(agentId: string, body: FillRateInput, now = new Date(), max = FILL_RATE_MAX_LEADS): Promise<FillRateDto> {
  const to = now.toISOString();
  const fromMs = now.getTime() - FILL_RATE_WEEKS * 7 * DAY_MS;
  const from = new Date(fromMs).toISOString();
  const [owner, funds, campaigns, pairs, links] = await Promise.all([
    AgentProfile.get({ agentId }),
    Fund.query.byName().all(),
    Campaign.query.byName().all(),
    CampaignVendor.query.all().all(),
    CampaignVendorFund.query.all().all(),
  ]);
  if (!owner) throw new NotFound(ORDER_SERVER_MESSAGES.agentNotFound);
  const draft = previewDraftOf(body, zoneOf(owner));

  const pairOfId = new Map(pairs.map((p) => [p.campaignVendorId, pairKey(p.campaignId, p.vendorId)]));
  const pairFunds = new Map<string, Set<string>>();
  for (const l of links) {
    const pair = pairOfId.get(l.campaignVendorId);
    if (!pair || !l.isActive) continue;
    (pairFunds.get(pair) ?? pairFunds.set(pair, new Set()).get(pair)!).add(l.fundId);
  }
  const fundById = new Map(funds.map((f) => [f.fundId, f]));
  const campaignById = new Map(campaigns.map((c) => [c.campaignId, c]));

  // The campaigns whose leads the draft draws from.
  const sources = new Set<string>();
  if (draft.fundIds.length > 0) {
    for (const [pair, fs] of pairFunds) if (draft.fundIds.some((f) => fs.has(f))) sources.add(pair.slice(0, pair.indexOf('#')));
  } else for (const c of draft.campaigns) sources.add(c.campaignId);

  const budget = Math.max(MIN_LEADS_PER_CAMPAIGN, Math.floor(max / Math.max(1, sources.size)));
  const reads = await Promise.all([...sources].map((campaignId) => recentLeads({ from, to, campaignId, max: budget, statuses: OFFERED_STATUSES })));
  let read = 0;
  let sampled = false;
  const matches: { lead: ReplayLead; weight: number; shared: boolean }[] = [];
  for (const r of reads) {
    read += r.leads.length;
    // A campaign read past its share: its newest leads stand for the whole window.
    const oldest = r.leads.at(-1);
    const weight = r.stopped && oldest ? (now.getTime() - fromMs) / Math.max(DAY_MS / 24, now.getTime() - Date.parse(oldest.at)) : 1;
    if (r.stopped) sampled = true;
    for (const lead of r.leads) {
      if (!draftTakes(draft, lead, pairFunds)) continue;
      const shared =
        draft.fundIds.length > 0
          ? [...fundsOfLead(lead, pairFunds)].some((f) => draft.fundIds.includes(f) && fundById.get(f)?.category === FUND_CATEGORIES.ThirdPartyShared)
          : campaignById.get(lead.campaignId)?.category === FUND_CATEGORIES.ThirdPartyShared;
      matches.push({ lead, weight, shared });
    }
  }

  const competitors = await competitorsIn(new Set(matches.map((m) => m.lead.stateCode)), draft.orderId);
  const judged = matches.map((m) => {
    const leadFunds = fundsOfLead(m.lead, pairFunds);
    return { ...m, competitors: competitors.filter((c) => competitorTakes(c, m.lead, leadFunds)).map((c) => c.target.orderId) };
  });
  const e = estimateWeekly(judged, draft.caps);
  const perWeek = oneDecimal(e.perWeek);
  const hasHistory = matches.length > 0;
  const shown = String(perWeek);
  const basis = hasHistory
    ? [FILL_RATE_TEXTS.basis(shown, e.matching, e.competing), ...(e.perWeek < e.uncapped ? [FILL_RATE_TEXTS.capped(shown)] : []), ...(sampled ? [FILL_RATE_TEXTS.sampled(read)] : [])].join('. ')
    : FILL_RATE_TEXTS.noHistory;
  return {
    LeadsPerWeek: perWeek,
    UncappedLeadsPerWeek: oneDecimal(e.uncapped),
    MatchingLeads: e.matching,
    CompetingOrders: e.competing,
    HasHistory: hasHistory,
    Sampled: sampled,
    LeadsRead: read,
    From: from,
    To: to,
    Basis: basis,
  };
}

/** The active orders of these states other than the draft's own, with their schedules and owners' zones. */
async function competitorsIn(states: ReadonlySet<string>, ownOrderId: string | undefined): Promise<Competitor[]> {
  const targets = (await Promise.all([...states].map((s) => OrderTarget.query.openInState(s).all()))).flat().filter((t) => t.orderId !== ownOrderId);
  if (targets.length === 0) return [];
  const refs: Record<string, Ref<unknown>> = {};
  for (const t of targets) {
    refs[`o:${t.orderId}`] = Order.ref({ orderId: t.orderId });
    refs[`p:${t.agentId}`] = AgentProfile.ref({ agentId: t.agentId });
  }
  const found = (await getMany(refs)) as Record<string, unknown>;
  const out: Competitor[] = [];
  for (const t of targets) {
    const order = found[`o:${t.orderId}`] as Order | undefined;
    const owner = found[`p:${t.agentId}`] as AgentProfile | undefined;
    // The engine passes over orders that are not Active and agents not active or with orders off.
    if (!order || order.status !== 1 || !owner || owner.status !== 1 || owner.orderStatus !== 1) continue;
    out.push({ target: t, slots: order.slots, zone: zoneOf(owner) });
  }
  return out;
}
