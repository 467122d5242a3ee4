// An agent's lead balance. `version` grows by one with every change to the item (credit line
// included), which lets a ledger write prove nothing changed since it read the balance.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { agentPk } from './agent-profile.ts';

const cents = z.number().int();

/** Signed cents as text that sorts like the number: offset past the lowest balance a credit line allows, zero-padded. */
const OFFSET = 10 ** 14;
export const sortableCents = (value: number): string => {
  if (!(Math.abs(value) < OFFSET)) throw new Error(`${value} cents is outside the sortable range`);
  return String(value + OFFSET).padStart(15, '0');
};

/** The sort keys of the agent directory's money orders (core/directory/agent-directory.ts); ties go by agent id. */
export const balanceKeys = {
  balance: (b: { balanceCents: number; agentId: string }) => `${sortableCents(b.balanceCents)}#${b.agentId}`,
  creditLine: (b: { creditLineCents: number; agentId: string }) => `${sortableCents(b.creditLineCents)}#${b.agentId}`,
};

export const Balance = defineEntity({
  entity: 'Balance',
  version: 1,
  schema: z.object({
    agentId: z.string(),
    balanceCents: cents,
    creditLineCents: cents.nonnegative(),
    version: z.number().int().nonnegative(),
    updatedAt: z.string(),
    /**
     * The ISO week of the latest Pro Store transfer and what it answered: the weekly job's
     * once-a-week guard, written in the same transaction as that transfer (docs/data-model.md §5).
     */
    proStoreWeek: z.string().optional(),
    proStoreResult: z
      .object({ entryId: z.string(), agentId: z.string(), at: z.string(), type: z.string(), deltaCents: cents, balanceCents: cents })
      .optional(),
    /**
     * The thresholds the ledger watches (docs/data-model.md "Low-balance alerts and auto-recharge"):
     * a debit taking the balance from at/above one to below it makes a BalanceCrossing (the projector's
     * balance-crossings view, from the debit's stream record, which holds the thresholds read). Set
     * only with a version bump, so a write that read the old thresholds retries.
     */
    lowBalanceAlertCents: cents.positive().optional(),
    autoRechargeBelowCents: cents.positive().optional(),
    /**
     * The agent's names as registered (agents are never renamed): every ledger write copies them onto
     * its entry, whose Transaction History name orders are keyed by them (docs/data-model.md #88g), so
     * no ledger write reads the profile for them.
     */
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    /**
     * The owner takes no leads now: the profile's status or order status is off. Written in the same
     * transaction as every change of either (conditioned on the other as read), so a lead sale, which
     * writes this item anyway, conditions on its absence instead of checking the profile. Absent =
     * takes leads.
     */
    leadsStopped: z.literal(true).optional(),
  }),
  /** balance by agent (read with the profile; conditioned on by every ledger write) */
  key: (b: { agentId: string }) => ({ pk: agentPk(b.agentId), sk: 'BALANCE' }),
});
export type Balance = z.infer<typeof Balance.schema>;

/** Whether a profile's statuses stop its leads (not active, or its order status paused). */
export const stopsLeads = (p: { status: number; orderStatus: number }): boolean => p.status !== 1 || p.orderStatus !== 1;

/** The balance's `leadsStopped` for a profile's statuses after a change, as a patch (merged into a balance patch of the same transaction). */
export const leadsStoppedPatch = (p: { status: number; orderStatus: number }): { set: { leadsStopped: true } } | { remove: ['leadsStopped'] } =>
  stopsLeads(p) ? { set: { leadsStopped: true } } : { remove: ['leadsStopped'] };
