// The lead engine behind `intakeLead` (intake.ts), as stages each in its own module: validate
// (validate.ts: the campaign's catalogue, criteria, scoring), dedupe (dedupe.ts), route (route.ts),
// decide (decide.ts: pure, over the candidate snapshot of the lead's state, snapshot.ts), charge
// (charge.ts: one transaction per sale) and record (record.ts: the lead, its trace, an outcome that
// sold nothing). Once per source id: the lead's id is made from it, so a replay finds the lead and is
// answered as the first. `retryLead` runs the decision again for a stored unsold lead (the leadRetry
// job). The lead's domain events (LeadArrived,
// LeadSold) come from the stored lead and sales through the projector (views/lead-events-view.ts).
import { createHash } from 'node:crypto';
import { findZip } from '#core/address/zip-lookup.ts';
import { doNotCallListsOf } from '#core/compliance/do-not-call-check.ts';
import type { Campaign } from '#entities/campaign.ts';
import { nextCounterValueFromBlock } from '#entities/counter.ts';
import { Lead, type Lead as LeadItem } from '#entities/lead.ts';
import { LeadRetry, type LeadRetry as LeadRetryItem } from '#entities/lead-retry.ts';
import { doNotCallReason } from '#shared/do-not-call.ts';
import { FUND_CATEGORIES } from '#shared/funds.ts';
import { trySale, type SaleMode } from './charge.ts';
import { byRank, decide, routeTo, type CandidateRow, type DecisionLead, type Pass } from './decide.ts';
import { duplicatesOf, DuplicateRace } from './dedupe.ts';
import type { IntakeLeadInput, IntakeOutcome } from './lead-input.ts';
import { providers } from './providers.ts';
import { ATTEMPTS, boundTrace, leadBase, recordFailedRetry, RESULT_REASONS, resultOf, storeDuplicate, storedAnswer, storeUnsold } from './record.ts';
import { readRules, routeLead } from './route.ts';
import { candidatesIn } from './snapshot.ts';
import { heldCatalogue } from './held-catalogue.ts';
import { callCenterListOf, campaignContext, campaignOpen, validateLead, type CampaignContext } from './validate.ts';

export { RESULT_REASONS } from './record.ts';

/** A shared third-party lead sells to at most this many different agents. */
export const SHARED_LEAD_MAX_AGENTS = 3;
/** Lead numbers are taken from the counter 20 at a time per Lambda: one write per 20 leads, not per lead. */
const LEAD_NUMBER_BLOCK = 20;

/**
 * What the company paid for the lead: its vendor's price on the campaign (a vendor's context holds
 * that vendor's pair only). A public form lead came from no vendor: its context holds every pair of
 * the campaign, none of which it was bought through, so it cost nothing (the first of them was
 * recorded, a vendor's price on a lead it never sold, in Transaction History and the reports).
 */
const companyPriceOf = (vendorId: string | undefined, ctx: CampaignContext): number => (vendorId ? (ctx.pairs[0]?.vendorPriceCents ?? 0) : 0);

/**
 * The id of the lead from a source (a vendor, or a form) by the source's own id: a UUID (version 8)
 * of the SHA-256 of both, so the lead is its own idempotency record: a second post with the same
 * source id finds it, and its create fails on it.
 */
export function leadIdOf(vendorId: string | undefined, sourceId: string): string {
  const h = createHash('sha256').update(`lead:${vendorId ?? 'form'}:${sourceId}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Decides a lead and stores the outcome. */
export async function intakeLead(input: IntakeLeadInput): Promise<IntakeOutcome> {
  const at = input.at ?? new Date();
  const leadId = leadIdOf(input.vendorId, input.sourceId);
  const reads = input.ahead?.reads;
  // Side by side from the start: the lead if stored already (a replay), the catalogue, the rules and
  // the snapshot of the lead's state. A replay is answered before anything is written.
  const started = (p: Promise<unknown>) => p.catch(() => undefined);
  const firstRead = storedAnswer(leadId, reads);
  const snapshot = candidatesIn(input.lead.stateCode, { ahead: reads, zip: input.lead.zipCode });
  const catalogue = input.admitted ? Promise.resolve(input.admitted.catalogue) : heldCatalogue();
  const rules = catalogue.then(readRules);
  // The do-not-call check (issue 24): the active lists held with the catalogue, then one BatchGet of the phone on them.
  const doNotCall = catalogue.then((c) => doNotCallListsOf(input.lead.primaryPhone, c, reads));
  [firstRead, snapshot, rules, doNotCall].forEach(started);
  const replay = async () => {
    const first = await firstRead;
    return first ? ({ status: 'accepted', ...first, replayed: true } as const) : undefined;
  };
  const earlierOf = (campaign: Campaign) => duplicatesOf({ at: at.toISOString(), primaryPhone: input.lead.primaryPhone, email: input.lead.email, vendorId: input.vendorId }, campaign, input.ahead?.contacts);
  // A vendor's post brings its campaign: its earlier leads are read beside the catalogue.
  const earlyDuplicates = input.admitted && earlierOf(input.admitted.context.campaign);
  if (earlyDuplicates) started(earlyDuplicates);
  const ctx = input.admitted?.context ?? (await campaignContext(await catalogue, input.campaignId, input.vendorId));
  if (!ctx) return (await replay()) ?? { status: 'invalid', errorMessages: ['CampaignCode is not a campaign.'] };
  const { errors, place } = await validateLead(input, ctx, at);
  if (errors.length) return (await replay()) ?? { status: 'invalid', errorMessages: errors };

  // A number taken for a lead that then turns out unsold or a duplicate is still its number; a crash or a replay leaves a gap.
  const [replayed, userFacingLeadId, duplicates] = await Promise.all([
    replay(),
    nextCounterValueFromBlock('LEAD_NUMBER', 100_000, LEAD_NUMBER_BLOCK),
    earlyDuplicates ?? earlierOf(ctx.campaign),
  ]);
  if (replayed) return replayed;
  const base = leadBase(input, ctx, leadId, userFacingLeadId, at);
  const finish = (lead: LeadItem, result: 'rejected' | 'unsold') => storeUnsold(lead, result, ctx.campaign);
  if (!campaignOpen(ctx.campaign, at)) return finish({ ...base, leadStatus: 'Rejected', reasons: [RESULT_REASONS.campaignClosed] }, 'rejected');
  if (input.vendorId && ctx.pairs.length === 0) return finish({ ...base, leadStatus: 'Rejected', reasons: [RESULT_REASONS.notOnCampaign] }, 'rejected');
  const onLists = await doNotCall;
  if (onLists.length) return finish({ ...base, leadStatus: 'Rejected', reasons: [doNotCallReason(onLists)] }, 'rejected');
  if (duplicates.length) return storeDuplicate(base, ctx.campaign);

  const route = await routeLead(await rules, input.lead, ctx.campaign);
  if (route && routeTo(route) === 'callCenter') {
    const list = await callCenterListOf(await catalogue, ctx.campaign.campaignId);
    const lead: LeadItem = { ...base, leadStatus: 'CallCenter', ruleId: route.ruleId, routedTo: 'callCenter', callCenterList: list, reasons: [RESULT_REASONS.callCenter(list)] };
    const outcome = await finish(lead, 'unsold');
    if (outcome.status === 'accepted' && !outcome.replayed && outcome.result !== 'duplicate')
      await providers.dialer().add(list, { leadId: lead.leadId, userFacingLeadId, firstName: lead.firstName, lastName: lead.lastName, primaryPhone: lead.primaryPhone, stateCode: lead.stateCode, zipCode: lead.zipCode, campaignId: lead.campaignId, at: lead.at });
    return outcome;
  }
  const routed: LeadItem = { ...base, ...(route ? { ruleId: route.ruleId, routedTo: 'post' as const } : {}) };
  return sell(routed, ctx, { kind: 'new' }, place, at, await snapshot);
}

export type RetryResult = 'sold' | 'unsold' | 'skipped';

/**
 * Runs the decision again for a stored unsold lead (Campaign MaxRetries, RetryInterval): no criteria,
 * dedupe or routing again (they were decided when it arrived), candidates judged at `now`. Idempotent:
 * the sale changes the lead only while it is still Unsold, and takes the retry item with it; a retry
 * whose lead was decided meanwhile (or that another run took) only goes away. Each attempt is noted in
 * the lead's reasons and its candidates appended to the trace.
 */
export async function retryLead(retry: LeadRetryItem, now = new Date()): Promise<RetryResult> {
  const lead = await Lead.get({ leadId: retry.leadId }, { consistent: true });
  const ctx = lead ? await campaignContext(await heldCatalogue(), lead.campaignId, lead.vendorId) : undefined;
  if (!lead || !ctx || lead.leadStatus !== 'Unsold' || lead.saleCount > 0) {
    await LeadRetry.delete(retry).catch(() => undefined);
    return 'skipped';
  }
  const note = `Retry ${retry.attempt} of ${retry.maxRetries} at ${now.toISOString()}`;
  // A campaign closed meanwhile sells nothing more: the attempt is noted and the retries run out.
  const [place, snapshot, onLists] = await Promise.all([findZip(lead.zipCode), campaignOpen(ctx.campaign, now) ? candidatesIn(lead.stateCode, { zip: lead.zipCode }) : [], doNotCallListsOf(lead.primaryPhone, await heldCatalogue())]);
  // A phone put on a do-not-call list since the lead arrived: it is not offered again.
  if (onLists.length) {
    await LeadRetry.delete(retry).catch(() => undefined);
    return 'skipped';
  }
  const outcome = await sell(lead, ctx, { kind: 'retry', retry, note }, place, now, snapshot);
  if (outcome.status !== 'accepted' || outcome.replayed) return 'skipped';
  return outcome.result === 'sold' ? 'sold' : 'unsold';
}

/** Decides the lead on the snapshot and tries the offers best first until one buys (a shared lead: up to SHARED_LEAD_MAX_AGENTS agents). */
async function sell(lead: LeadItem, ctx: CampaignContext, mode: SaleMode, place: DecisionLead['place'], at: Date, snapshot: readonly CandidateRow[]): Promise<IntakeOutcome> {
  const decisionLead: DecisionLead = { campaignId: lead.campaignId, vendorId: lead.vendorId, stateCode: lead.stateCode, zipCode: lead.zipCode, place };
  const { offers, passed } = decide(decisionLead, at, ctx, snapshot);
  // A retry adds its candidates to the trace of the earlier decisions.
  const trace: Pass[] = [...(mode.kind === 'retry' ? lead.trace : []), ...passed];
  const tried = new Set<string>();
  const stored = (t: readonly Pass[]) => boundTrace(t, tried, mode.kind === 'retry' ? lead.traceOmitted : undefined);
  const saleAt = mode.kind === 'retry' ? at.toISOString() : lead.at;
  let sales = 0;
  let maxSales = 1;
  let tracedAtFirstSale = 0;
  const soldTo = new Set<string>();
  // Best first; a candidate found changed when charged is judged again on its facts and ranked again.
  const queue = [...offers];
  const tries = new Map<string, number>();
  for (let offer = queue.shift(); offer && sales < maxSales; offer = queue.shift()) {
    const { orderId, agentId } = offer.row.order;
    if (sales > 0 && (offer.category !== FUND_CATEGORIES.ThirdPartyShared || soldTo.has(agentId))) {
      trace.push({ orderId, agentId, passedOver: soldTo.has(agentId) ? 'Already sold to this agent.' : 'The lead was sold exclusively.' });
      continue;
    }
    tried.add(orderId);
    tries.set(orderId, (tries.get(orderId) ?? 0) + 1);
    const shared = offer.category === FUND_CATEGORIES.ThirdPartyShared;
    let attempt;
    try {
      const record = stored([...trace, { orderId, agentId, passedOver: '' }]);
      attempt = await trySale(lead, offer, ctx, { first: sales === 0, maxSales: shared ? SHARED_LEAD_MAX_AGENTS : 1, mode, saleAt, record, companyPriceCents: companyPriceOf(lead.vendorId, ctx), decision: { lead: decisionLead, at }, attempt: tries.get(orderId)! });
    } catch (err) {
      // Nothing of the sale was written: the lead with this phone that won the race makes this one a duplicate.
      if (!(err instanceof DuplicateRace) || mode.kind !== 'new') throw err;
      return storeDuplicate({ ...lead, ...stored(trace) }, ctx.campaign);
    }
    if (attempt.kind === 'replayed') return { status: 'accepted', ...attempt.stored, replayed: true };
    if (attempt.kind === 'moved') {
      const next = queue.findIndex((o) => byRank(attempt.offer, o) < 0);
      if (tries.get(orderId)! < ATTEMPTS) queue.splice(next < 0 ? queue.length : next, 0, attempt.offer);
      else trace.push({ orderId, agentId, passedOver: 'The account was too busy to charge; tried again several times.' });
      continue;
    }
    if (attempt.kind === 'passed') {
      trace.push({ orderId, agentId, passedOver: attempt.reason });
      if (attempt.soldOut) maxSales = sales;
      // On retry, the lead was decided elsewhere meanwhile (sold, or its retry taken by another run).
      if (attempt.taken) return { status: 'accepted', ...resultOf(lead, 'unsold'), replayed: true };
      continue;
    }
    trace.push({ orderId, agentId, passedOver: '' });
    if (sales === 0) {
      maxSales = shared ? SHARED_LEAD_MAX_AGENTS : 1;
      tracedAtFirstSale = trace.length;
    }
    sales++;
    soldTo.add(agentId);
  }
  if (sales === 0) {
    if (mode.kind === 'retry') return recordFailedRetry({ ...lead, reasons: [...lead.reasons, `${mode.note}: ${RESULT_REASONS.noCandidate}`] }, stored(trace), mode.retry, at);
    return storeUnsold({ ...lead, ...stored(trace), reasons: [RESULT_REASONS.noCandidate] }, 'unsold', ctx.campaign);
  }
  // The first sale stored the trace up to it; a shared lead's later candidates are added now.
  if (trace.length > tracedAtFirstSale) await Lead.patch({ leadId: lead.leadId }, { set: stored(trace) }).catch(() => undefined);
  return { status: 'accepted', ...resultOf({ ...lead, reasons: [] }, 'sold'), replayed: false };
}

