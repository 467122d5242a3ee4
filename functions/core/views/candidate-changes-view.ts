// The lead engine's change log (entities/candidate-change.ts) for balances, kept from the balance
// item's changes: money put into an account, or its credit line changed, may let the agent's orders
// take leads again, so the engines drop what they kept of that balance and read it again. A sale or
// any other debit is not logged (it only makes the agent less able to pay, which the sale's own
// transaction judges). The change is logged at the time it is projected, not the balance's time: the
// engines read the log's last seconds, so a change logged late under an old time would be missed. A
// record delivered again logs the change once more, which drops the same kept balance again (what the
// engines do with a change is idempotent). A rebuild logs nothing: the log is about the last seconds,
// and a balance replayed as an INSERT is no change.
import type { Balance } from '#entities/balance.ts';
import { CandidateChange, candidateChangeOf } from '#entities/candidate-change.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import type { View } from './projector.ts';

/** Whether a balance change may let the agent buy leads it could not before. */
export const mayBuyMore = (before: Balance, after: Balance): boolean =>
  after.balanceCents > before.balanceCents || after.creditLineCents !== before.creditLineCents;

export const candidateChangesView: View = {
  name: 'candidate-changes',
  sources: ['Balance'],
  async apply(record: ChangeRecord): Promise<void> {
    if (record.eventName !== 'MODIFY' || !record.oldImage || !record.newImage || entityOf(record) !== 'Balance') return;
    const after = record.newImage as unknown as Balance;
    if (!mayBuyMore(record.oldImage as unknown as Balance, after)) return;
    await CandidateChange.put(candidateChangeOf('balance', after.agentId));
  },
};
