// The lead engine's change log (entities/candidate-change.ts) for balances, agents and orders, kept
// from the items' changes: money put into an account, or its credit line changed, may let the agent's
// orders take leads again, so the engines drop what they kept of that balance and read it again; a
// profile changed in anything but its sign-in stamp (status, orders on or off, priority, zone, zip...)
// ranks the agent differently, so the engines read it again; an order
// created, saved or its status changed (its revision moved) may route differently, so the engines drop
// the order and the open-orders lists of its states before and after. A sale or any other debit is not
// logged (it only makes the agent less able to pay, or the order later served, which the sale's own
// transaction judges). The change is logged at the time it is projected, not the balance's time: the
// engines read the log's last seconds, so a change logged late under an old time would be missed. A
// record delivered again logs the change once more, which drops the same kept balance again (what the
// engines do with a change is idempotent). A rebuild logs nothing: the log is about the last seconds,
// and a balance replayed as an INSERT is no change.
import type { Balance } from '#entities/balance.ts';
import type { Order } from '#entities/order.ts';
import { CandidateChange, candidateChangeOf } from '#entities/candidate-change.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import type { View } from './projector.ts';

/** Whether a balance change may let the agent buy leads it could not before. */
export const mayBuyMore = (before: Balance, after: Balance): boolean =>
  after.balanceCents > before.balanceCents || after.creditLineCents !== before.creditLineCents;

type OrderRouting = Pick<Order, 'orderId' | 'revision' | 'targetStates'>;

/** An order's save or status change (a new revision), not a sale's count: the states it was and is routed to. */
function orderChange(record: ChangeRecord): { orderId: string; states: string[] } | undefined {
  // A record a rebuild or the seed replays (no stream sequence) is no change of the last seconds.
  if (!record.newImage || record.sequenceNumber === '') return undefined;
  const after = record.newImage as unknown as OrderRouting;
  const before = record.oldImage as unknown as OrderRouting | undefined;
  if (before && before.revision === after.revision) return undefined;
  return { orderId: after.orderId, states: [...(after.targetStates ?? []), ...(before?.targetStates ?? [])] };
}

/** Profile attributes no ranking reads: a change of only these is not logged (a sign-in stamps one). */
const UNRANKED = new Set(['lastLoginAt', 'lastLeadAt']);

/** Whether a profile's change touches anything beyond its sign-in stamp. */
export function agentChanged(record: ChangeRecord): boolean {
  if (record.eventName !== 'MODIFY' || !record.oldImage || !record.newImage) return false;
  const keys = new Set([...Object.keys(record.oldImage), ...Object.keys(record.newImage)]);
  return [...keys].some((k) => !UNRANKED.has(k) && JSON.stringify(record.oldImage![k]) !== JSON.stringify(record.newImage![k]));
}

export const candidateChangesView: View = {
  name: 'candidate-changes',
  sources: ['Balance', 'Order', 'AgentProfile'],
  async apply(record: ChangeRecord): Promise<void> {
    const entity = entityOf(record);
    if (entity === 'Order') {
      const change = orderChange(record);
      if (change) await CandidateChange.put(candidateChangeOf('order', change.orderId, { states: change.states }));
      return;
    }
    if (entity === 'AgentProfile') {
      if (agentChanged(record)) await CandidateChange.put(candidateChangeOf('agent', String(record.newImage!.agentId)));
      return;
    }
    if (record.eventName !== 'MODIFY' || !record.oldImage || !record.newImage || entity !== 'Balance') return;
    const after = record.newImage as unknown as Balance;
    if (!mayBuyMore(record.oldImage as unknown as Balance, after)) return;
    await CandidateChange.put(candidateChangeOf('balance', after.agentId));
  },
};
