// Disputes of lead sales (part 3 §4, §7, §9, and issue 11's additions): an agent who bought or received
// a lead disputes its sale within 5 days with one of the vendor's reasons; automatic pre-checks decide
// the clear cases at once (a duplicate the engine should have caught, a phone or e-mail that fails
// validation, a lead outside the order's geography or schedule at the time of sale) and the rest wait
// for staff. An approval is one transaction: the dispute's decision (conditioned on its state, so a
// decision never credits twice), the buying agent's LeadCredit (balance and ledger entry, as the
// ledger module writes them) and the performance day's leadsCredited.
import { z } from 'zod';
import { creditItems, entryTime, isStaleBalance } from '#core/money/ledger.ts';
import { scheduleCovers, localTime } from '#core/leads/rules.ts';
import { duplicatesOf } from '#core/leads/dedupe.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Balance } from '#entities/balance.ts';
import { Campaign } from '#entities/campaign.ts';
import { Dispute, type DisputeStatus } from '#entities/dispute.ts';
import { DisputeReason } from '#entities/dispute-reason.ts';
import { Lead } from '#entities/lead.ts';
import { LeadSale } from '#entities/lead-sale.ts';
import { Order } from '#entities/order.ts';
import { OrderHistory } from '#entities/order-history.ts';
import { Vendor } from '#entities/vendor.ts';
import { sleep, transactWrite, TransactionConflict, type Page, type TxItem } from '#platform/db.ts';
import { getMany, type Ref } from '#platform/entity.ts';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '#platform/errors.ts';
import { lower } from '#platform/item-key.ts';
import { disputeOpenUntil, DISPUTE_MESSAGES as M, DISPUTE_QUEUE_PAGE_SIZE } from '#shared/api/disputes.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';

const ATTEMPTS = 12;
/** decidedBy of a decision the pre-checks made. */
export const AUTO_DECIDER = 'auto';

export interface DisputeRequest {
  /** The caller's agent (none for staff: staff cannot dispute a sale). */
  agentId: string | undefined;
  leadId: string;
  vendorReason: string;
  userComments: string;
  now?: Date;
}

export interface DisputeOutcome {
  dispute: Dispute;
  /** True when the dispute was stored before (a replayed submission). */
  replayed: boolean;
}

// ---------------------------------------------------------------------------------------------
// Submission

/**
 * POST lead/dispute: the caller's sale of the lead (bought, else received), the spec's rules, the
 * pre-checks, and one conditional write. A second submission of the same sale with the same reason
 * and comments answers the stored dispute; a different one is refused.
 */
export async function submitDispute(req: DisputeRequest): Promise<DisputeOutcome> {
  if (!req.agentId) throw new Forbidden(M.notBuyerOrRecipient);
  const callerId = req.agentId;
  const [lead, sales, disputes] = await Promise.all([
    Lead.get({ leadId: req.leadId }, { consistent: true }),
    LeadSale.query.ofLead(req.leadId).all({ consistent: true }),
    Dispute.query.ofLead(req.leadId).all({ consistent: true }),
  ]);
  // Someone else's lead reads exactly like a lead that does not exist.
  const sale = sales.find((s) => s.agentId === callerId) ?? sales.find((s) => s.recipientAgentId === callerId);
  if (!lead || !sale) throw new NotFound(M.leadNotFound);

  const existing = disputes.find((d) => d.agentId === sale.agentId);
  if (existing) return replayOf(existing, callerId, req);

  if (!lead.allowDisputes) throw new ValidationFailed(M.notDisputable);
  if (!lead.vendorId) throw new ValidationFailed(M.noVendor);
  const now = req.now ?? new Date();
  if (now.getTime() >= disputeOpenUntil(sale.at).getTime()) throw new ValidationFailed(M.windowPassed);
  const [vendor, reason] = await Promise.all([
    Vendor.get({ vendorId: lead.vendorId }),
    DisputeReason.get({ vendorId: lead.vendorId, vendorReason: req.vendorReason }),
  ]);
  if (!vendor?.allowDisputes) throw new ValidationFailed(M.notDisputable);
  if (!reason) throw new ValidationFailed(M.unknownReason);

  const checks = await preChecks(lead, sale);
  const dispute: Dispute = {
    leadId: lead.leadId,
    userFacingLeadId: lead.userFacingLeadId,
    agentId: sale.agentId,
    submittedBy: callerId,
    ...(sale.vendorId ? { vendorId: sale.vendorId } : {}),
    campaignId: sale.campaignId,
    ...(sale.fundId ? { fundId: sale.fundId } : {}),
    vendorReason: reason.vendorReason,
    userComments: req.userComments,
    status: 'Submitted',
    at: now.toISOString(),
    agentPurchasePriceCents: sale.agentPurchasePriceCents,
    ...(checks.notes.length ? { decisionReason: checks.notes.join(' ') } : {}),
    ...(checks.approve.length && checks.forVendor.join(' ') !== checks.approve.join(' ') ? { vendorDecisionReason: checks.forVendor.join(' ') } : {}),
  };
  try {
    if (checks.approve.length === 0) {
      await Dispute.create(dispute, { orFail: () => new AlreadyThere() });
      return { dispute, replayed: false };
    }
    const approved = await commitDecision(dispute, sale, { status: 'Approved', by: AUTO_DECIDER, reason: checks.approve.join(' ') }, 'create');
    return { dispute: approved, replayed: false };
  } catch (err) {
    // A concurrent submission of the same sale won the conditional write: answer as a replay.
    if (!(err instanceof AlreadyThere)) throw err;
    const stored = await Dispute.get({ leadId: lead.leadId, agentId: sale.agentId }, { consistent: true });
    if (!stored) throw err;
    return replayOf(stored, callerId, req);
  }
}

function replayOf(stored: Dispute, callerId: string, req: DisputeRequest): DisputeOutcome {
  const same = stored.submittedBy === callerId && lower(stored.vendorReason) === lower(req.vendorReason) && stored.userComments === req.userComments;
  if (!same) throw new Conflict(M.alreadyDisputed);
  return { dispute: stored, replayed: true };
}

// ---------------------------------------------------------------------------------------------
// Pre-checks: evidence read from stored data; what cannot be determined is said, never guessed

export interface PreCheckResult {
  /** Clear cases found: each a sentence of evidence; any one approves the dispute at once. */
  approve: string[];
  /** What the checks could not determine (left to staff), as sentences. */
  notes: string[];
  /** `approve` as the lead's vendor may read it: an earlier lead of another vendor is not named. */
  forVendor: string[];
}

export async function preChecks(lead: Lead, sale: LeadSale): Promise<PreCheckResult> {
  const notes: string[] = [];
  const [duplicate, place] = await Promise.all([duplicateEvidence(lead), orderEvidence(lead, sale)]);
  if (duplicate.note) notes.push(duplicate.note);
  const phone = phoneProblem(lead.primaryPhone);
  const email = lead.email ? emailProblem(lead.email) : undefined;
  const others = [...(phone ? [phone] : []), ...(email ? [email] : []), ...place.found];
  notes.push(...place.notes);
  return {
    approve: [...(duplicate.found ? [duplicate.found] : []), ...others],
    notes,
    forVendor: [...(duplicate.forVendor ? [duplicate.forVendor] : []), ...others],
  };
}

/**
 * Another lead with the same phone or e-mail in the campaign's dedupe scope and window, before this one
 * (the engine's rule, dedupe.ts). `forVendor`: the same evidence for the lead's vendor, which names the
 * earlier lead only when it is that vendor's own (another vendor's lead numbers are not theirs to see).
 */
async function duplicateEvidence(lead: Lead): Promise<{ found?: string; forVendor?: string; note?: string }> {
  const campaign = await Campaign.get({ campaignId: lead.campaignId });
  if (!campaign) return { note: 'The duplicate check could not run: the campaign is gone.' };
  const seen = await duplicatesOf(lead, campaign);
  const first = seen.sort((a, b) => a.at.localeCompare(b.at))[0];
  if (!first) return {};
  const earlier = await Lead.get({ leadId: first.leadId });
  const what = first.kind === 'PHONE' ? 'phone number' : 'e-mail address';
  const evidence = (which: string) => `Duplicate: the same ${what} arrived with ${which} at ${first.at}, within the campaign's ${campaign.dedupeDays}-day dedupe window before this lead.`;
  const which = earlier ? `lead ${earlier.userFacingLeadId}` : 'an earlier lead';
  const sameVendor = !!earlier && !!lead.vendorId && earlier.vendorId === lead.vendorId;
  return { found: evidence(which), forVendor: evidence(sameVendor ? which : 'an earlier lead from another source') };
}

/**
 * Whether a stored phone (10 digits) is a dialable North American number: area code and exchange
 * start with 2–9 and are not N11 service codes, and it is not one digit ten times.
 */
export function phoneProblem(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  if (!/^\d{10}$/.test(digits)) return 'Invalid phone: the phone number does not have 10 digits.';
  if (/^(\d)\1{9}$/.test(digits)) return 'Invalid phone: the phone number is one digit repeated.';
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  if (!/^[2-9]/.test(area)) return 'Invalid phone: the area code starts with 0 or 1.';
  if (/^[2-9]11$/.test(area)) return 'Invalid phone: the area code is an N11 service code.';
  if (!/^[2-9]/.test(exchange)) return 'Invalid phone: the exchange starts with 0 or 1.';
  if (/^[2-9]11$/.test(exchange)) return 'Invalid phone: the exchange is an N11 service code.';
  return undefined;
}

/** Top-level domains reserved never to resolve (RFC 2606, RFC 6761). */
const RESERVED_TLDS = new Set(['test', 'invalid', 'example', 'localhost']);

export function emailProblem(email: string): string | undefined {
  if (!z.email().safeParse(email).success) return 'Invalid e-mail: the e-mail address is not well formed.';
  const tld = email.split('.').pop()!.toLowerCase();
  if (RESERVED_TLDS.has(tld)) return `Invalid e-mail: the domain ends in .${tld}, which is reserved and cannot receive mail.`;
  return undefined;
}

/**
 * The order's geography and schedule at the time of sale. An order keeps a snapshot of its geography
 * with every save (OrderHistory); its schedule is on the order only, so it is known for the sale only
 * when the order has not been saved since. The agent's time zone is the one set now (not versioned).
 */
async function orderEvidence(lead: Lead, sale: LeadSale): Promise<{ found: string[]; notes: string[] }> {
  const found: string[] = [];
  const notes: string[] = [];
  const [order, snapshots, owner] = await Promise.all([
    Order.get({ orderId: sale.orderId }),
    OrderHistory.query.ofOrder(sale.orderId).all({ newestFirst: true }),
    AgentProfile.get({ agentId: sale.agentId }),
  ]);
  const atSale = snapshots.find((h) => h.lastUpdated <= sale.at);
  if (!atSale) notes.push("The order's geography at the time of sale could not be determined: no saved version of the order precedes the sale.");
  else if (atSale.states.length > 0) {
    if (!atSale.states.includes(lead.stateCode))
      found.push(`Outside geography: the lead's state ${lead.stateCode} was not among the order's states (${atSale.states.join(', ')}) at the time of sale.`);
  } else if (atSale.zipCodes.length > 0) {
    if (!atSale.zipCodes.includes(lead.zipCode)) found.push(`Outside geography: the lead's zip code ${lead.zipCode} was not among the order's zip codes at the time of sale.`);
  } else notes.push("The order's geography at the time of sale could not be determined: its saved version lists no states or zip codes.");

  const savedSince = snapshots.some((h) => h.lastUpdated > sale.at);
  if (!order) notes.push("The order's schedule could not be checked: the order is gone.");
  else if (savedSince) notes.push("The order's schedule at the time of sale could not be determined: the order was saved again after the sale.");
  else {
    const zoneName = isKnownTimeZone(owner?.timeZone) ? owner.timeZone : DEFAULT_TIME_ZONE;
    const local = localTime(new Date(sale.at), TIME_ZONES[zoneName]);
    if (!scheduleCovers(order.slots, local))
      found.push(`Outside schedule: the lead arrived ${local.label} in the agent's time zone (${zoneName}), outside the order's schedule.`);
  }
  return { found, notes };
}

// ---------------------------------------------------------------------------------------------
// Decisions (pre-checks and staff)

export interface DecisionInput {
  leadId: string;
  agentId: string;
  decision: 'Approve' | 'Deny';
  reason: string;
  /** The staff user (their e-mail is recorded). */
  by: string;
}

/**
 * PATCH /disputes/{leadId}: approve (with the credit) or deny a Submitted dispute. The same decision
 * again answers the stored dispute (a retried click); another decision of a decided dispute is a 409.
 */
export async function decideDispute(input: DecisionInput): Promise<Dispute> {
  const status: DisputeStatus = input.decision === 'Approve' ? 'Approved' : 'Denied';
  const key = { leadId: input.leadId, agentId: input.agentId };
  const [dispute, sale] = await Promise.all([Dispute.get(key, { consistent: true }), LeadSale.get(key, { consistent: true })]);
  if (!dispute || !sale) throw new NotFound(M.disputeNotFound);
  if (dispute.status !== 'Submitted') return decidedAlready(dispute, status);
  try {
    return await commitDecision(dispute, sale, { status, by: input.by, reason: input.reason }, 'update');
  } catch (err) {
    if (!(err instanceof AlreadyDecided)) throw err;
    const stored = await Dispute.get(key, { consistent: true });
    if (!stored) throw err;
    return decidedAlready(stored, status);
  }
}

function decidedAlready(stored: Dispute, wanted: DisputeStatus): Dispute {
  if (stored.status !== wanted) throw new Conflict(M.alreadyDecided);
  return stored;
}

type Decision = { status: 'Approved' | 'Denied'; by: string; reason: string };

/**
 * Write a decision: `create` puts a new dispute already decided (the pre-checks), `update` decides a
 * Submitted one. An approval credits the sale's price in the same transaction. A balance changed
 * meanwhile is read again; a dispute decided meanwhile throws AlreadyDecided (AlreadyThere on create).
 */
async function commitDecision(dispute: Dispute, sale: LeadSale, decision: Decision, mode: 'create' | 'update'): Promise<Dispute> {
  const credit = decision.status === 'Approved' ? sale.agentPurchasePriceCents : 0;
  for (let attempt = 1; ; attempt++) {
    const balance = credit > 0 ? await Balance.get({ agentId: sale.agentId }, { consistent: true }) : undefined;
    if (credit > 0 && !balance) throw new NotFound('Agent account not found.');
    const at = balance ? entryTime(balance) : new Date().toISOString();
    const money = balance ? creditItems(balance, { deltaCents: credit, type: 'LeadCredit', description: `Credit for disputed lead ${sale.userFacingLeadId}`, at }) : undefined;
    const decided: Dispute = {
      ...dispute,
      status: decision.status,
      decidedAt: at,
      decidedBy: decision.by,
      decisionReason: decision.reason,
      ...(money ? { creditEntryId: money.result.entryId } : {}),
    };
    const items: TxItem[] = [
      mode === 'create'
        ? Dispute.createTx(decided, { orFail: () => new AlreadyThere() })
        : Dispute.patchTx(
            { leadId: dispute.leadId, agentId: dispute.agentId },
            { set: { status: decided.status, decidedAt: at, decidedBy: decision.by, decisionReason: decision.reason, ...(money ? { creditEntryId: money.result.entryId } : {}) } },
            {
              current: dispute,
              condition: { expression: '#disputeStatus = :submitted', names: { '#disputeStatus': 'status' }, values: { ':submitted': 'Submitted' } },
              orFail: () => new AlreadyDecided(),
            },
          ),
    ];
    // The credited lead on the sale's performance cell is the projector's (views/performance-view.ts).
    if (decision.status === 'Approved' && money) items.push(...money.items);
    try {
      await transactWrite(items);
      return decided;
    } catch (err) {
      const retry = isStaleBalance(err) || err instanceof TransactionConflict;
      if (!retry || attempt >= ATTEMPTS) throw err;
      await sleep(Math.random() * Math.min(200, 10 * 2 ** attempt));
    }
  }
}

class AlreadyDecided extends Conflict {
  constructor() {
    super(M.alreadyDecided);
  }
}
class AlreadyThere extends Conflict {
  constructor() {
    super(M.alreadyDisputed);
  }
}

// ---------------------------------------------------------------------------------------------
// The staff queue

export interface QueueRow {
  dispute: Dispute;
  lead?: Lead;
  agent?: AgentProfile;
  /** The vendor's reason the dispute names, for its user-facing text; absent once the vendor dropped it. */
  reason?: DisputeReason;
}

/** The vendor's reason a dispute names (a lead without a vendor has no reasons, so its dispute none). */
const reasonRef = (d: Dispute) => (d.vendorId ? DisputeReason.ref({ vendorId: d.vendorId, vendorReason: d.vendorReason }) : undefined);

/** GET /disputes: disputes of a status by time (Submitted oldest first, decided ones newest first), with their lead, agent and reason. */
export async function disputeQueue(q: { status: DisputeStatus; cursor?: string }): Promise<Page<QueueRow>> {
  const page = await Dispute.query.byStatus(q.status).page({ limit: DISPUTE_QUEUE_PAGE_SIZE, newestFirst: q.status !== 'Submitted', ...(q.cursor ? { cursor: q.cursor } : {}) });
  const refs: Record<string, Ref<unknown>> = {};
  for (const d of page.items) {
    refs[`l:${d.leadId}`] = Lead.ref({ leadId: d.leadId });
    refs[`a:${d.agentId}`] = AgentProfile.ref({ agentId: d.agentId });
    const reason = reasonRef(d);
    if (reason) refs[`r:${d.leadId}#${d.agentId}`] = reason;
  }
  const read = page.items.length ? ((await getMany(refs)) as Record<string, unknown>) : {};
  return {
    items: page.items.map((dispute) => {
      const reason = read[`r:${dispute.leadId}#${dispute.agentId}`] as DisputeReason | undefined;
      return {
        dispute,
        lead: read[`l:${dispute.leadId}`] as Lead | undefined,
        agent: read[`a:${dispute.agentId}`] as AgentProfile | undefined,
        ...(reason ? { reason } : {}),
      };
    }),
    ...(page.cursor ? { cursor: page.cursor } : {}),
  };
}

/** One dispute with its lead, agent and reason (the answer of a decision). */
export async function queueRowOf(dispute: Dispute): Promise<QueueRow> {
  const ref = reasonRef(dispute);
  const { lead, agent, reason } = await getMany({
    lead: Lead.ref({ leadId: dispute.leadId }),
    agent: AgentProfile.ref({ agentId: dispute.agentId }),
    ...(ref ? { reason: ref } : {}),
  });
  return { dispute, ...(lead ? { lead } : {}), ...(agent ? { agent } : {}), ...(reason ? { reason } : {}) };
}
