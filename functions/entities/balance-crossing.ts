// The outbox of the low-balance alert and auto-recharge: one item per balance change that took an
// agent's balance from at/above a watched threshold to below it, written by the projector from that
// change's stream record (functions/core/views/balance-crossings-view.ts), named by the change and
// created only if absent (so a crossing is never lost, and a record delivered again writes none). The balanceAlerts job takes the pending ones from a sparse index and marks
// each step done on the item itself, so a retried run neither mails nor charges twice.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { agentPk } from './agent-profile.ts';

export const CROSSINGS_PENDING_PK = 'BALANCE_CROSSINGS';

const cents = z.number().int();

export const BalanceCrossing = defineEntity({
  entity: 'BalanceCrossing',
  version: 1,
  schema: z.object({
    agentId: z.string(),
    /** The ledger entry whose write crossed: names the crossing (and the recharge attempt it starts). */
    entryId: z.string(),
    at: z.string(),
    balanceBeforeCents: cents,
    balanceAfterCents: cents,
    /** The alert threshold crossed, when the low-balance alert was crossed. */
    alertCents: cents.optional(),
    /** The auto-recharge threshold crossed, when that one was. */
    rechargeBelowCents: cents.optional(),
    /** 'pending' until every step is done; only pending items are in the job's index. */
    state: z.enum(['pending', 'done']),
    /** The alert e-mail: claimed (with the claim's time) before sending, 'sent' after. */
    mail: z.enum(['claimed', 'sent', 'skipped']).optional(),
    mailClaimedAt: z.string().optional(),
    /** What the recharge step ended in. */
    recharge: z.enum(['credited', 'declined', 'capped', 'skipped']).optional(),
    ttl: z.number().int().optional(),
  }),
  /** an agent's crossings, by entry */
  key: (c: { agentId: string; entryId: string }) => ({ pk: agentPk(c.agentId), sk: `CROSSING#${c.entryId}` }),
  indexes: {
    /** crossings still to handle, oldest first (sparse: only pending ones) */
    pending: {
      index: 'gsi3',
      attributes: ['state', 'at', 'agentId', 'entryId'],
      when: (c) => c.state === 'pending',
      key: (c) => ({ pk: CROSSINGS_PENDING_PK, sk: `${c.at}#${c.agentId}#${c.entryId}` }),
      query: () => ({ pk: CROSSINGS_PENDING_PK }),
    },
  },
});
export type BalanceCrossing = z.infer<typeof BalanceCrossing.schema>;
