// The lead engine's charge stage: one sale as one TransactWriteItems (data-model §4.3): the buyer's
// balance and LeadSpend entry, the order's header (usage under its caps, the recipient's count, last
// lead) held to what the offer was made on, the lead (created once by a new lead's first sale, with its
// answer and same-phone lock; changed by a retry's or a shared lead's), the sale, and a
// check per split recipient. Caps, balance, statuses and the target's revision are conditions there,
// so an offer made on a stale snapshot costs a fresh read of that candidate and another try, never a
// wrong sale.
import { debitItems, isStaleBalance } from '#core/money/ledger.ts';
import { usageWithOneMore } from '#core/orders/periods.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { Lead, type Lead as LeadItem } from '#entities/lead.ts';
import { LeadSale } from '#entities/lead-sale.ts';
import type { LeadRetry as LeadRetryItem } from '#entities/lead-retry.ts';
import { Order } from '#entities/order.ts';
import { OrderTarget } from '#entities/order-target.ts';
import { transactWrite, TransactionConflict, type TxItem } from '#platform/db.ts';
import { Conflict, InsufficientFunds } from '#platform/errors.ts';
import { couldBuy, judge, PASSED, type DecisionLead, type Offer } from './decide.ts';
import { dedupeLockTx } from './dedupe.ts';
import { backOff, createLeadTx, LeadStored, resultOf, retryHeld, RetryTaken, storedAnswer, type Stored, type StoredTrace } from './record.ts';
import { freshRow, soldHere } from './snapshot.ts';
import type { CampaignContext } from './validate.ts';

/**
 * How a sale is written: a new lead is created by its first sale (with its answer and lock: a racing
 * replay's create fails on it); a stored unsold lead on retry is changed by it, only while still Unsold and unsold (so a
 * retry never sells a lead twice, whoever else retries it), and its retry item goes.
 */
export type SaleMode = { kind: 'new' } | { kind: 'retry'; retry: LeadRetryItem; note: string };

export type SaleAttempt =
  | { kind: 'sold' }
  | { kind: 'passed'; reason: string; soldOut?: boolean; taken?: boolean }
  | { kind: 'replayed'; stored: Stored }
  /** The candidate had changed: its offer judged again on its facts read now, to be ranked again. */
  | { kind: 'moved'; offer: Offer };

class Refused extends Conflict {}
class SoldOut extends Conflict {}
class Moved extends Conflict {}
const GEOGRAPHY_MOVED = "The order's geography no longer takes this zip.";

/**
 * The order's header after the sale, while Active, while its lead count is the one the offer was made
 * on (every sale adds to it, so no other sale came between: the recipient picked from the counts and
 * the usage computed from them are exact, each recipient's share stays within one lead of its
 * percentage, and no cap is passed), and while its revision is the one the target was written at (a
 * save or a status change moves it: the geography the lead matched is still the order's).
 */
function orderUpdate(offer: Offer, at: string): TxItem {
  const { order, target } = offer.row;
  const counted = order.leadCount === 0 ? '(attribute_not_exists(#leads) OR #leads = :leads)' : '#leads = :leads';
  const revision = target.revision === undefined ? '' : ' AND #revision = :revision';
  return {
    kind: 'update',
    key: Order.key({ orderId: order.orderId }),
    update: {
      expression: 'SET lastLeadAt = :lastLeadAt, receivedCounts.#recipient = if_not_exists(receivedCounts.#recipient, :zero) + :one, #usage = :usage ADD #leads :one',
      names: { '#recipient': offer.recipientId, '#usage': 'usage', '#leads': 'leadCount' },
      values: { ':lastLeadAt': at, ':zero': 0, ':one': 1, ':usage': usageWithOneMore(order.usage, offer.periods) },
    },
    condition: {
      expression: `#status = :active AND ${counted}${revision}`,
      names: { '#status': 'status', ...(revision ? { '#revision': 'revision' } : {}) },
      values: { ':active': 1, ':leads': order.leadCount, ...(revision ? { ':revision': target.revision } : {}) },
    },
    orFail: () => new Moved('The order changed meanwhile.'),
  };
}

/** The sale's checks beside the header: a target written before targets carried a revision still takes the zip; a split recipient other than the owner still takes leads (active, order status Active). */
function checks(offer: Offer, lead: LeadItem): TxItem[] {
  const { order, target } = offer.row;
  return [
    ...(target.revision === undefined
      ? [OrderTarget.checkTx({ orderId: order.orderId, state: lead.stateCode }, { expression: '#active = :true AND (size(zips) = :none OR contains(zips, :zip))', names: { '#active': 'active' }, values: { ':true': true, ':none': 0, ':zip': lead.zipCode } }, () => new Refused(GEOGRAPHY_MOVED))]
      : []),
    // The owner's statuses need no item: the balance says whether its owner takes leads (`leadsStopped`).
    ...(offer.recipientId === order.agentId ? [] : [AgentProfile.checkTx({ agentId: offer.recipientId }, { expression: '#status = :one AND #orderStatus = :one', names: { '#status': 'status', '#orderStatus': 'orderStatus' }, values: { ':one': 1 } }, () => new Moved('The agent changed meanwhile.'))]),
  ];
}

/** One try of a sale of `lead` on `offer`; a candidate found changed is read again and judged again (`moved`). */
export async function trySale(
  lead: LeadItem,
  offer: Offer,
  ctx: CampaignContext,
  opts: { first: boolean; maxSales: number; mode: SaleMode; saleAt: string; record: StoredTrace; companyPriceCents: number; decision: { lead: DecisionLead; at: Date }; attempt: number },
): Promise<SaleAttempt> {
  const { mode, saleAt } = opts;
  const { order, balance } = offer.row;
  if (!balance) return { kind: 'passed', reason: PASSED.noAccount };
  const at = saleAt > balance.updatedAt ? saleAt : new Date(Date.parse(balance.updatedAt) + 1).toISOString();
  let money;
  try {
    money = debitItems(balance, { deltaCents: -offer.priceCents, type: 'LeadSpend', description: `Lead ${lead.userFacingLeadId} (order ${order.userFacingOrderId})`, allowCreditLine: ctx.allowCreditLine, at, buyerTakesLeads: true });
  } catch (err) {
    if (err instanceof InsufficientFunds) return { kind: 'passed', reason: PASSED.balance };
    throw err;
  }
  const why = `Matched your order ${order.userFacingOrderId}: state ${lead.stateCode}, ${offer.localLabel}, ${offer.used.DAY + 1}${order.maxPerDay > 0 ? ` of ${order.maxPerDay}` : ''} today.`;
  const sold = { leadStatus: 'Sold' as const, reasons: mode.kind === 'retry' ? [...lead.reasons, `${mode.note}: sold.`] : [], saleCount: 1, maxSales: opts.maxSales, ...opts.record, routedTo: lead.routedTo ?? ('post' as const) };
  const leadWrite: TxItem[] = !opts.first
    ? [Lead.patchTx({ leadId: lead.leadId }, { add: { saleCount: 1 } }, { condition: { expression: 'saleCount < maxSales' }, orFail: () => new SoldOut('The lead has sold to as many agents as it may.') })]
    : mode.kind === 'new'
      ? [createLeadTx({ ...lead, ...sold, companyPurchasePriceCents: opts.companyPriceCents }, resultOf({ ...lead, reasons: [] }, 'sold')), ...dedupeLockTx(lead, ctx.campaign)]
      : retryHeld(lead, mode.retry, sold);
  const items: TxItem[] = [
    ...money.items,
    orderUpdate(offer, saleAt),
    leadWrite[0]!,
    LeadSale.createTx(
      {
        leadId: lead.leadId,
        userFacingLeadId: lead.userFacingLeadId,
        at: saleAt,
        agentId: order.agentId,
        recipientAgentId: offer.recipientId,
        orderId: order.orderId,
        userFacingOrderId: order.userFacingOrderId,
        ...(offer.fundId ? { fundId: offer.fundId } : {}),
        campaignId: lead.campaignId,
        ...(lead.vendorId ? { vendorId: lead.vendorId } : {}),
        agentPurchasePriceCents: offer.priceCents,
        companyPurchasePriceCents: opts.companyPriceCents,
        ledgerEntryId: money.result.entryId,
        retryAttempt: mode.kind === 'retry' ? mode.retry.attempt : 0,
        why,
        stateCode: lead.stateCode,
        ...(lead.score !== undefined ? { score: lead.score } : {}),
        ...(offer.row.owner.timeZone ? { agentTimeZone: offer.row.owner.timeZone } : {}),
      },
      { orFail: () => new Refused('Already sold to this agent.') },
    ),
    ...leadWrite.slice(1),
    ...checks(offer, lead),
  ];
  try {
    await transactWrite(items);
    soldHere.note(offer, saleAt, { ...balance, balanceCents: balance.balanceCents - offer.priceCents, version: balance.version + 1, updatedAt: at });
    return { kind: 'sold' };
  } catch (err) {
    if (err instanceof LeadStored) {
      const first = await storedAnswer(lead.leadId);
      if (first) return { kind: 'replayed', stored: first };
    }
    if (err instanceof RetryTaken) return { kind: 'passed', reason: err.message, soldOut: true, taken: true };
    if (err instanceof SoldOut) return { kind: 'passed', reason: err.message, soldOut: true };
    if (err instanceof Refused) return { kind: 'passed', reason: err.message };
    if (!isStaleBalance(err) && !(err instanceof Moved) && !(err instanceof TransactionConflict)) throw err;
    // Another sale to the same agent or order committed first (or the snapshot was behind): read the
    // candidate again now and judge it again. Two transactions in flight on the same items back off.
    if (err instanceof TransactionConflict) await backOff(opts.attempt);
    const row = await freshRow(order.orderId, order.agentId, lead.stateCode);
    if (!row) return { kind: 'passed', reason: PASSED.noAccount };
    if (!couldBuy(row, opts.decision.lead, ctx)) return { kind: 'passed', reason: row.order.status === 1 ? GEOGRAPHY_MOVED : PASSED.notActive };
    const judged = judge(row, opts.decision.lead, ctx, opts.decision.at);
    if (typeof judged === 'string') return { kind: 'passed', reason: judged };
    return { kind: 'moved', offer: judged };
  }
}
