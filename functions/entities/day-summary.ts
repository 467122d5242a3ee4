// An agent's reporting day: credits and debits per ledger type and the opening and closing balance
// (Account Summary report). A view: the projector's day-sums view (functions/core/views/
// day-sums-view.ts) writes it whole from the day's ledger entries, a moment after each new entry.
import { z } from 'zod';
import { LEDGER_TYPES, type LedgerType } from '#shared/ledger-types.ts';
import { defineEntity } from '#platform/entity.ts';
import { DAY_INDEX_SHARDS, hashShard } from '#platform/shard.ts';
import { agentPk } from './agent-profile.ts';

const cents = z.number().int();
const perTypeSums = Object.fromEntries(
  LEDGER_TYPES.flatMap((t) => [
    [`credit${t}Cents`, cents.optional()],
    [`debit${t}Cents`, cents.optional()],
  ]),
) as Record<`${'credit' | 'debit'}${LedgerType}Cents`, z.ZodOptional<typeof cents>>;

export const DaySummary = defineEntity({
  entity: 'DaySummary',
  version: 1,
  schema: z.object({
    agentId: z.string(),
    day: z.string(),
    openingBalanceCents: cents,
    closingBalanceCents: cents,
    entryCount: z.number().int().positive(),
    updatedAt: z.string(),
    ...perTypeSums,
  }),
  key: (d: { agentId: string; day: string }) => ({ pk: agentPk(d.agentId), sk: `DAYSUM#${d.day}` }),
  queries: {
    /** day sums of an agent in [fromDay, toDay] */
    between: (agentId: string, fromDay: string, toDay: string) => ({ pk: agentPk(agentId), sk: { between: [`DAYSUM#${fromDay}`, `DAYSUM#${toDay}`] as const } }),
    /** day sums before `day`; newest first with limit 1 it gives the balance at the start of `day` */
    before: (agentId: string, day: string) => ({ pk: agentPk(agentId), sk: { between: ['DAYSUM#', `DAYSUM#${day}`] as const } }),
  },
  indexes: {
    /**
     * day sums by reporting day across agents (the Account Summary export reads only the agents with
     * activity in its range, ≤ 31 partitions); a sum written without its keys gets them when
     * `npm run rebuild -- day-sums` writes it whole again
     */
    ofDay: {
      index: 'gsi2',
      attributes: ['agentId', 'day'],
      key: (d) => ({ pk: `DAYSUM_DAY#${d.day}#${hashShard(d.agentId, DAY_INDEX_SHARDS)}`, sk: d.agentId }),
      query: (day: string, shard: number) => ({ pk: `DAYSUM_DAY#${day}#${shard}` }),
    },
  },
});
export type DaySummary = z.infer<typeof DaySummary.schema>;
