// The lead engine's record stage: the stored lead as it arrived, its bounded trace, and an outcome that
// sold nothing (a lead stored unsold, duplicate, rejected or routed to the call center, with its first
// retry; a retry that sold nothing again), each one transaction. A sale is recorded by its own
// transaction (charge.ts).
import type { Campaign } from '#entities/campaign.ts';
import { Lead, type Lead as LeadItem } from '#entities/lead.ts';
import { LeadRetry, type LeadRetry as LeadRetryItem } from '#entities/lead-retry.ts';
import { sleep, transactWrite, TransactionConflict, type ReadAhead } from '#platform/db.ts';
import { Conflict } from '#platform/errors.ts';
import type { CampaignContext } from './validate.ts';
import type { Pass } from './decide.ts';
import { dedupeLockTx, DuplicateRace } from './dedupe.ts';
import type { IntakeLeadInput, IntakeOutcome, IntakeResultKind } from './lead-input.ts';

export const RESULT_REASONS = {
  campaignClosed: 'The campaign is not accepting leads.',
  notOnCampaign: 'The vendor is not on this campaign.',
  duplicate: (days: number) => `The same phone or e-mail arrived within ${days} days.`,
  callCenter: (list: string) => `Routed to the call center${list ? ` (list ${list})` : ''}.`,
  noCandidate: 'No active order takes this lead now.',
} as const;

/** What a replay is answered: the lead's first answer. */
export type Stored = { leadId: string; userFacingLeadId: number; result: IntakeResultKind; reasons?: string[] };

/** A lead with this id is stored already: the post is a replay of the one that stored it. */
export class LeadStored extends Conflict {
  constructor() {
    super('A lead with this source id is stored already.');
  }
}

/** The lead created with its answer (the replay's), once: a second create fails with LeadStored. */
export const createLeadTx = (lead: LeadItem, stored: Stored) =>
  Lead.createTx({ ...lead, answer: { result: stored.result, ...(stored.reasons ? { reasons: stored.reasons } : {}) } }, { orFail: () => new LeadStored() });

/** The first answer of a stored lead (read consistently), for a replay. */
export async function storedAnswer(leadId: string, ahead?: ReadAhead): Promise<Stored | undefined> {
  const lead = await Lead.get({ leadId }, { consistent: true, ahead });
  if (!lead) return undefined;
  const answer = lead.answer ?? { result: lead.leadStatus === 'Sold' ? 'sold' : lead.leadStatus === 'Duplicate' ? 'duplicate' : lead.leadStatus === 'Rejected' ? 'rejected' : 'unsold' };
  return { leadId: lead.leadId, userFacingLeadId: lead.userFacingLeadId, ...answer };
}
export type Omitted = NonNullable<LeadItem['traceOmitted']>;
/** The trace as stored with the lead. */
export type StoredTrace = { trace: Pass[]; traceOmitted?: Omitted };

/** Tries of one transaction that collides with another in flight on its items. */
export const ATTEMPTS = 8;
/** Full jitter before trying again a transaction that collided. */
export const backOff = (attempt: number) => sleep(Math.random() * Math.min(100, 5 * 2 ** attempt));

/** Orders listed in a stored trace beyond those tried: the rest are counted by reason. */
export const TRACE_LISTED = 40;

/**
 * The trace as stored with the lead: every entry of an order in `tried` (tried, or the one that took
 * the lead) and the first TRACE_LISTED others, in the order considered; the others are counted by
 * reason (added to `earlier`, a retried lead's counts), so a state with thousands of open orders does
 * not make a lead item of hundreds of kilobytes.
 */
export function boundTrace(trace: readonly Pass[], tried: ReadonlySet<string>, earlier: Omitted = []): StoredTrace {
  const listed: Pass[] = [];
  const counts = new Map(earlier.map((o) => [o.passedOver, o.count]));
  let others = 0;
  for (const p of trace) {
    if (p.passedOver === '' || tried.has(p.orderId) || others++ < TRACE_LISTED) listed.push(p);
    else counts.set(p.passedOver, (counts.get(p.passedOver) ?? 0) + 1);
  }
  return counts.size ? { trace: listed, traceOmitted: [...counts].map(([passedOver, count]) => ({ passedOver, count })) } : { trace: listed };
}

export const resultOf = (lead: LeadItem, result: IntakeResultKind): Stored => ({
  leadId: lead.leadId,
  userFacingLeadId: lead.userFacingLeadId,
  result,
  ...(lead.reasons.length ? { reasons: lead.reasons } : {}),
});

/** The lead as it arrived, not yet decided. */
export function leadBase(input: IntakeLeadInput, ctx: CampaignContext, leadId: string, userFacingLeadId: number, at: Date): LeadItem {
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
    consent: { text: input.consent.text, ...opt('textVersion', input.consent.textVersion), at: input.consent.at, ip: input.consent.ip, pageUrl: input.consent.pageUrl, ...opt('certificateUrl', input.consent.certificateUrl) },
    leadStatus: 'Unsold',
    reasons: [],
    saleCount: 0,
    maxSales: 1,
    trace: [],
    allowDisputes: ctx.campaign.allowDisputes && (ctx.vendor?.allowDisputes ?? true),
  };
}

/** The first retry of an unsold lead, when its campaign retries (MaxRetries, RetryInterval minutes). */
function firstRetryTx(lead: LeadItem, campaign: Campaign) {
  if (lead.leadStatus !== 'Unsold' || campaign.maxRetries <= 0) return [];
  const intervalMinutes = Math.max(1, campaign.retryIntervalMinutes);
  const dueAt = new Date(Math.max(Date.parse(lead.at), Date.now()) + intervalMinutes * 60_000).toISOString();
  return [LeadRetry.createTx({ leadId: lead.leadId, dueAt, attempt: 1, maxRetries: campaign.maxRetries, intervalMinutes })];
}

const stripUndefined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * A lead that was not sold: the lead (with its answer, created once: its id is the source's), its
 * same-phone lock (dedupe.ts) and its first retry (an unsold lead of a campaign that retries) in one
 * transaction. One that loses the same-phone race is stored as a Duplicate instead; one whose id is
 * stored already is a replay, answered as the first was.
 */
export async function storeUnsold(lead: LeadItem, result: IntakeResultKind, campaign: Campaign): Promise<IntakeOutcome> {
  const stored = resultOf(lead, result);
  // A duplicate takes no lock: the dedupe window runs from the first lead.
  const lock = lead.leadStatus === 'Duplicate' ? [] : dedupeLockTx(lead, campaign);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await transactWrite([createLeadTx(lead, stored), ...lock, ...firstRetryTx(lead, campaign)]);
        break;
      } catch (err) {
        if (!(err instanceof TransactionConflict) || attempt >= ATTEMPTS) throw err;
        await backOff(attempt);
      }
    }
  } catch (err) {
    if (err instanceof LeadStored) return replayOf(lead.leadId);
    if (!(err instanceof DuplicateRace)) throw err;
    return storeDuplicate(lead, campaign);
  }
  return { status: 'accepted', ...stored, replayed: false };
}

/** The answer of a replay whose lead another request stored first. */
export async function replayOf(leadId: string): Promise<IntakeOutcome> {
  const first = await storedAnswer(leadId);
  if (!first) throw new Error(`lead ${leadId} was stored and is gone`);
  return { status: 'accepted', ...first, replayed: true };
}

/** The lead stored as a Duplicate of another with its phone or e-mail. */
export function storeDuplicate(lead: LeadItem, campaign: Campaign): Promise<IntakeOutcome> {
  const duplicate: LeadItem = { ...lead, leadStatus: 'Duplicate', routedTo: undefined, callCenterList: undefined, reasons: [RESULT_REASONS.duplicate(campaign.dedupeDays)] };
  return storeUnsold(stripUndefined(duplicate), 'duplicate', campaign);
}

/** A retry found the lead no longer Unsold, or its retry item gone: another decision took it. */
export class RetryTaken extends Conflict {}

/** The conditions of a retry's write: the lead still Unsold with no sale, and its retry item still there. */
export function retryHeld(lead: LeadItem, retry: LeadRetryItem, set: Partial<LeadItem>) {
  return [
    Lead.patchTx(
      { leadId: lead.leadId },
      { set },
      { condition: { expression: 'leadStatus = :unsold AND saleCount = :none', values: { ':unsold': 'Unsold', ':none': 0 } }, orFail: () => new RetryTaken('The lead is no longer unsold.') },
    ),
    LeadRetry.deleteTx(retry, { condition: { expression: 'attribute_exists(pk)' }, orFail: () => new RetryTaken('The retry was taken by another run.') }),
  ];
}

/**
 * A retry that sold nothing: its note and candidates go on the lead (still only while Unsold), its
 * retry item goes, and the next one is written when retries remain, all in one transaction.
 */
export async function recordFailedRetry(lead: LeadItem, record: StoredTrace, retry: LeadRetryItem, at: Date): Promise<IntakeOutcome> {
  const next =
    retry.attempt < retry.maxRetries
      ? [LeadRetry.createTx({ ...retry, attempt: retry.attempt + 1, dueAt: new Date(at.getTime() + retry.intervalMinutes * 60_000).toISOString() })]
      : [];
  try {
    await transactWrite([...retryHeld(lead, retry, { reasons: lead.reasons, ...record }), ...next]);
  } catch (err) {
    if (err instanceof RetryTaken) return { status: 'accepted', ...resultOf(lead, 'unsold'), replayed: true };
    throw err;
  }
  return { status: 'accepted', ...resultOf(lead, 'unsold'), replayed: false };
}
