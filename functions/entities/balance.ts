// An agent's lead balance. `version` grows by one with every change to the item (credit line
// included), which lets a ledger write prove nothing changed since it read the balance.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { agentPk } from '#platform/keys.ts';

const cents = z.number().int();

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
  }),
  /** balance by agent (read with the profile; conditioned on by every ledger write) */
  key: (b: { agentId: string }) => ({ pk: agentPk(b.agentId), sk: 'BALANCE' }),
});
export type Balance = z.infer<typeof Balance.schema>;
