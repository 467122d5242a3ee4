// Crossing detection for the low-balance alert and auto-recharge: given the balance item a ledger
// write read (under its version condition) and the balance after the write, the outbox item to add to
// that same transaction when the write takes the balance from at/above a watched threshold to below
// it. Every balance change goes through the ledger's one movement builder, so lead charges,
// transfers, CSV debits and Pro Store runs are all covered, and concurrent debits, serialised by the
// version check, cross at most once. Going back to at/above the threshold re-arms it by itself.
import type { Balance } from '#entities/balance.ts';
import { BalanceCrossing } from '#entities/balance-crossing.ts';
import type { TxItem } from '#platform/db.ts';

/** Crossing items are kept this long for support after they are handled. */
const KEEP_DAYS = 90;

/** Whether a change from `before` to `after` crosses `threshold` downwards. */
export const crossesBelow = (threshold: number | undefined, before: number, after: number): threshold is number =>
  threshold !== undefined && before >= threshold && after < threshold;

export function crossingItems(balance: Balance, after: number, entry: { entryId: string; at: string }): TxItem[] {
  const alert = crossesBelow(balance.lowBalanceAlertCents, balance.balanceCents, after);
  const recharge = crossesBelow(balance.autoRechargeBelowCents, balance.balanceCents, after);
  if (!alert && !recharge) return [];
  return [
    BalanceCrossing.createTx({
      agentId: balance.agentId,
      entryId: entry.entryId,
      at: entry.at,
      balanceBeforeCents: balance.balanceCents,
      balanceAfterCents: after,
      ...(alert ? { alertCents: balance.lowBalanceAlertCents } : {}),
      ...(recharge ? { rechargeBelowCents: balance.autoRechargeBelowCents } : {}),
      state: 'pending',
      ttl: Math.floor(Date.parse(entry.at) / 1000) + KEEP_DAYS * 86_400,
    }),
  ];
}
