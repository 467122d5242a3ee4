// The Transaction History's sort copies of the ledger (a view, functions/core/views/ledger-history-view.ts):
// every ledger entry has one small item in each of the report's orders, in the partition of its
// reporting day, its order and its shard (`HISTORY#{column}#{day}#{shard}`), keyed by its place in
// that order. The shard is a hash of the agent id, so no partition takes more than 1/HISTORY_SHARDS of
// the day's entries; the report merges a day's shards. The time order's copy carries the whole entry
// (the report's full reads and its export read rows from it); the others the entry's key and the
// fields every order and every filter but Description reads (`sortable`), so a filtered page sorts
// its matches from the copies and reads only its own rows' entries.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { pad } from '#platform/item-key.ts';
import { hashShard } from '#platform/shard.ts';
import { LedgerEntry } from './ledger-entry.ts';

/** Partitions of one order's day: each takes about 1/4 of the day's entries (250 WCU/s at 1,000 entries/s). */
export const HISTORY_SHARDS = 4;

/** The shard of an agent's entries (FNV-1a of the agent id): an agent's entries stay in one. */
export const historyShardOf = (agentId: string): number => hashShard(agentId, HISTORY_SHARDS);

/**
 * A name as the Transaction History's name orders compare it: lower case, control characters as
 * spaces. In a key it is followed by \u0001, lower than any character it can hold, so a name sorts
 * before every longer name it begins (as the strings compare).
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it replaces
export const nameSortKey = (name: string) => name.toLowerCase().replace(/[\u0000-\u001f]/g, ' ');
const NAME_END = '\u0001';

type Keyed = Pick<LedgerEntry, 'agentId' | 'at' | 'entryId' | 'type' | 'creditCents' | 'debitCents'> & { firstName: string; lastName: string };

/** What a copy of an order other than time carries of its entry: with its agentId, at and entryId, every order's key. */
export const SortableFields = z.object({
  type: LedgerEntry.schema.shape.type,
  creditCents: z.number().int(),
  debitCents: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
});
export type SortableFields = z.infer<typeof SortableFields>;

/** What every order but AgentId breaks ties with: time, then agent, then entry. */
const timeTail = (e: Keyed) => `${e.at}#${e.agentId}#${e.entryId}`;

/**
 * The sort key of an entry in each Transaction History order, ascending as the report sorts;
 * compared as DynamoDB compares them (UTF-8 bytes). Names are the agent's as shown.
 */
export const ledgerSortKeys = {
  Timestamp: timeTail,
  Type: (e: Keyed) => `${e.type}#${timeTail(e)}`,
  Credit: (e: Keyed) => `${pad(e.creditCents, 13)}#${timeTail(e)}`,
  Debit: (e: Keyed) => `${pad(e.debitCents, 13)}#${timeTail(e)}`,
  AgentId: (e: Keyed) => `${nameSortKey(e.agentId)}${NAME_END}${e.at}#${e.entryId}`,
  FirstName: (e: Keyed) => `${nameSortKey(e.firstName)}${NAME_END}${timeTail(e)}`,
  LastName: (e: Keyed) => `${nameSortKey(e.lastName)}${NAME_END}${timeTail(e)}`,
} as const;
export type HistoryColumn = keyof typeof ledgerSortKeys;
export const HISTORY_COLUMNS = Object.keys(ledgerSortKeys) as HistoryColumn[];

/** One order's partition of a day's shard. */
export const historyPk = (column: HistoryColumn, day: string, shard: number) => `HISTORY#${column}#${day}#${shard}`;

export const LedgerHistoryKey = defineEntity({
  entity: 'LedgerHistoryKey',
  version: 1,
  schema: z.object({
    column: z.enum(HISTORY_COLUMNS as [HistoryColumn, ...HistoryColumn[]]),
    day: z.string(),
    shard: z.number().int().nonnegative(),
    /** The entry's sort key in the order. */
    k: z.string(),
    agentId: z.string(),
    at: z.string(),
    entryId: z.string(),
    /** The whole entry, on the time order's copy only. */
    entry: LedgerEntry.schema.optional(),
    /** The entry's sort and filter fields, on the other orders' copies (absent on copies written before them: the report then reads the entry). */
    sortable: SortableFields.optional(),
  }),
  key: (h: { column: HistoryColumn; day: string; shard: number; k: string }) => ({ pk: historyPk(h.column, h.day, h.shard), sk: h.k }),
  queries: {
    /** a day's shard of one order, ascending (Transaction History) */
    ofList: (column: HistoryColumn, day: string, shard: number) => ({ pk: historyPk(column, day, shard) }),
  },
});
export type LedgerHistoryKey = z.infer<typeof LedgerHistoryKey.schema>;
