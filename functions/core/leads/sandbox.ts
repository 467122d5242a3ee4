// The vendor sandbox (issue 24): a lead posted with the vendor's sandbox token goes through the lead
// engine's own decision stages (validate.ts criteria and zip, the campaign's dates and pairs, the
// do-not-call lists (core/compliance), the dedupe rule's window and scope from dedupe.ts, the first routing rule and its split from rules.ts
// and decide.ts `routeTo`, the candidate snapshot from snapshot.ts and the pure `decide`) and is
// answered with what would have happened: sold (to how many agents, for what vendor price), unsold,
// duplicate or rejected with the reasons. Nothing of the engine's is written: no Lead, LeadSale,
// ledger entry, order usage, lead number, routing sequence, call-center file or ping; so nothing is
// sold, charged, delivered, counted in reports or shown to agents. What it keeps lives under its own
// keys for SANDBOX_MEMORY_HOURS (entities/vendor-sandbox.ts): the answer (a replay of the same
// VendorLeadId gets it again), the phone and e-mail (sandbox leads are deduplicated against sandbox
// leads only) and each rule's sandbox sequence (the split over sandbox leads follows the rule's
// percentage, the real sequence untouched).
import { doNotCallListsOf } from '#core/compliance/do-not-call-check.ts';
import type { Campaign } from '#entities/campaign.ts';
import { SandboxContact, SandboxLead, SandboxRouteSeq } from '#entities/vendor-sandbox.ts';
import { transactWrite, updateReturning } from '#platform/db.ts';
import { FUND_CATEGORIES } from '#shared/funds.ts';
import { doNotCallReason } from '#shared/do-not-call.ts';
import { SANDBOX_MEMORY_HOURS } from '#shared/sandbox.ts';
import { decide, routeTo, type DecisionLead, type Offer } from './decide.ts';
import { dedupes, inDedupeScope } from './dedupe.ts';
import { leadIdOf, SHARED_LEAD_MAX_AGENTS } from './engine.ts';
import { heldCatalogue } from './held-catalogue.ts';
import type { IntakeLeadInput, IntakeResultKind } from './lead-input.ts';
import { RESULT_REASONS } from './record.ts';
import { readRules } from './route.ts';
import { lineOfBusinessName, ruleFor } from './rules.ts';
import { candidatesIn } from './snapshot.ts';
import { callCenterListOf, campaignContext, campaignOpen, validateLead } from './validate.ts';

/** What the sandbox answers: what would have happened to the lead, which was not stored. */
export type SandboxOutcome =
  | {
      status: 'accepted';
      leadId: string;
      result: IntakeResultKind;
      reasons?: string[];
      /** What the vendor would have been paid (their campaign-vendor price), when it would have sold. */
      vendorPriceCents?: number;
      /** How many agents would have bought it (a shared lead: up to SHARED_LEAD_MAX_AGENTS). */
      sales?: number;
      replayed: boolean;
    }
  | { status: 'invalid'; errorMessages: string[] };

type Decided = Omit<Extract<SandboxOutcome, { status: 'accepted' }>, 'status' | 'leadId' | 'replayed'>;

/** The sandbox lead's id: of the vendor's VendorLeadId, apart from their real leads' ids. */
export const sandboxLeadIdOf = (vendorId: string, sourceId: string): string => leadIdOf(vendorId, `sandbox:${sourceId}`);

const expiryOf = (at: Date) => Math.floor(at.getTime() / 1000) + SANDBOX_MEMORY_HOURS * 3600;

/** Decides a sandbox lead as the engine would and remembers the answer; stores no lead. */
export async function sandboxLead(input: IntakeLeadInput & { vendorId: string }): Promise<SandboxOutcome> {
  const at = input.at ?? new Date();
  const leadId = sandboxLeadIdOf(input.vendorId, input.sourceId);
  const first = await SandboxLead.get({ leadId }, { consistent: true });
  if (first) return replayed(first);
  const catalogue = input.admitted ? input.admitted.catalogue : await heldCatalogue();
  const ctx = input.admitted?.context ?? (await campaignContext(catalogue, input.campaignId, input.vendorId));
  if (!ctx) return { status: 'invalid', errorMessages: ['CampaignCode is not a campaign.'] };
  const { errors, place } = await validateLead(input, ctx, at);
  if (errors.length) return { status: 'invalid', errorMessages: errors };

  const decided = await decideSandbox(input, ctx, place, at, catalogue);
  return remember(input, leadId, ctx.campaign, decided, at);
}

/** The engine's stages after the criteria, in its order, reading only. */
async function decideSandbox(
  input: IntakeLeadInput & { vendorId: string },
  ctx: NonNullable<Awaited<ReturnType<typeof campaignContext>>>,
  place: DecisionLead['place'],
  at: Date,
  catalogue: Awaited<ReturnType<typeof heldCatalogue>>,
): Promise<Decided> {
  const { campaign } = ctx;
  if (!campaignOpen(campaign, at)) return { result: 'rejected', reasons: [RESULT_REASONS.campaignClosed] };
  if (ctx.pairs.length === 0) return { result: 'rejected', reasons: [RESULT_REASONS.notOnCampaign] };
  const onLists = await doNotCallListsOf(input.lead.primaryPhone, catalogue);
  if (onLists.length) return { result: 'rejected', reasons: [doNotCallReason(onLists)] };
  if ((await sandboxDuplicates(input, campaign, at)).length) return { result: 'duplicate', reasons: [RESULT_REASONS.duplicate(campaign.dedupeDays)] };

  const rules = await readRules(catalogue);
  const rule = ruleFor(rules, { zipCode: input.lead.zipCode, stateCode: input.lead.stateCode, lineOfBusiness: lineOfBusinessName(campaign.lob), campaignId: campaign.campaignId });
  if (rule && routeTo({ callCenterPercent: rule.callCenterPercent, seq: await nextSandboxSeq(rule.ruleId) }) === 'callCenter')
    return { result: 'unsold', reasons: [RESULT_REASONS.callCenter(await callCenterListOf(catalogue, campaign.campaignId))] };

  const decisionLead: DecisionLead = { campaignId: campaign.campaignId, vendorId: input.vendorId, stateCode: input.lead.stateCode, zipCode: input.lead.zipCode, place };
  const snapshot = await candidatesIn(input.lead.stateCode, { zip: input.lead.zipCode });
  const { offers } = decide(decisionLead, at, ctx, snapshot);
  const sales = salesOf(offers);
  if (sales === 0) return { result: 'unsold', reasons: [RESULT_REASONS.noCandidate] };
  return { result: 'sold', vendorPriceCents: ctx.pairs[0]?.vendorPriceCents ?? 0, sales };
}

/**
 * How many agents the ranked offers would sell the lead to, as the engine's sale loop takes them: the
 * best offer; when it buys through a ThirdPartyShared fund or campaign, the next shared offers of other
 * agents too, up to SHARED_LEAD_MAX_AGENTS.
 */
export function salesOf(offers: readonly Pick<Offer, 'category' | 'row'>[]): number {
  const best = offers[0];
  if (!best) return 0;
  if (best.category !== FUND_CATEGORIES.ThirdPartyShared) return 1;
  const agents = new Set<string>();
  for (const offer of offers) {
    if (agents.size >= SHARED_LEAD_MAX_AGENTS) break;
    if (offer.category === FUND_CATEGORIES.ThirdPartyShared) agents.add(offer.row.order.agentId);
  }
  return agents.size;
}

/** The earlier sandbox leads (never real ones) the lead duplicates under the campaign's window and scope. */
async function sandboxDuplicates(input: IntakeLeadInput & { vendorId: string }, campaign: Campaign, at: Date): Promise<SandboxContact[]> {
  if (!dedupes(campaign)) return [];
  const from = new Date(at.getTime() - campaign.dedupeDays * 86_400_000).toISOString();
  const email = input.lead.email?.toLowerCase();
  const [byPhone, byEmail] = await Promise.all([
    SandboxContact.query.since('PHONE', input.lead.primaryPhone, from).all(),
    email ? SandboxContact.query.since('EMAIL', email, from).all() : [],
  ]);
  const now = at.toISOString();
  return [...byPhone, ...byEmail].filter((seen) => seen.at <= now && inDedupeScope(seen, campaign, input.vendorId));
}

/** A routing rule's next number in its sandbox sequence (one ADD; the rule's own sequence is not touched). */
async function nextSandboxSeq(ruleId: string): Promise<number> {
  const out = await updateReturning(SandboxRouteSeq.key({ ruleId }), {
    expression: 'SET #seq = if_not_exists(#seq, :zero) + :one, #entity = :entity, #schemaVersion = :version, #ruleId = :ruleId',
    names: { '#seq': 'seq', '#entity': 'entity', '#schemaVersion': 'schemaVersion', '#ruleId': 'ruleId' },
    values: { ':zero': 0, ':one': 1, ':entity': SandboxRouteSeq.entity, ':version': SandboxRouteSeq.version, ':ruleId': ruleId },
  });
  return Number(out.seq);
}

/** Remembers the answer and the lead's contacts together; a racing replay answers the first. */
async function remember(input: IntakeLeadInput & { vendorId: string }, leadId: string, campaign: Campaign, decided: Decided, at: Date): Promise<SandboxOutcome> {
  const ttl = expiryOf(at);
  const iso = at.toISOString();
  const item: SandboxLead = { leadId, vendorId: input.vendorId, campaignId: campaign.campaignId, at: iso, reasons: decided.reasons ?? [], ttl, result: decided.result, ...pricing(decided) };
  // A duplicate is not remembered as a contact, as a Duplicate lead is never one another lead duplicates.
  const contacts = decided.result === 'duplicate' ? [] : contactsOf(input, leadId, campaign, iso, ttl);
  try {
    await transactWrite([SandboxLead.createTx(item), ...contacts.map((c) => SandboxContact.putTx(c))]);
  } catch (err) {
    const first = await SandboxLead.get({ leadId }, { consistent: true });
    if (first) return replayed(first);
    throw err;
  }
  return { status: 'accepted', leadId, ...answerOf(item), replayed: false };
}

const pricing = (d: Decided) => ({ ...(d.vendorPriceCents !== undefined ? { vendorPriceCents: d.vendorPriceCents } : {}), ...(d.sales !== undefined ? { sales: d.sales } : {}) });

function contactsOf(input: IntakeLeadInput & { vendorId: string }, leadId: string, campaign: Campaign, at: string, ttl: number): SandboxContact[] {
  const base = { at, leadId, campaignId: campaign.campaignId, vendorId: input.vendorId, ttl };
  return [
    { ...base, kind: 'PHONE' as const, value: input.lead.primaryPhone },
    ...(input.lead.email ? [{ ...base, kind: 'EMAIL' as const, value: input.lead.email.toLowerCase() }] : []),
  ];
}

function answerOf(item: SandboxLead): Decided {
  return { result: item.result, ...(item.reasons.length ? { reasons: item.reasons } : {}), ...pricing(item) };
}

const replayed = (first: SandboxLead): SandboxOutcome => ({ status: 'accepted', leadId: first.leadId, ...answerOf(first), replayed: true });
