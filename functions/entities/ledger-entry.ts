// One row of My Account: what moved, and the balance right after it.
import { z } from 'zod';
import { LEDGER_TYPES } from '#shared/ledger-types.ts';
import { defineEntity } from '#platform/entity.ts';
import { timeRange } from '#platform/item-key.ts';
import { agentPk } from './agent-profile.ts';

const cents = z.number().int();

export const LedgerEntry = defineEntity({
  entity: 'LedgerEntry',
  version: 1,
  schema: z.object({
    entryId: z.string(),
    agentId: z.string(),
    at: z.string(),
    type: z.enum(LEDGER_TYPES),
    description: z.string(),
    creditCents: cents.nonnegative(),
    debitCents: cents.nonnegative(),
    balanceAfterCents: cents,
    /** The other agent of a transfer. */
    counterpartyAgentId: z.string().optional(),
    /**
     * The agent's names as registered (agents are never renamed), copied from the balance item by the
     * ledger write: the Transaction History's name orders are keyed by them (ledger-history-key.ts).
     * Absent on entries of an account opened without names (the view then reads the agent's profile).
     */
    firstName: z.string().optional(),
    lastName: z.string().optional(),
  }),
  key: (e: { agentId: string; at: string; entryId: string }) => ({ pk: agentPk(e.agentId), sk: `LEDGER#${e.at}#${e.entryId}` }),
  queries: {
    /** ledger by agent and time [from, to) (My Account) */
    byTime: (agentId: string, from: string, to: string) => ({ pk: agentPk(agentId), sk: timeRange('LEDGER#', from, to) }),
    /** the entries before `at`; newest first with limit 1 it gives the starting balance row */
    before: (agentId: string, at: string) => ({ pk: agentPk(agentId), sk: { between: ['LEDGER#', `LEDGER#${at}`] as const } }),
    /** an agent's whole ledger (invariant checks, seed verification) */
    ofAgent: (agentId: string) => ({ pk: agentPk(agentId), sk: { beginsWith: 'LEDGER#' } }),
  },
});
export type LedgerEntry = z.infer<typeof LedgerEntry.schema>;

