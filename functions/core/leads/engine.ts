// The lead engine's pipeline behind `intakeLead` (intake.ts): criteria → dedupe → routing rule →
// order matching → charging, once per source id. Reads per decision: the idempotency record (GetItem),
// the campaign's catalogue (cached in the Lambda for 30 s), the Lead's phone and e-mail indexes (one
// Query each, dedupe.ts), the routing rules (cached) and a rule's sequence (one ADD per 20 leads), a lead number (one ADD per 20 leads),
// the open-orders index of the lead's state (one Query, filtered in memory), the candidates' headers,
// owners and balances for ranking, then one consistent BatchGet per three ranked candidates (header
// with its usage, the target of the lead's state, owner, balance, split recipients) until one buys; then one TransactWriteItems per
// sale (data-model §4.3). The open-orders lists and the ranking reads are kept in the Lambda: for
// minutes while the change log is followed (candidate-changes.ts, #37b: an edit, a top-up or a status
// change drops what was kept of it within a second or two), else for 5 s (read again in the background
// up to 15 s).
// Around it: the same-phone lock in the lead's transaction (dedupe-lock.ts), the first retry of an
// unsold lead in the same transaction (lead-retry.ts; `retryLead` runs it later), and the LeadArrived
// and LeadSold events after the decision (lead-events.ts).
import { randomUUID } from 'node:crypto';
import { findZip, zipIndex } from '#core/address/zip-lookup.ts';
import { distanceMiles } from '#core/address/geo.ts';
import { debitItems, isStaleBalance } from '#core/money/ledger.ts';
import { orderRules } from '#core/routing/routing-rules.ts';
import { periodKeys, usageWithOneMore, usedIn } from '#core/orders/periods.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Balance } from '#entities/balance.ts';
import { Campaign } from '#entities/campaign.ts';
import { CampaignValidation } from '#entities/campaign-validation.ts';
import { CampaignVendor } from '#entities/campaign-vendor.ts';
import { CampaignVendorFund } from '#entities/campaign-vendor-fund.ts';
import { ContractMap } from '#entities/contract-map.ts';
import { nextCounterValueFromBlock } from '#entities/counter.ts';
import { Fund } from '#entities/fund.ts';
import { Lead, type Lead as LeadItem } from '#entities/lead.ts';
import { LeadSale } from '#entities/lead-sale.ts';
import { Order, USAGE_PERIODS, type Order as OrderItem, type OrderUsage, type UsagePeriod } from '#entities/order.ts';
import { OrderTarget, type OrderTarget as OrderTargetItem } from '#entities/order-target.ts';
import { RoutingRule } from '#entities/routing-rule.ts';
import { Vendor } from '#entities/vendor.ts';
import { DEDUPE_LOCK_SECONDS, DedupeLock } from '#entities/dedupe-lock.ts';
import { LeadRetry, type LeadRetry as LeadRetryItem } from '#entities/lead-retry.ts';
import { findIdempotent, sleep, transactWrite, TransactionConflict, updateReturning, type TxItem } from '#platform/db.ts';
import { tableName } from '#platform/dynamo.ts';
import { getMany, type Ref } from '#platform/entity.ts';
import { Conflict, InsufficientFunds } from '#platform/errors.ts';
import { FUND_CATEGORIES, fundVisibleToAgent, priceForType, type AgentType } from '#shared/funds.ts';
import { fundReceivesLeads } from '#shared/orders/step-funds.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';
import { companyDay, fundState } from '#core/orders/catalogue.ts';
import type { IntakeLeadInput, IntakeOutcome, IntakeResultKind } from './lead-input.ts';
import { ChangeFollower } from './candidate-changes.ts';
import { contactsSince, dedupes, inDedupeScope } from './dedupe.ts';
import { providers } from './providers.ts';
import type { SaleFact } from './lead-events.ts';
import { criteriaMessages, CRITERIA_MESSAGES, lineOfBusinessName, localTime, pickRecipient, ruleFor, scheduleCovers, toCallCenter } from './rules.ts';

/** A shared third-party lead sells to at most this many different agents. */
export const SHARED_LEAD_MAX_AGENTS = 3;
const CACHE_MS = 30_000;
/** Lead numbers are taken from the counter 20 at a time per Lambda: one write per 20 leads, not per lead. */
const LEAD_NUMBER_BLOCK = 20;
const ATTEMPTS_PER_CANDIDATE = 8;

export const RESULT_REASONS = {
  campaignClosed: 'The campaign is not accepting leads.',
  notOnCampaign: 'The vendor is not on this campaign.',
  duplicate: (days: number) => `The same phone or e-mail arrived within ${days} days.`,
  callCenter: (list: string) => `Routed to the call center${list ? ` (list ${list})` : ''}.`,
  noCandidate: 'No active order takes this lead now.',
} as const;

// ---------------------------------------------------------------------------------------------
// Catalogue of a campaign (small, read rarely changed: cached briefly in the Lambda)

interface CampaignContext {
  campaign: Campaign;
  validation?: CampaignValidation;
  vendor?: Vendor;
  /** The campaign-vendor pairs this lead comes through (the vendor's, or every pair of a form lead's campaign). */
  pairs: CampaignVendor[];
  /** Funds holding a pair, with the best (lowest) makeup priority of the link. */
  fundPriority: Map<string, number>;
  funds: Map<string, Fund>;
  callCenterList: string;
}

const cache = new Map<string, { at: number; value: Promise<unknown> }>();
function cached<T>(key: string, load: () => Promise<T>, ttlMs = CACHE_MS): Promise<T> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { at: Date.now(), value });
  value.catch(() => cache.delete(key));
  return value;
}

/** Reads the change log now (#37b); resolves once every change committed before the call has dropped what it changed. */
export function followCandidateChanges(): Promise<void> {
  return follower.pollNow();
}

/** Tests that change the catalogue between posts start from fresh reads. */
export function clearLeadEngineCache(): void {
  cache.clear();
  routeBlocks.clear();
  follower.reset();
  targetsDropped.clear();
  orderCache.clear();
  profileCache.clear();
  fullCaps.clear();
  balanceSeen.clear();
}

async function campaignContext(campaignId: string, vendorId: string | undefined): Promise<CampaignContext | undefined> {
  return cached(`campaign:${campaignId}:${vendorId ?? ''}`, async () => {
    const { campaign, validation, vendor } = await getMany({
      campaign: Campaign.ref({ campaignId }),
      validation: CampaignValidation.ref({ campaignId }),
      ...(vendorId ? { vendor: Vendor.ref({ vendorId }) } : {}),
    } as { campaign: Ref<Campaign>; validation: Ref<CampaignValidation>; vendor?: Ref<Vendor> });
    if (!campaign) return undefined;
    const all = await CampaignVendor.query.ofCampaign(campaignId).all();
    const pairs = vendorId ? all.filter((p) => p.vendorId === vendorId) : all;
    const links = (await Promise.all(pairs.map((p) => CampaignVendorFund.query.ofCampaignVendor(p.campaignVendorId).all()))).flat().filter((l) => l.isActive);
    const fundPriority = new Map<string, number>();
    for (const l of links) fundPriority.set(l.fundId, Math.min(l.priority, fundPriority.get(l.fundId) ?? Infinity));
    const found = await getMany(Object.fromEntries([...fundPriority.keys()].map((fundId) => [fundId, Fund.ref({ fundId })])));
    const funds = new Map(Object.entries(found).flatMap(([id, f]) => (f ? [[id, f] as const] : [])));
    const contracts = await cached('contracts', () => ContractMap.query.all().all());
    const callCenterList = contracts.find((c) => c.campaignId === campaignId && c.f9List)?.f9List ?? '';
    return { campaign, ...(validation ? { validation } : {}), ...(vendor ? { vendor } : {}), pairs, fundPriority, funds, callCenterList };
  });
}

// ---------------------------------------------------------------------------------------------
// The pipeline

const idempotencyKeyOf = (input: IntakeLeadInput) => `lead:${input.vendorId ?? 'form'}:${input.sourceId}`;

type Stored = { leadId: string; userFacingLeadId: number; result: IntakeResultKind; reasons?: string[] };

/**
 * Decides a lead and stores the outcome. Its domain events (LeadArrived, LeadSold) are not published
 * here: the projector publishes them from the stored lead and sales (functions/core/views/lead-events-view.ts).
 */
export async function intakeLead(input: IntakeLeadInput): Promise<IntakeOutcome> {
  const at = input.at ?? new Date();
  const key = idempotencyKeyOf(input);
  // Side by side from the start: the idempotency record, the catalogue (cached) and the open orders of
  // the lead's state (cached briefly). A replay is answered before anything is written.
  const firstRead = findIdempotent(key);
  firstRead.catch(() => undefined);
  const targetsRead = openTargets(input.lead.stateCode, input.lead.zipCode);
  targetsRead.catch(() => undefined);
  const replay = async () => {
    const first = await firstRead;
    return first ? ({ status: 'accepted', ...(first.storedResult as Stored), replayed: true } as const) : undefined;
  };
  const ctx = await campaignContext(input.campaignId, input.vendorId);
  if (!ctx) return (await replay()) ?? { status: 'invalid', errorMessages: ['CampaignCode is not a campaign.'] };

  // Criteria: the campaign's validation, the zip's state, the eBureau minimum (nothing is stored on a 400).
  const errors = criteriaMessages(input.lead, ctx.validation, at, { formLead: input.source === 'publicForm' });
  const place = await findZip(input.lead.zipCode);
  if (!place || place.state !== input.lead.stateCode) errors.push(CRITERIA_MESSAGES.zipNotInState);
  const pair = ctx.pairs[0];
  const minScore = pair?.checkEbureau && pair.minScore > 0 ? pair.minScore : ctx.campaign.checkEbureau ? ctx.campaign.minScore : 0;
  if (minScore > 0) {
    const score = await providers.scoring().score(input.lead);
    if (score < minScore) errors.push(CRITERIA_MESSAGES.score(score, minScore));
  }
  if (errors.length) return (await replay()) ?? { status: 'invalid', errorMessages: errors };

  const leadId = randomUUID();
  // Side by side: the replay check, the lead's number and the dedupe look-up (a number taken for a lead
  // that then turns out unsold or a duplicate is still its number; a crash or a replay leaves a gap).
  const [replayed, userFacingLeadId, duplicate] = await Promise.all([replay(), nextCounterValueFromBlock('LEAD_NUMBER', 100_000, LEAD_NUMBER_BLOCK), isDuplicate(input, ctx.campaign, at)]);
  if (replayed) return replayed;
  const base = leadBase(input, ctx, leadId, userFacingLeadId, at);
  const finish = (lead: LeadItem, result: IntakeResultKind) => storeUnsold(lead, result, key, ctx.campaign);

  if (!campaignOpen(ctx.campaign, at)) return finish({ ...base, leadStatus: 'Rejected', reasons: [RESULT_REASONS.campaignClosed] }, 'rejected');
  if (input.vendorId && ctx.pairs.length === 0) return finish({ ...base, leadStatus: 'Rejected', reasons: [RESULT_REASONS.notOnCampaign] }, 'rejected');

  if (duplicate) return finish({ ...base, leadStatus: 'Duplicate', reasons: [RESULT_REASONS.duplicate(ctx.campaign.dedupeDays)] }, 'duplicate');

  const route = await routeLead(input, ctx);
  return routeAndSell(input, ctx, route, { base, key, leadId, userFacingLeadId, place, at, targetsRead });
}

async function routeAndSell(
  input: IntakeLeadInput,
  ctx: CampaignContext,
  route: { ruleId: string; to: 'callCenter' | 'post' } | undefined,
  d: { base: LeadItem; key: string; leadId: string; userFacingLeadId: number; place: Awaited<ReturnType<typeof findZip>>; at: Date; targetsRead: Promise<OpenTargets> },
): Promise<IntakeOutcome> {
  const { base, key, leadId, userFacingLeadId, place, at, targetsRead } = d;
  const finish = (lead: LeadItem, result: IntakeResultKind) => storeUnsold(lead, result, key, ctx.campaign);
  if (route?.to === 'callCenter') {
    const lead: LeadItem = { ...base, leadStatus: 'CallCenter', ruleId: route.ruleId, routedTo: 'callCenter', callCenterList: ctx.callCenterList, reasons: [RESULT_REASONS.callCenter(ctx.callCenterList)] };
    const outcome = await finish(lead, 'unsold');
    if (outcome.status === 'accepted' && !outcome.replayed && outcome.result !== 'duplicate')
      await providers.dialer().add(ctx.callCenterList, { leadId, userFacingLeadId, firstName: lead.firstName, lastName: lead.lastName, primaryPhone: lead.primaryPhone, stateCode: lead.stateCode, zipCode: lead.zipCode, campaignId: lead.campaignId, at: lead.at });
    return outcome;
  }
  const routed: LeadItem = { ...base, ...(route ? { ruleId: route.ruleId, routedTo: 'post' as const } : {}) };
  return sell(routed, ctx, { kind: 'new', key }, place, at, await targetsRead);
}

// ---------------------------------------------------------------------------------------------
// Retries (Campaign MaxRetries, RetryInterval): the leadRetry job hands each due retry here

export type RetryResult = 'sold' | 'unsold' | 'skipped';

/**
 * Runs matching again for a stored unsold lead: no criteria, dedupe or routing again (they were
 * decided when it arrived), candidates judged at `now`. Idempotent: the sale changes the lead only
 * while it is still Unsold, and takes the retry item with it; a retry whose lead was decided
 * meanwhile (or that another run took) only goes away. Each attempt is noted in the lead's reasons
 * and its candidates appended to the trace.
 */
export async function retryLead(retry: LeadRetryItem, now = new Date()): Promise<RetryResult> {
  const lead = await Lead.get({ leadId: retry.leadId }, { consistent: true });
  const ctx = lead ? await campaignContext(lead.campaignId, lead.vendorId) : undefined;
  if (!lead || !ctx || lead.leadStatus !== 'Unsold' || lead.saleCount > 0) {
    await LeadRetry.delete(retry).catch(() => undefined);
    return 'skipped';
  }
  const note = `Retry ${retry.attempt} of ${retry.maxRetries} at ${now.toISOString()}`;
  // A campaign closed meanwhile sells nothing more: the attempt is noted and the retries run out.
  const [place, open] = await Promise.all([findZip(lead.zipCode), campaignOpen(ctx.campaign, now) ? openTargets(lead.stateCode, lead.zipCode) : Promise.resolve({ targets: [], fromCache: false })]);
  const outcome = await sell(lead, ctx, { kind: 'retry', retry, note }, place, now, open);
  if (outcome.status !== 'accepted' || outcome.replayed) return 'skipped';
  return outcome.result === 'sold' ? 'sold' : 'unsold';
}

/** The campaign takes leads on the company's day of `at` (Active, within its start and end dates). */
function campaignOpen(campaign: Campaign, at: Date): boolean {
  const today = companyDay(at);
  return campaign.status === 1 && campaign.startDate.slice(0, 10) <= today && campaign.endDate.slice(0, 10) >= today;
}

/**
 * The open-orders index of a state (#37): the Active orders' targets there that take the zip (the
 * whole state, or a zip list holding it), one Query; the filter keeps other zip lists off the wire.
 */
function openTargets(state: string, zip: string, opts: { fresh?: boolean } = {}): Promise<OpenTargets> {
  // The state's whole list is kept for TARGETS_CACHE_MS and filtered by zip here: a decision only takes
  // candidates from it, and each sale judges the target read fresh and holds the header to the revision
  // that target was written at (orderUpdate), so an order
  // that left the state or the zip meanwhile never gets the lead; a lead that the kept list leaves
  // unsold is decided again on a fresh one (sell), so an order that just arrived is not missed.
  const name = `targets:${state}`;
  const hit = cache.get(name);
  const keptFor = hit ? targetsKeptFor(state, hit.at) : TARGETS_CACHE_MS;
  const fromCache = !opts.fresh && hit !== undefined && Date.now() - hit.at < keptFor;
  if (opts.fresh) cache.delete(name);
  return cached(name, () => OrderTarget.query.openInState(state).all(), keptFor).then((all) => ({ targets: all.filter((t) => t.zips.length === 0 || t.zips.includes(zip)), fromCache }));
}

/**
 * How long a state's list read at `readAt` is used: minutes while the change log vouches for it, but
 * only TARGETS_CACHE_MS when it was read within GSI_SETTLE_MS of an order change in the state (the
 * index is updated a moment after the table, and a read then may miss the change).
 */
function targetsKeptFor(state: string, readAt: number): number {
  return follower.vouchesFor(readAt) && readAt - (targetsDropped.get(state) ?? -Infinity) > GSI_SETTLE_MS ? KEPT_WHILE_FOLLOWED_MS : TARGETS_CACHE_MS;
}
const GSI_SETTLE_MS = 5_000;
/** When an order change last dropped each state's list. */
const targetsDropped = new Map<string, number>();

interface OpenTargets {
  targets: OrderTargetItem[];
  /** Served from the kept list rather than read now. */
  fromCache: boolean;
}

/** How long a state's open-orders list is reused (the Query returns every open order of the state). */
const TARGETS_CACHE_MS = 5_000;

/**
 * The sale's check that the order's target still takes the lead's state and zip, for a target written
 * before targets carried their header's revision (a later save or status change gives it one).
 */
function targetCheck(orderId: string, state: string, zip: string): TxItem {
  return OrderTarget.checkTx(
    { orderId, state },
    { expression: '#active = :true AND (size(zips) = :none OR contains(zips, :zip))', names: { '#active': 'active' }, values: { ':true': true, ':none': 0, ':zip': zip } },
    () => new Refused(GEOGRAPHY_MOVED),
  );
}

function leadBase(input: IntakeLeadInput, ctx: CampaignContext, leadId: string, userFacingLeadId: number, at: Date): LeadItem {
  const l = input.lead;
  const opt = <K extends string, V>(k: K, v: V | undefined) => (v === undefined || v === '' ? {} : ({ [k]: v } as Record<K, V>));
  return {
    leadId,
    userFacingLeadId,
    at: at.toISOString(),
    source: input.source,
    sourceId: input.sourceId,
    campaignId: ctx.campaign.campaignId,
    campaignName: ctx.campaign.name,
    ...opt('vendorId', ctx.vendor?.vendorId),
    ...opt('vendorName', ctx.vendor?.name),
    firstName: l.firstName,
    lastName: l.lastName,
    ...opt('email', l.email),
    primaryPhone: l.primaryPhone.replace(/\D/g, ''),
    ...opt('address1', l.address1),
    ...opt('city', l.city),
    stateCode: l.stateCode,
    zipCode: l.zipCode,
    ...opt('birthDate', l.birthDate),
    ...opt('gender', l.gender),
    ...opt('score', l.score),
    ...opt('universalLeadId', l.universalLeadId),
    ...opt('affiliateCode', l.affiliateCode),
    ...opt('businessEmail', l.businessEmail),
    ...opt('notes', l.notes),
    consent: { text: input.consent.text, at: input.consent.at, ip: input.consent.ip, pageUrl: input.consent.pageUrl, ...opt('certificateUrl', input.consent.certificateUrl) },
    leadStatus: 'Unsold',
    reasons: [],
    saleCount: 0,
    maxSales: 1,
    trace: [],
    allowDisputes: ctx.campaign.allowDisputes && (ctx.vendor?.allowDisputes ?? true),
  };
}

/**
 * The items written with every stored lead for dedupe: the phone's short-lived lock in the campaign's
 * dedupe scope (a same-phone lead in the same moment fails on it and is stored as a Duplicate). The
 * lead itself is what later leads find, by its phone and e-mail indexes (dedupe.ts).
 */
function leadIndexItems(lead: LeadItem, campaign: Campaign): TxItem[] {
  return dedupeLockTx(lead, campaign);
}

/** A lead that lost the same-phone race: another lead with its phone was stored a moment before. */
class DuplicateRace extends Conflict {
  constructor() {
    super('A lead with the same phone was stored a moment before.');
  }
}

/** The dedupe scope's part of the lock key, or none when the campaign does not dedupe. */
function dedupeScopeKey(campaign: Campaign, vendorId: string | undefined): string | undefined {
  if (campaign.dedupeScope === 'None' || campaign.dedupeDays <= 0) return undefined;
  switch (campaign.dedupeScope) {
    case 'All':
      return 'ALL';
    case 'Campaign':
      return `C#${campaign.campaignId}`;
    case 'Vendor':
      return `V#${vendorId ?? '-'}`;
    case 'CampaignVendor':
      return `CV#${campaign.campaignId}#${vendorId ?? '-'}`;
  }
}

function dedupeLockTx(lead: LeadItem, campaign: Campaign): TxItem[] {
  const scope = dedupeScopeKey(campaign, lead.vendorId);
  if (!scope || !lead.primaryPhone) return [];
  const now = Math.floor(Date.now() / 1000);
  return [
    DedupeLock.putTx(
      { phone: lead.primaryPhone, scope, leadId: lead.leadId, expiresAt: now + DEDUPE_LOCK_SECONDS, ttl: now + DEDUPE_LOCK_SECONDS + 3600 },
      { condition: { expression: 'attribute_not_exists(pk) OR expiresAt < :lockNow', values: { ':lockNow': now } }, orFail: () => new DuplicateRace() },
    ),
  ];
}

/** The first retry of an unsold lead, when its campaign retries (MaxRetries, RetryInterval minutes). */
function firstRetryTx(lead: LeadItem, campaign: Campaign): TxItem[] {
  if (lead.leadStatus !== 'Unsold' || campaign.maxRetries <= 0) return [];
  const intervalMinutes = Math.max(1, campaign.retryIntervalMinutes);
  const dueAt = new Date(Math.max(Date.parse(lead.at), Date.now()) + intervalMinutes * 60_000).toISOString();
  return [LeadRetry.createTx({ leadId: lead.leadId, dueAt, attempt: 1, maxRetries: campaign.maxRetries, intervalMinutes })];
}

const resultOf = (lead: LeadItem, result: IntakeResultKind): Stored => ({
  leadId: lead.leadId,
  userFacingLeadId: lead.userFacingLeadId,
  result,
  ...(lead.reasons.length ? { reasons: lead.reasons } : {}),
});

/**
 * A lead that was not sold: the lead, its index items, its first retry (an unsold lead of a campaign
 * that retries) and the idempotency record in one transaction. One that loses the same-phone race is
 * stored as a Duplicate instead.
 */
async function storeUnsold(lead: LeadItem, result: IntakeResultKind, key: string, campaign: Campaign): Promise<IntakeOutcome> {
  const stored = resultOf(lead, result);
  // A duplicate is not indexed by phone and e-mail: the dedupe window runs from the first lead.
  const indexed = lead.leadStatus === 'Duplicate' ? [] : leadIndexItems(lead, campaign);
  let outcome;
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        outcome = await transactWrite([Lead.createTx(lead), ...indexed, ...firstRetryTx(lead, campaign)], { idempotencyKey: key, result: stored });
        break;
      } catch (err) {
        if (!(err instanceof TransactionConflict) || attempt >= ATTEMPTS_PER_CANDIDATE) throw err;
        await sleep(Math.random() * Math.min(100, 5 * 2 ** attempt));
      }
    }
  } catch (err) {
    if (!(err instanceof DuplicateRace)) throw err;
    const duplicate: LeadItem = { ...lead, leadStatus: 'Duplicate', routedTo: undefined, callCenterList: undefined, reasons: [RESULT_REASONS.duplicate(campaign.dedupeDays)] };
    return storeUnsold(stripUndefined(duplicate), 'duplicate', key, campaign);
  }
  if (outcome.status === 'duplicate') return { status: 'accepted', ...(outcome.storedResult as Stored), replayed: true };
  return { status: 'accepted', ...stored, replayed: false };
}

const stripUndefined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

// ---------------------------------------------------------------------------------------------
// Dedupe (#67): the earlier leads with the phone or e-mail within DedupeDays, judged by the campaign's scope (dedupe.ts)

async function isDuplicate(input: IntakeLeadInput, campaign: Campaign, at: Date): Promise<boolean> {
  if (!dedupes(campaign)) return false;
  const from = new Date(at.getTime() - campaign.dedupeDays * 86_400_000).toISOString();
  const seen = await contactsSince(input.lead.primaryPhone.replace(/\D/g, ''), input.lead.email, from);
  return seen.some((s) => inDedupeScope(s, campaign, input.vendorId));
}

// ---------------------------------------------------------------------------------------------
// Routing rule: the first matching rule's n-th lead goes to the call center or the post target

/** Sequence numbers of a rule a Lambda takes at once (one ADD of the rule's `routeSeq` per block). */
const ROUTE_BLOCK = 20;
/** The block of each rule this Lambda numbers its leads from, by table and rule (or the ADD taking it). */
const routeBlocks = new Map<string, { next: number; end: number } | Promise<void>>();

/**
 * The rule's next sequence number from this Lambda's block: numbers are handed out once (the block is
 * one atomic ADD of ROUTE_BLOCK), so the split of each block's leads is exact as the whole sequence
 * was, and the rule's item takes one write per ROUTE_BLOCK leads instead of two per lead. A block
 * left unused in part (a Lambda gone) skews the total by less than one lead per such block.
 */
async function nextRouteSeq(ruleId: string): Promise<number> {
  const key = `${tableName()}#${ruleId}`;
  for (;;) {
    const block = routeBlocks.get(key);
    if (block instanceof Promise) {
      await block;
      continue;
    }
    if (block && block.next <= block.end) return block.next++;
    const taking = updateReturning(RoutingRule.key({ ruleId }), { expression: 'ADD routeSeq :block', values: { ':block': ROUTE_BLOCK } }, { expression: 'attribute_exists(pk)' })
      .then((answer) => {
        const end = Number(answer.routeSeq);
        routeBlocks.set(key, { next: end - ROUTE_BLOCK + 1, end });
      });
    routeBlocks.set(key, taking);
    try {
      await taking;
    } catch (err) {
      routeBlocks.delete(key);
      throw err;
    }
  }
}

async function routeLead(input: IntakeLeadInput, ctx: CampaignContext): Promise<{ ruleId: string; to: 'callCenter' | 'post' } | undefined> {
  const rules = await cached('rules', async () => orderRules(await RoutingRule.query.all().all()));
  const rule = ruleFor(rules, { zipCode: input.lead.zipCode, stateCode: input.lead.stateCode, lineOfBusiness: lineOfBusinessName(ctx.campaign.lob), campaignId: ctx.campaign.campaignId });
  if (!rule) return undefined;
  // The current percentages decide the n-th lead; the shown counts follow from the stored lead's
  // `ruleId` and `routedTo` (the projector's routing-counts view).
  const n = await nextRouteSeq(rule.ruleId);
  return { ruleId: rule.ruleId, to: toCallCenter(n, rule.callCenterPercent) ? 'callCenter' : 'post' };
}

// ---------------------------------------------------------------------------------------------
// Matching and charging

interface Candidate {
  order: OrderItem;
  owner: AgentProfile;
  /** The other recipients with a share, read with the candidate. */
  recipientProfiles: Map<string, AgentProfile | undefined>;
  balance: Balance;
  /** When the fresh read of header, owner and balance started (what is kept from it is dated so). */
  readAt: number;
  zone: string;
  fundId?: string;
  category: number;
  priceCents: number;
  distance: number;
  periods: Record<UsagePeriod, string>;
  used: Record<UsagePeriod, number>;
  /** The order's target in the lead's state, read with the header. */
  target: OrderTargetItem;
  localLabel: string;
}

type Pass = { orderId: string; agentId: string; passedOver: string };
type Omitted = NonNullable<LeadItem['traceOmitted']>;

/** Orders listed in a stored trace beyond those read fresh or tried: the rest are counted by reason. */
export const TRACE_LISTED = 40;

/**
 * The trace as stored with the lead: every entry of an order in `tried` (read fresh, tried, or the
 * one that took the lead) and the first TRACE_LISTED others, in the order considered; the others are
 * counted by reason (added to `earlier`, a retried lead's counts), so a state with thousands of open
 * orders does not make a lead item of hundreds of kilobytes.
 */
/** Earlier counts of passed-over orders with more added. */
function omittedWith(earlier: Omitted | undefined, more: ReadonlyMap<string, number>): Omitted | undefined {
  if (more.size === 0) return earlier;
  const counts = new Map((earlier ?? []).map((o) => [o.passedOver, o.count]));
  for (const [passedOver, n] of more) counts.set(passedOver, (counts.get(passedOver) ?? 0) + n);
  return [...counts].map(([passedOver, count]) => ({ passedOver, count }));
}

export function boundTrace(trace: readonly Pass[], tried: ReadonlySet<string>, earlier: Omitted = []): { trace: Pass[]; traceOmitted?: Omitted } {
  const listed: Pass[] = [];
  const counts = new Map(earlier.map((o) => [o.passedOver, o.count]));
  let others = 0;
  for (const p of trace) {
    if (p.passedOver === '' || tried.has(p.orderId) || others++ < TRACE_LISTED) listed.push(p);
    else counts.set(p.passedOver, (counts.get(p.passedOver) ?? 0) + 1);
  }
  return counts.size ? { trace: listed, traceOmitted: [...counts].map(([passedOver, count]) => ({ passedOver, count })) } : { trace: listed };
}

const zoneOf = (p: AgentProfile | undefined) => TIME_ZONES[isKnownTimeZone(p?.timeZone) ? p.timeZone : DEFAULT_TIME_ZONE];

const CAPS: Record<UsagePeriod, 'maxPerHour' | 'maxPerDay' | 'maxPerWeek' | 'maxPerMonth'> = { HOUR: 'maxPerHour', DAY: 'maxPerDay', WEEK: 'maxPerWeek', MONTH: 'maxPerMonth' };

/**
 * One decision's moment and campaign: what ranking asks for each of a state's thousands of candidates
 * but depends only on the zone or the fund (the local time and period keys in a zone, each formatting
 * a date in a zone with Intl; whether a fund receives leads today) is answered once per decision.
 */
class Moment {
  readonly today: string;
  readonly nowIso: string;
  private readonly locals = new Map<string, ReturnType<typeof localTime>>();
  private readonly keys = new Map<string, Record<UsagePeriod, string>>();
  private readonly receiving = new Map<string, boolean>();
  constructor(
    readonly at: Date,
    readonly ctx: CampaignContext,
  ) {
    this.today = companyDay(at);
    this.nowIso = at.toISOString();
  }
  local(zone: string): ReturnType<typeof localTime> {
    let local = this.locals.get(zone);
    if (!local) this.locals.set(zone, (local = localTime(this.at, zone)));
    return local;
  }
  periods(zone: string): Record<UsagePeriod, string> {
    let keys = this.keys.get(zone);
    if (!keys) this.keys.set(zone, (keys = periodKeys(this.at, zone)));
    return keys;
  }
  fundReceives(fund: Fund): boolean {
    let receives = this.receiving.get(fund.fundId);
    if (receives === undefined) this.receiving.set(fund.fundId, (receives = fundReceivesLeads(fundState(fund), this.today)));
    return receives;
  }
}

/** An order's funds that hold the campaign's pairs, best makeup priority first, per campaign context (kept with the order's header object). */
const fundsMemo = new WeakMap<CampaignContext, WeakMap<OrderItem, Fund[]>>();
function fundsOf(order: OrderItem, ctx: CampaignContext): Fund[] {
  let byOrder = fundsMemo.get(ctx);
  if (!byOrder) fundsMemo.set(ctx, (byOrder = new WeakMap()));
  let funds = byOrder.get(order);
  if (!funds) {
    funds = order.selectedFundIds
      .filter((id) => ctx.fundPriority.has(id))
      .map((id) => ctx.funds.get(id))
      .filter((f): f is Fund => f !== undefined)
      .sort((a, b) => ctx.fundPriority.get(a.fundId)! - ctx.fundPriority.get(b.fundId)!);
    byOrder.set(order, funds);
  }
  return funds;
}

class Refused extends Conflict {}
class SoldOut extends Conflict {}
class ProfileMoved extends Conflict {}
class OrderMoved extends Conflict {}

/**
 * How a sale is written: a new lead is created by its first sale (with its index items and the
 * idempotency record); a stored unsold lead on retry is changed by it, only while still Unsold and
 * unsold (so a retry never sells a lead twice, whoever else retries it), and its retry item goes.
 */
type SaleMode = { kind: 'new'; key: string } | { kind: 'retry'; retry: LeadRetryItem; note: string };

async function sell(lead: LeadItem, ctx: CampaignContext, mode: SaleMode, place: { latitude: number; longitude: number } | undefined, at: Date, open: OpenTargets): Promise<IntakeOutcome> {
  // A retry adds its candidates to the trace of the earlier decisions.
  const base: Pass[] = mode.kind === 'retry' ? [...lead.trace] : [];
  let trace: Pass[] = [...base];
  const saleAt = mode.kind === 'retry' ? at.toISOString() : lead.at;
  const allowCreditLine = ctx.vendor?.allowCreditLineUse ?? true;
  const pairOf = ctx.pairs[0];
  let sales = 0;
  let maxSales = 1;
  let tracedAtFirstSale = 0;
  const soldTo = new Set<string>();
  // First on what this Lambda saw a moment ago (the kept open-orders list, balances seen short); a lead
  // that sells nowhere so is decided again on fresh reads only, skipping the candidates already read
  // fresh, so the shortcuts never leave a lead unsold that an order could take. A cap seen reached is
  // no shortcut: within its period it stays reached.
  const triedFresh = new Set<string>();
  // Ranking lists its first TRACE_LISTED passes and counts the rest (a state has thousands): boundTrace would count them too.
  let rankingOmitted = new Map<string, number>();
  const stored = (t: readonly Pass[]) => boundTrace(t, triedFresh, omittedWith(mode.kind === 'retry' ? lead.traceOmitted : undefined, rankingOmitted));
  // The change log is read again about once a second, beside the decision: what it drops is read again by the next one.
  void follower.poll();
  const moment = new Moment(at, ctx);
  for (let round = 0; round < 2 && sales === 0; round++) {
    const memos = round === 0;
    if (round === 1) {
      const fresh = await openTargets(lead.stateCode, lead.zipCode, { fresh: true });
      open = { targets: fresh.targets.filter((t) => !triedFresh.has(t.orderId)), fromCache: false };
      trace = [...base, ...trace.slice(base.length).filter((p) => triedFresh.has(p.orderId))];
    }
    const ranking = await rankCandidates(lead, moment, place, open.targets, { memos });
    const { passed, shortcuts } = ranking;
    trace.push(...passed);
    rankingOmitted = ranking.omitted;
    // The fresh round reads every remaining candidate's balance first (one key each, consistent): only
    // those who can pay are read whole.
    const ranked = round === 0 ? ranking.ranked : await thoseWhoCanPay(ranking.ranked, allowCreditLine, trace);
    // The ranked candidates are read fresh a few at a time (header, owner, balance, usage): a lead
    // usually sells to one of the first, so the decision reads ~20 items instead of every candidate's.
    for (let from = 0, size = FRESH_FIRST; from < ranked.length && sales < maxSales; from += size, size = FRESH_BATCH) {
      const batch = ranked.slice(from, from + size).filter((r) => {
        if (sales === 0 || (r.category === FUND_CATEGORIES.ThirdPartyShared && !soldTo.has(r.order.agentId))) return true;
        trace.push({ orderId: r.order.orderId, agentId: r.order.agentId, passedOver: soldTo.has(r.order.agentId) ? 'Already sold to this agent.' : 'The lead was sold exclusively.' });
        return false;
      });
      for (const r of batch) triedFresh.add(r.order.orderId);
      for (const c of await freshCandidates(moment, lead, batch, trace)) {
        if (sales >= maxSales) break;
        if (sales > 0 && (c.category !== FUND_CATEGORIES.ThirdPartyShared || soldTo.has(c.order.agentId))) continue;
        let attempt: SaleAttempt;
        try {
          const record = stored([...trace, { orderId: c.order.orderId, agentId: c.order.agentId, passedOver: '' }]);
          attempt = await trySale(lead, c, ctx, { first: sales === 0, maxSales: c.category === FUND_CATEGORIES.ThirdPartyShared ? SHARED_LEAD_MAX_AGENTS : 1, allowCreditLine, mode, saleAt, record, companyPriceCents: pairOf?.vendorPriceCents ?? 0 });
        } catch (err) {
          // Nothing of the sale was written: the lead with this phone that won the race makes this one a duplicate.
          if (!(err instanceof DuplicateRace) || mode.kind !== 'new') throw err;
          const duplicate: LeadItem = { ...lead, leadStatus: 'Duplicate', ...stored(trace), reasons: [RESULT_REASONS.duplicate(ctx.campaign.dedupeDays)] };
          return storeUnsold(duplicate, 'duplicate', mode.key, ctx.campaign);
        }
        if (attempt.kind === 'replayed') return { status: 'accepted', ...attempt.stored, replayed: true };
        if (attempt.kind === 'passed') {
          trace.push({ orderId: c.order.orderId, agentId: c.order.agentId, passedOver: attempt.reason });
          if (attempt.soldOut) maxSales = sales;
          // On retry, the lead was decided elsewhere meanwhile (sold, or its retry taken by another run).
          if (attempt.taken) return { status: 'accepted', ...resultOf(lead, 'unsold'), replayed: true };
          continue;
        }
        seeBalance({ ...attempt.balance, balanceCents: attempt.balance.balanceCents - c.priceCents }, c.readAt);
        // This sale may have taken a period's last unit: the next lead need not read the order to find out.
        for (const p of USAGE_PERIODS) if (c.order[CAPS[p]] > 0 && attempt.used[p] + 1 >= c.order[CAPS[p]]) rememberFull(c.order.orderId, p, c.periods[p], c.order[CAPS[p]]);
        trace.push({ orderId: c.order.orderId, agentId: c.order.agentId, passedOver: '' });
        if (sales === 0) {
          maxSales = c.category === FUND_CATEGORIES.ThirdPartyShared ? SHARED_LEAD_MAX_AGENTS : 1;
          tracedAtFirstSale = trace.length;
        }
        sales++;
        soldTo.add(c.order.agentId);
        // The ranking's copy of the order follows the sale (served last now), so the next lead need not read it again.
        keepOrder(c.order.orderId, { ...c.order, lastLeadAt: attempt.sale.at, leadCount: c.order.leadCount + 1, receivedCounts: { ...c.order.receivedCounts, [attempt.sale.recipientAgentId]: (c.order.receivedCounts[attempt.sale.recipientAgentId] ?? 0) + 1 } }, c.readAt);
      }
    }
    // Nothing taken from shortcuts or a kept list: a second round would read the same again.
    if (!open.fromCache && !shortcuts) break;
  }
  if (sales === 0) {
    if (mode.kind === 'retry') return recordFailedRetry({ ...lead, reasons: [...lead.reasons, `${mode.note}: ${RESULT_REASONS.noCandidate}`] }, stored(trace), mode.retry, at);
    return storeUnsold({ ...lead, ...stored(trace), reasons: [RESULT_REASONS.noCandidate] }, 'unsold', mode.key, ctx.campaign);
  }
  // The first sale stored the trace up to it; a shared lead's later candidates are added now.
  if (trace.length > tracedAtFirstSale) await Lead.patch({ leadId: lead.leadId }, { set: stored(trace) }).catch(() => undefined);
  return { status: 'accepted', ...resultOf({ ...lead, reasons: [] }, 'sold'), replayed: false };
}

/** Candidates read fresh per round before a sale is tried. */
const FRESH_BATCH = 3;
/**
 * The first round reads only the best candidate: what ranking kept is current (the change log, this
 * Lambda's own sales), so it usually buys, and reading three would read two in vain.
 */
const FRESH_FIRST = 1;

/** The ranked candidates whose balance (with the credit line, when the vendor allows it) covers their price, read now. */
async function thoseWhoCanPay(ranked: Ranked[], allowCredit: boolean, trace: Pass[]): Promise<Ranked[]> {
  if (ranked.length === 0) return ranked;
  const readAt = Date.now();
  const read = await getMany(Object.fromEntries(ranked.map((r) => [r.owner.agentId, Balance.ref({ agentId: r.owner.agentId })])), { consistent: true });
  return ranked.filter((r) => {
    const balance = read[r.owner.agentId];
    if (balance) seeBalance(balance, readAt);
    if (balance && covers(balance, r.priceCents, allowCredit)) return true;
    trace.push({ orderId: r.order.orderId, agentId: r.order.agentId, passedOver: balance ? 'The balance (with the credit line) does not cover the price.' : 'The order, its agent or their account is gone.' });
    return false;
  });
}

/**
 * Caps seen reached, by order, period, period key and cap: within one hour, day, week or month a usage
 * count only grows, so an order found full stays full until its period turns or its cap changes (a
 * changed cap is another key). Ranking passes such an order without reading it again; the sale's
 * transaction keeps its own cap condition whatever this says.
 */
const fullCaps = new Set<string>();
const fullCapKey = (orderId: string, period: UsagePeriod, periodKey: string, cap: number) => `${orderId}|${period}|${periodKey}|${cap}`;
function rememberFull(orderId: string, period: UsagePeriod, periodKey: string, cap: number): void {
  if (fullCaps.size >= 50_000) fullCaps.clear();
  fullCaps.add(fullCapKey(orderId, period, periodKey, cap));
}
/**
 * Balances as last read fresh or left by this Lambda's own sale, for ranking: an agent whose balance
 * (with the credit line) did not cover a price a moment ago is passed without reading it again. A
 * top-up shows within a second or two while the change log is followed, else within BALANCE_SEEN_MS;
 * the sale's transaction keeps its own balance condition.
 */
const BALANCE_SEEN_MS = 15_000;
const balanceSeen = new Map<string, { at: number; balanceCents: number; creditLineCents: number }>();
/** Keeps a balance read (or left by a sale) whose read started at `at`, unless a later sighting or a change since replaces it. */
function seeBalance(b: { agentId: string; balanceCents: number; creditLineCents: number }, at: number): void {
  // A read that started before a later sighting (this Lambda's own sale) does not replace it.
  if ((balanceSeen.get(b.agentId)?.at ?? -1) > at || !follower.mayKeep('balance', b.agentId, at)) return;
  if (balanceSeen.size >= 50_000) balanceSeen.clear();
  balanceSeen.set(b.agentId, { at, balanceCents: b.balanceCents, creditLineCents: b.creditLineCents });
}
/** The balance, with the credit line when the vendor allows its use, pays the price. */
const covers = (b: { balanceCents: number; creditLineCents: number }, priceCents: number, allowCredit: boolean) => priceCents <= b.balanceCents + (allowCredit ? b.creditLineCents : 0);
function knownShort(agentId: string, priceCents: number, allowCredit: boolean, now: number): boolean {
  const seen = balanceSeen.get(agentId);
  return seen !== undefined && now - seen.at < (follower.vouchesFor(seen.at, now) ? KEPT_WHILE_FOLLOWED_MS : BALANCE_SEEN_MS) && !covers(seen, priceCents, allowCredit);
}

/** The period whose cap this order is known to have reached at `at` in its owner's zone. */
function knownFull(order: OrderItem, owner: AgentProfile, moment: Moment): UsagePeriod | undefined {
  if (fullCaps.size === 0 || !USAGE_PERIODS.some((p) => order[CAPS[p]] > 0)) return undefined;
  const keys = moment.periods(zoneOf(owner));
  return USAGE_PERIODS.find((p) => order[CAPS[p]] > 0 && fullCaps.has(fullCapKey(order.orderId, p, keys[p], order[CAPS[p]])));
}
/**
 * Order headers and owner profiles for ranking, kept in the Lambda (each sale re-reads its own fresh),
 * and the owners' balances: an agent who cannot pay is passed on the ranking's figure instead of
 * costing a fresh read of their order, profile and counters. While the change log is followed, what
 * was read since is used for KEPT_WHILE_FOLLOWED_MS (a change to it drops it sooner); otherwise what is
 * older than RANK_CACHE_MS but younger than RANK_STALE_MS is ranked on as kept while it is read again
 * in the background (a busy state's thousands of orders are not re-read inside a decision). What was
 * never read, or is older, is read before ranking.
 */
const RANK_CACHE_MS = 5_000;
const RANK_STALE_MS = 15_000;
/** How long the change log vouches for a ranking read: a safety net for a change written without a log item. */
const KEPT_WHILE_FOLLOWED_MS = 300_000;
const orderCache = new Map<string, { at: number; value: OrderItem | undefined }>();
const profileCache = new Map<string, { at: number; value: AgentProfile | undefined }>();
/** Ranking keys being read again in the background (`o:`, `p:` or `b:` and the id). */
const rereading = new Set<string>();

/** The change log, followed while leads are decided: a change drops what was kept of its order, agent or balance. */
const follower = new ChangeFollower((change) => {
  if (change.kind === 'balance') balanceSeen.delete(change.id);
  else if (change.kind === 'agent') profileCache.delete(change.id);
  else {
    orderCache.delete(change.id);
    const now = Date.now();
    // An order saved with its states names them; without them, every state's list is read again.
    const states = change.states ?? [...cache.keys()].filter((k) => k.startsWith('targets:')).map((k) => k.slice('targets:'.length));
    for (const state of states) {
      cache.delete(`targets:${state}`);
      targetsDropped.set(state, now);
    }
  }
});

async function rankingReads(targets: readonly OrderTargetItem[]): Promise<{ orders: Map<string, OrderItem | undefined>; profiles: Map<string, AgentProfile | undefined> }> {
  const now = Date.now();
  const missing: Record<string, Ref<unknown>> = {};
  const expired: Record<string, Ref<unknown>> = {};
  const orders = new Map<string, OrderItem | undefined>();
  const profiles = new Map<string, AgentProfile | undefined>();
  /**
   * Whether the kept value may be ranked on; asks for it again when it is old (the name and key are
   * built only then: this runs for each of a state's thousands of targets on every decision).
   */
  const vouchedFrom = follower.vouchedFrom(now);
  const want = (kind: 'o' | 'p' | 'b', id: string, kept: { at: number } | undefined, fresh: number, stale: number): boolean => {
    const age = kept ? now - kept.at : Infinity;
    if (age < fresh) return true;
    const vouched = kept !== undefined && kept.at >= vouchedFrom;
    const ttl = vouched ? KEPT_WHILE_FOLLOWED_MS : fresh;
    const staleTtl = vouched ? KEPT_WHILE_FOLLOWED_MS + stale : stale;
    if (age < ttl) return true;
    const name = `${kind}:${id}`;
    if (age >= staleTtl) missing[name] = rankingRef(kind, id);
    else if (!rereading.has(name)) expired[name] = rankingRef(kind, id);
    return age < staleTtl;
  };
  for (const t of targets) {
    const o = orderCache.get(t.orderId);
    if (want('o', t.orderId, o, RANK_CACHE_MS, RANK_STALE_MS)) orders.set(t.orderId, o!.value);
    if (profiles.has(t.agentId)) continue;
    const p = profileCache.get(t.agentId);
    if (want('p', t.agentId, p, RANK_CACHE_MS, RANK_STALE_MS)) profiles.set(t.agentId, p!.value);
    // A balance is read again in the background once old; past its stale age it is not used (knownShort).
    want('b', t.agentId, balanceSeen.get(t.agentId), RANK_CACHE_MS, BALANCE_SEEN_MS);
  }
  if (Object.keys(expired).length) {
    for (const name of Object.keys(expired)) rereading.add(name);
    void keepRankingReads(expired, now)
      .catch(() => undefined)
      .finally(() => Object.keys(expired).forEach((name) => rereading.delete(name)));
  }
  if (Object.keys(missing).length) {
    const read = await keepRankingReads(missing, now);
    for (const name of Object.keys(missing)) {
      if (name.startsWith('o:')) orders.set(name.slice(2), read[name] as OrderItem | undefined);
      else if (name.startsWith('p:')) profiles.set(name.slice(2), read[name] as AgentProfile | undefined);
    }
  }
  return { orders, profiles };
}

const rankingRef = (kind: 'o' | 'p' | 'b', id: string): Ref<unknown> =>
  kind === 'o' ? Order.ref({ orderId: id }) : kind === 'p' ? AgentProfile.ref({ agentId: id }) : Balance.ref({ agentId: id });

/** Keeps an order header or a profile whose read started at `readAt`, unless something newer was kept meanwhile or it changed since. */
function keepOrder(orderId: string, value: OrderItem | undefined, readAt: number): void {
  if ((orderCache.get(orderId)?.at ?? -1) <= readAt && follower.mayKeep('order', orderId, readAt)) orderCache.set(orderId, { at: readAt, value });
}
function keepProfile(agentId: string, value: AgentProfile | undefined, readAt: number): void {
  if ((profileCache.get(agentId)?.at ?? -1) <= readAt && follower.mayKeep('agent', agentId, readAt)) profileCache.set(agentId, { at: readAt, value });
}

/**
 * Reads ranking items (consistent: while the change log vouches for them they are kept for minutes, so
 * they must not be a replica's older copy) and keeps them, unless something newer was kept meanwhile
 * (a sale's or a fresh read's) or a change to them was seen since the read began.
 */
async function keepRankingReads(refs: Record<string, Ref<unknown>>, startedAt: number): Promise<Record<string, unknown>> {
  const read = (await getMany(refs, { consistent: true })) as Record<string, unknown>;
  for (const name of Object.keys(refs)) {
    const id = name.slice(2);
    const value = read[name];
    if (name.startsWith('o:')) keepOrder(id, value as OrderItem | undefined, startedAt);
    else if (name.startsWith('p:')) keepProfile(id, value as AgentProfile | undefined, startedAt);
    else if (value) seeBalance(value as Balance, startedAt);
  }
  return read;
}

interface Ranked {
  order: OrderItem;
  owner: AgentProfile;
  category: number;
  priceCents: number;
  distance: number;
}

/** The state's targets that can take the lead (zip, fund or pair), judged on recent headers and profiles, best first. */
async function rankCandidates(
  lead: LeadItem,
  moment: Moment,
  place: { latitude: number; longitude: number } | undefined,
  open: OrderTargetItem[],
  opts: { memos: boolean },
): Promise<{ ranked: Ranked[]; passed: Pass[]; omitted: Map<string, number>; shortcuts: boolean }> {
  const { ctx } = moment;
  const pairKeys = new Set(ctx.pairs.map((p) => `${p.campaignId}#${p.vendorId}`));
  const targets = open.filter(
    (t) =>
      (t.zips.length === 0 || t.zips.includes(lead.zipCode)) &&
      (t.fundIds.some((f) => ctx.fundPriority.has(f)) || t.campaignVendors.some((cv) => pairKeys.has(cv) || (!lead.vendorId && cv.startsWith(`${lead.campaignId}#`)))),
  );
  const omitted = new Map<string, number>();
  if (targets.length === 0) return { ranked: [], passed: [], omitted, shortcuts: false };
  let shortcuts = false;
  const { orders, profiles } = await rankingReads(targets);
  const now = Date.now();
  const zips = place ? await zipIndex() : undefined;
  const allowCredit = ctx.vendor?.allowCreditLineUse ?? true;
  const passed: Pass[] = [];
  // The first TRACE_LISTED passes are listed, the rest counted by reason (as boundTrace stores them).
  const pass = (t: OrderTargetItem, passedOver: string) => {
    if (passed.length < TRACE_LISTED) passed.push({ orderId: t.orderId, agentId: t.agentId, passedOver });
    else omitted.set(passedOver, (omitted.get(passedOver) ?? 0) + 1);
  };
  const ranked: Ranked[] = [];
  for (const t of targets) {
    const order = orders.get(t.orderId);
    const owner = profiles.get(t.agentId);
    const why = order && owner ? refusal(order, owner, moment) : 'The order or its agent is gone.';
    if (typeof why === 'string') {
      pass(t, why);
      continue;
    }
    // A cap seen reached stays reached within its period (the counts only grow): exact, so both rounds use it.
    const full = knownFull(order!, owner!, moment);
    if (full) {
      pass(t, `The ${full.toLowerCase()} cap of ${order![CAPS[full]]} is reached.`);
      continue;
    }
    if (opts.memos && knownShort(t.agentId, why.priceCents, allowCredit, now)) {
      shortcuts = true;
      pass(t, 'The balance (with the credit line) does not cover the price.');
      continue;
    }
    const agentPlace = zips && owner!.zip ? zips.find(owner!.zip) : undefined;
    ranked.push({ order: order!, owner: owner!, category: why.category, priceCents: why.priceCents, distance: place && agentPlace ? distanceMiles(place, agentPlace) : Number.POSITIVE_INFINITY });
  }
  // Agent priority (1 first), then the agent nearest the lead, then the order served least recently.
  ranked.sort(
    (a, b) =>
      a.owner.priority - b.owner.priority ||
      a.distance - b.distance ||
      (a.order.lastLeadAt ?? '').localeCompare(b.order.lastLeadAt ?? '') ||
      a.order.orderId.localeCompare(b.order.orderId),
  );
  return { ranked, passed, omitted, shortcuts };
}

/** Why an order cannot take the lead now (status, statuses, fund or pair, schedule), or what it buys it through. */
function refusal(order: OrderItem, owner: AgentProfile, moment: Moment): string | { fundId?: string; category: number; priceCents: number } {
  if (order.status !== 1) return 'The order is not Active.';
  if (owner.status !== 1) return 'The agent is not active.';
  if (owner.orderStatus !== 1) return "The agent's order status is paused.";
  const offer = offerOf(order, owner, moment);
  if ('refused' in offer) return offer.refused;
  const local = moment.local(zoneOf(owner));
  if (!scheduleCovers(order.slots, local)) return `The schedule does not cover ${local.label} in the agent's time zone.`;
  return offer;
}

/** The recipients of an order with a share, other than its owner. */
const sharers = (order: OrderItem) => order.recipients.filter((r) => r.percentage > 0 && r.agentId !== order.agentId).map((r) => r.agentId);

/** A round of ranked candidates read fresh (consistent): header (with its usage), the target of the lead's state, owner and balance. */
async function freshCandidates(moment: Moment, lead: LeadItem, batch: readonly Ranked[], trace: Pass[]): Promise<Candidate[]> {
  const { ctx } = moment;
  const refs: Record<string, Ref<unknown>> = {};
  for (const r of batch) {
    refs[`o:${r.order.orderId}`] = Order.ref({ orderId: r.order.orderId });
    refs[`p:${r.owner.agentId}`] = AgentProfile.ref({ agentId: r.owner.agentId });
    refs[`b:${r.owner.agentId}`] = Balance.ref({ agentId: r.owner.agentId });
    for (const id of sharers(r.order)) refs[`r:${id}`] = AgentProfile.ref({ agentId: id });
    refs[`t:${r.order.orderId}`] = OrderTarget.ref({ orderId: r.order.orderId, state: lead.stateCode });
  }
  const readAt = Date.now();
  const read = (await getMany(refs, { consistent: true })) as Record<string, unknown>;
  const allowCredit = ctx.vendor?.allowCreditLineUse ?? true;
  const out: Candidate[] = [];
  for (const r of batch) {
    const order = read[`o:${r.order.orderId}`] as OrderItem | undefined;
    const owner = read[`p:${r.owner.agentId}`] as AgentProfile | undefined;
    const balance = read[`b:${r.owner.agentId}`] as Balance | undefined;
    const target = read[`t:${r.order.orderId}`] as OrderTargetItem | undefined;
    const pass = (passedOver: string) => trace.push({ orderId: r.order.orderId, agentId: r.owner.agentId, passedOver });
    if (!order || !owner || !balance) { pass('The order, its agent or their account is gone.'); continue; }
    keepOrder(order.orderId, order, readAt);
    keepProfile(owner.agentId, owner, readAt);
    seeBalance(balance, readAt);
    const offer = refusal(order, owner, moment);
    if (typeof offer === 'string') { pass(offer); continue; }
    if (!takesZip(target, lead.zipCode)) { pass(GEOGRAPHY_MOVED); continue; }
    if (!covers(balance, offer.priceCents, allowCredit)) { pass('The balance (with the credit line) does not cover the price.'); continue; }
    const zone = zoneOf(owner);
    const periods = moment.periods(zone);
    const used = usedIn(order.usage, periods);
    const full = USAGE_PERIODS.find((p) => order[CAPS[p]] > 0 && used[p] >= order[CAPS[p]]);
    if (full) {
      rememberFull(order.orderId, full, periods[full], order[CAPS[full]]);
      pass(`The ${full.toLowerCase()} cap of ${order[CAPS[full]]} is reached.`);
      continue;
    }
    const recipientProfiles = new Map(sharers(order).map((id) => [id, read[`r:${id}`] as AgentProfile | undefined]));
    out.push({ order, owner, recipientProfiles, balance, readAt, zone, ...offer, distance: r.distance, periods, used, target, localLabel: `${moment.local(zone).label} ${owner.timeZone ?? DEFAULT_TIME_ZONE}` });
  }
  return out;
}

/** What an order would buy the lead through (a fund, or the campaign itself) and at what price, or why not. */
function offerOf(order: OrderItem, owner: AgentProfile, moment: Moment): { fundId?: string; category: number; priceCents: number } | { refused: string } {
  const { ctx } = moment;
  const type = owner.type as AgentType;
  if (order.isFundOrder) {
    let why = "None of the order's funds holds this campaign and vendor.";
    for (const fund of fundsOf(order, ctx)) {
      if (!moment.fundReceives(fund)) { why = `Fund ${fund.code} is not receiving leads.`; continue; }
      if (!fundVisibleToAgent(fund, { agentId: owner.agentId, type }, moment.nowIso)) { why = `Fund ${fund.code} is not offered to this agent's channel or type.`; continue; }
      if (fund.isLiveTransfer && owner.liveTransferStatus !== 1) { why = "The agent's live-transfer status is paused."; continue; }
      if (fund.category !== FUND_CATEGORIES.OwnCompany && !owner.thirdPartyLeadStatus) { why = "The agent's third-party status is off."; continue; }
      const priceCents = priceForType({ captive: fund.captivePriceCents, broker: fund.brokerPriceCents }, type);
      if (priceCents <= 0) { why = `Fund ${fund.code} has no price for this agent's type.`; continue; }
      return { fundId: fund.fundId, category: fund.category, priceCents };
    }
    return { refused: why };
  }
  const pair = ctx.pairs.find((p) => order.campaigns.some((c) => c.campaignId === p.campaignId && c.vendorIds.includes(p.vendorId)));
  if (!pair) return { refused: "The order's campaigns and vendors do not include this one." };
  const c = ctx.campaign;
  if ((c.channel === 'Captive' && type === 1) || (c.channel === 'Broker' && type !== 1)) return { refused: "The campaign's channel does not serve this agent's type." };
  if (c.isLiveTransfer && owner.liveTransferStatus !== 1) return { refused: "The agent's live-transfer status is paused." };
  if (c.category !== FUND_CATEGORIES.OwnCompany && !owner.thirdPartyLeadStatus) return { refused: "The agent's third-party status is off." };
  const priceCents = priceForType({ captive: pair.captivePriceCents, broker: pair.brokerPriceCents }, type);
  if (priceCents <= 0) return { refused: 'The campaign has no price for this agent type.' };
  return { category: c.category, priceCents };
}

type SaleAttempt = { kind: 'sold'; sale: SaleFact; balance: Balance; used: Record<UsagePeriod, number> } | { kind: 'passed'; reason: string; soldOut?: boolean; taken?: boolean } | { kind: 'replayed'; stored: Stored };

/** A retry found the lead no longer Unsold, or its retry item gone: another decision took it. */
class RetryTaken extends Conflict {}

/**
 * A retry that sold nothing: its note and candidates go on the lead (still only while Unsold), its
 * retry item goes, and the next one is written when retries remain, all in one transaction.
 */
async function recordFailedRetry(lead: LeadItem, record: { trace: Pass[]; traceOmitted?: Omitted }, retry: LeadRetryItem, at: Date): Promise<IntakeOutcome> {
  const next =
    retry.attempt < retry.maxRetries
      ? [LeadRetry.createTx({ ...retry, attempt: retry.attempt + 1, dueAt: new Date(at.getTime() + retry.intervalMinutes * 60_000).toISOString() })]
      : [];
  try {
    await transactWrite([
      Lead.patchTx(
        { leadId: lead.leadId },
        { set: { reasons: lead.reasons, ...record } },
        { condition: { expression: 'leadStatus = :unsold AND saleCount = :none', values: { ':unsold': 'Unsold', ':none': 0 } }, orFail: () => new RetryTaken('The lead is no longer unsold.') },
      ),
      LeadRetry.deleteTx(retry, { condition: { expression: 'attribute_exists(pk)' }, orFail: () => new RetryTaken('The retry was taken by another run.') }),
      ...next,
    ]);
  } catch (err) {
    if (err instanceof RetryTaken) return { status: 'accepted', ...resultOf(lead, 'unsold'), replayed: true };
    throw err;
  }
  return { status: 'accepted', ...resultOf(lead, 'unsold'), replayed: false };
}

/** One sale as one TransactWriteItems; a stale balance or profile is read again and the sale retried. */
async function trySale(
  lead: LeadItem,
  c: Candidate,
  ctx: CampaignContext,
  opts: { first: boolean; maxSales: number; allowCreditLine: boolean; mode: SaleMode; saleAt: string; record: { trace: Pass[]; traceOmitted?: Omitted }; companyPriceCents: number },
): Promise<SaleAttempt> {
  let balance = c.balance;
  let owner = c.owner;
  // The order's recipient counts and usage decide the recipient and the caps; the sale holds the header
  // to what was read, and to the revision its target was read at (orderUpdate).
  let order = c.order;
  let target = c.target;
  let recipientProfile: AgentProfile | undefined;
  // Recipients who may not receive leads (part 2 §6: terminated or inactive, or gone) are left out of
  // the pick, so their share goes to the order's other recipients by theirs, rather than the order
  // passing every lead while one of its recipients is terminated (the card flags it for attention).
  const unable = new Set<string>();
  for (const [id, profile] of c.recipientProfiles) if (id !== owner.agentId && (!profile || profile.status !== 1)) unable.add(id);
  for (let attempt = 1; attempt <= ATTEMPTS_PER_CANDIDATE; attempt++) {
    const recipientId = pickRecipient(order.recipients, order.receivedCounts, (id) => !unable.has(id));
    if (!recipientId) return { kind: 'passed', reason: unable.size > 0 ? 'The recipient is not active.' : 'The order has no recipient with a share.' };
    if (recipientId !== owner.agentId && recipientProfile?.agentId !== recipientId)
      recipientProfile = attempt === 1 && c.recipientProfiles.has(recipientId) ? c.recipientProfiles.get(recipientId) : await AgentProfile.get({ agentId: recipientId }, { consistent: true });
    const recipient = recipientId === owner.agentId ? owner : recipientProfile;
    if (!recipient || recipient.status !== 1) {
      if (recipientId === owner.agentId) return { kind: 'passed', reason: 'The recipient is not active.' };
      // Found so only now (its profile changed since the candidate's read): pick again without it.
      unable.add(recipientId);
      attempt--;
      continue;
    }
    const used = attempt === 1 ? c.used : usedIn(order.usage, c.periods);
    const full = USAGE_PERIODS.find((p) => order[CAPS[p]] > 0 && used[p] >= order[CAPS[p]]);
    if (full) {
      rememberFull(order.orderId, full, c.periods[full], order[CAPS[full]]);
      return { kind: 'passed', reason: `The ${full.toLowerCase()} cap was reached meanwhile.` };
    }
    const saleAt = opts.saleAt;
    const at = saleAt > balance.updatedAt ? saleAt : new Date(Date.parse(balance.updatedAt) + 1).toISOString();
    let money;
    try {
      money = debitItems(balance, { deltaCents: -c.priceCents, type: 'LeadSpend', description: `Lead ${lead.userFacingLeadId} (order ${c.order.userFacingOrderId})`, allowCreditLine: opts.allowCreditLine, at, buyerTakesLeads: true });
    } catch (err) {
      if (err instanceof InsufficientFunds) {
        seeBalance(balance, c.readAt);
        return { kind: 'passed', reason: 'The balance (with the credit line) does not cover the price.' };
      }
      throw err;
    }
    const dayUsed = used.DAY + 1;
    const why = `Matched your order ${c.order.userFacingOrderId}: state ${lead.stateCode}, ${c.localLabel}, ${dayUsed}${c.order.maxPerDay > 0 ? ` of ${c.order.maxPerDay}` : ''} today.`;
    const sold: LeadItem = { ...lead, leadStatus: 'Sold', reasons: opts.mode.kind === 'retry' ? [...lead.reasons, `${opts.mode.note}: sold.`] : [], saleCount: 1, maxSales: opts.maxSales, ...opts.record, ...(lead.routedTo ? {} : { routedTo: 'post' as const }) };
    const { mode } = opts;
    const firstWrite: TxItem[] =
      mode.kind === 'new'
        ? [Lead.createTx(sold), ...leadIndexItems(sold, ctx.campaign)]
        : [
            Lead.patchTx(
              { leadId: lead.leadId },
              { set: { leadStatus: 'Sold', reasons: sold.reasons, saleCount: 1, maxSales: opts.maxSales, ...opts.record, routedTo: sold.routedTo ?? 'post' } },
              { condition: { expression: 'leadStatus = :unsold AND saleCount = :none', values: { ':unsold': 'Unsold', ':none': 0 } }, orFail: () => new RetryTaken('The lead is no longer unsold.') },
            ),
            LeadRetry.deleteTx(mode.retry, { condition: { expression: 'attribute_exists(pk)' }, orFail: () => new RetryTaken('The retry was taken by another run.') }),
          ];
    const items: TxItem[] = [
      ...money.items,
      orderUpdate(order, target, recipientId, saleAt, usageWithOneMore(order.usage, c.periods)),
      ...(target.revision === undefined ? [targetCheck(c.order.orderId, lead.stateCode, lead.zipCode)] : []),
      opts.first
        ? firstWrite[0]!
        : Lead.patchTx({ leadId: lead.leadId }, { add: { saleCount: 1 } }, { condition: { expression: 'saleCount < maxSales' }, orFail: () => new SoldOut('The lead has sold to as many agents as it may.') }),
      LeadSale.createTx(
        {
          leadId: lead.leadId,
          userFacingLeadId: lead.userFacingLeadId,
          at: saleAt,
          agentId: c.order.agentId,
          recipientAgentId: recipientId,
          orderId: c.order.orderId,
          userFacingOrderId: c.order.userFacingOrderId,
          ...(c.fundId ? { fundId: c.fundId } : {}),
          campaignId: lead.campaignId,
          ...(lead.vendorId ? { vendorId: lead.vendorId } : {}),
          agentPurchasePriceCents: c.priceCents,
          companyPurchasePriceCents: opts.companyPriceCents,
          ledgerEntryId: money.result.entryId,
          retryAttempt: mode.kind === 'retry' ? mode.retry.attempt : 0,
          why,
        },
        { orFail: () => new Refused('Already sold to this agent.') },
      ),
      ...(opts.first ? firstWrite.slice(1) : []),
      // The performance cells and the Home insights' days are the projector's (views/performance-view.ts, insights-view.ts).
      ...recipientCheck(owner, recipient),
    ];
    const stored = resultOf({ ...lead, reasons: [] }, 'sold');
    try {
      const outcome = await transactWrite(items, opts.first && mode.kind === 'new' ? { idempotencyKey: mode.key, result: stored } : {});
      if (outcome.status === 'duplicate') return { kind: 'replayed', stored: outcome.storedResult as Stored };
      return { kind: 'sold', balance, used, sale: { orderId: c.order.orderId, agentId: c.order.agentId, recipientAgentId: recipientId, ...(c.fundId ? { fundId: c.fundId } : {}), priceCents: c.priceCents, at: saleAt } };
    } catch (err) {
      if (err instanceof RetryTaken) return { kind: 'passed', reason: err.message, soldOut: true, taken: true };
      if (err instanceof SoldOut) return { kind: 'passed', reason: err.message, soldOut: true };
      if (err instanceof Refused) return { kind: 'passed', reason: err.message };
      if (isStaleBalance(err) || err instanceof ProfileMoved || err instanceof OrderMoved || err instanceof TransactionConflict) {
        // Another sale to the same agent or order committed first: read again at once. Two transactions
        // in flight on the same items back off a little (full jitter) so they stop colliding.
        if (err instanceof TransactionConflict) await sleep(Math.random() * Math.min(100, 5 * 2 ** attempt));
        const fresh = await getMany(
          {
            balance: Balance.ref({ agentId: owner.agentId }),
            owner: AgentProfile.ref({ agentId: owner.agentId }),
            order: Order.ref({ orderId: order.orderId }),
            target: OrderTarget.ref({ orderId: order.orderId, state: lead.stateCode }),
          },
          { consistent: true },
        );
        if (!fresh.balance || !fresh.owner) return { kind: 'passed', reason: 'The agent has no account.' };
        if (!fresh.order || fresh.order.status !== 1) return { kind: 'passed', reason: 'The order stopped being Active.' };
        if (!takesZip(fresh.target, lead.zipCode)) return { kind: 'passed', reason: GEOGRAPHY_MOVED };
        balance = fresh.balance;
        owner = fresh.owner;
        order = fresh.order;
        target = fresh.target!;
        if (owner.status !== 1 || owner.orderStatus !== 1 || balance.leadsStopped) return { kind: 'passed', reason: "The agent was paused or terminated meanwhile." };
        if (recipientProfile) recipientProfile = await AgentProfile.get({ agentId: recipientProfile.agentId }, { consistent: true });
        continue;
      }
      throw err;
    }
  }
  return { kind: 'passed', reason: 'The account was too busy to charge; tried again several times.' };
}

/**
 * The order's header after a sale to `recipientId`, while Active, while its lead count is the one
 * read (every sale adds to it, so no other sale came between: the recipient picked from the counts and
 * the usage computed from them are exact, each recipient's realised share stays within one lead of
 * its percentage, and no cap is passed), and while its revision is the one the target was written at
 * (a save or a status change moves it: the geography the lead matched is still the order's). The
 * usage is SET, computed: the period keys of the owner's zone with one more lead each. The header's
 * lead count and last lead reach the Open Orders report through the projector
 * (views/open-orders-view.ts): the sale moves no index key.
 */
function orderUpdate(order: OrderItem, target: OrderTargetItem, recipientId: string, at: string, usage: OrderUsage): TxItem {
  const leadsRead = order.leadCount;
  const counted = leadsRead === 0 ? '(attribute_not_exists(#leads) OR #leads = :leads)' : '#leads = :leads';
  const revision = target.revision === undefined ? '' : ' AND #revision = :revision';
  return {
    kind: 'update',
    key: Order.key({ orderId: order.orderId }),
    update: {
      expression: 'SET lastLeadAt = :lastLeadAt, receivedCounts.#recipient = if_not_exists(receivedCounts.#recipient, :zero) + :one, #usage = :usage ADD #leads :one',
      names: { '#recipient': recipientId, '#usage': 'usage', '#leads': 'leadCount' },
      values: { ':lastLeadAt': at, ':zero': 0, ':one': 1, ':usage': usage },
    },
    condition: {
      expression: `#status = :active AND ${counted}${revision}`,
      names: { '#status': 'status', ...(revision ? { '#revision': 'revision' } : {}) },
      values: { ':active': 1, ':leads': leadsRead, ...(revision ? { ':revision': target.revision } : {}) },
    },
    orFail: () => new OrderMoved('The order changed meanwhile.'),
  };
}

/** The target (read fresh) still takes the lead's zip while its order is Active. */
const takesZip = (target: OrderTargetItem | undefined, zip: string): target is OrderTargetItem =>
  target !== undefined && target.active && (target.zips.length === 0 || target.zips.includes(zip));
const GEOGRAPHY_MOVED = "The order's geography no longer takes this zip.";

/**
 * A split recipient other than the owner must still be active when the sale commits (its profile was
 * read before). The owner's statuses need no item of their own: the balance the sale updates says
 * whether its owner takes leads (`leadsStopped`, debitItems' `buyerTakesLeads`), kept with every change
 * of them. The recipient's Last Lead is the sale's own time: the directory view takes it from the
 * sale's record.
 */
function recipientCheck(owner: AgentProfile, recipient: AgentProfile): TxItem[] {
  if (recipient.agentId === owner.agentId) return [];
  return [AgentProfile.checkTx({ agentId: recipient.agentId }, { expression: '#status = :one', names: { '#status': 'status' }, values: { ':one': 1 } }, () => new ProfileMoved('The agent changed meanwhile.'))];
}
