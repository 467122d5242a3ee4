// The outbox of the low-balance alert and auto-recharge (entities/balance-crossing.ts), kept from the
// balance item's changes: a change that takes the balance from at/above a watched threshold (on the
// item, set only with a version bump) to below it, and the opt-in to auto-recharge while the balance
// is already below its threshold, leave one pending crossing for the balanceAlerts job. The crossing
// is named by what the record holds (the ledger entry written at the balance's new `updatedAt`, or
// the opt-in's version), and created only if absent, so a record delivered again never writes a second
// crossing nor re-arms one the job has handled. Concurrent debits are serialised by the balance's
// version, so each crossing is one record. A rebuild writes none: crossings start actions (an e-mail,
// a card charge), and a balance replayed as an INSERT has no change to judge.
import type { Balance } from '#entities/balance.ts';
import { BalanceCrossing } from '#entities/balance-crossing.ts';
import { LedgerEntry } from '#entities/ledger-entry.ts';
import { ConditionFailed } from '#platform/db.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import type { View } from './projector.ts';

/** Crossing items are kept this long for support after they are handled. */
const KEEP_DAYS = 90;

/** Whether a change from `before` to `after` crosses `threshold` downwards. */
export const crossesBelow = (threshold: number | undefined, before: number, after: number): threshold is number =>
  threshold !== undefined && before >= threshold && after < threshold;

/** The crossing a balance change makes, without its name (undefined: none). */
export function crossingOf(before: Balance, after: Balance): Omit<BalanceCrossing, 'entryId'> | undefined {
  const base = { agentId: after.agentId, balanceBeforeCents: before.balanceCents, balanceAfterCents: after.balanceCents, state: 'pending' as const };
  if (after.balanceCents < before.balanceCents) {
    // The thresholds the debit's transaction was conditioned on (the version proves they were current).
    const alert = crossesBelow(before.lowBalanceAlertCents, before.balanceCents, after.balanceCents);
    const recharge = crossesBelow(before.autoRechargeBelowCents, before.balanceCents, after.balanceCents);
    if (!alert && !recharge) return undefined;
    return {
      ...base,
      at: after.updatedAt,
      ...(alert ? { alertCents: before.lowBalanceAlertCents } : {}),
      ...(recharge ? { rechargeBelowCents: before.autoRechargeBelowCents } : {}),
    };
  }
  // Auto-recharge switched on while the balance is already below its threshold starts a recharge at once.
  if (before.autoRechargeBelowCents === undefined && after.autoRechargeBelowCents !== undefined && after.balanceCents < after.autoRechargeBelowCents)
    return { ...base, at: new Date().toISOString(), rechargeBelowCents: after.autoRechargeBelowCents };
  return undefined;
}

/**
 * The ledger entry the balance's change wrote: the one at its new `updatedAt` (an account's entries
 * have distinct times; the ledger writes it in the balance's transaction). A balance put without one
 * (bulk seeding) names its crossing by the time instead.
 */
async function entryIdAt(agentId: string, at: string): Promise<string> {
  const next = new Date(Date.parse(at) + 1).toISOString();
  const entry = await LedgerEntry.query.byTime(agentId, at, next).first({ consistent: true });
  return entry?.at === at ? entry.entryId : `at-${at}`;
}

export const balanceCrossingsView: View = {
  name: 'balance-crossings',
  sources: ['Balance'],
  async apply(record: ChangeRecord): Promise<void> {
    if (record.eventName !== 'MODIFY' || !record.oldImage || !record.newImage || entityOf(record) !== 'Balance') return;
    const before = record.oldImage as unknown as Balance;
    const after = record.newImage as unknown as Balance;
    const crossing = crossingOf(before, after);
    if (!crossing) return;
    const entryId = after.balanceCents < before.balanceCents ? await entryIdAt(after.agentId, after.updatedAt) : `optin-${after.version}`;
    // The opt-in's time is when it is projected; a replay finds the crossing there and writes nothing.
    const ttl = Math.floor(Date.parse(crossing.at) / 1000) + KEEP_DAYS * 86_400;
    try {
      await BalanceCrossing.create({ ...crossing, entryId, ttl });
    } catch (err) {
      if (!(err instanceof ConditionFailed)) throw err;
    }
  },
};
