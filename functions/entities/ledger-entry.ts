// One row of My Account: what moved, and the balance right after it.
import { z } from 'zod';
import { LEDGER_TYPES } from '#shared/ledger-types.ts';
import { defineEntity } from '#platform/entity.ts';
import { agentPk, pad, reportDay, timeRange } from '#platform/keys.ts';

const cents = z.number().int();

/**
 * A name as the Transaction History's name orders compare it: lower case, control characters as
 * spaces. In a key it is followed by \u0001, lower than any character it can hold, so a name sorts
 * before every longer name it begins (as the strings compare).
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it replaces
export const nameSortKey = (name: string) => name.toLowerCase().replace(/[\u0000-\u001f]/g, ' ');
const NAME_END = '\u0001';

/** What every Transaction History order breaks ties with: time, then agent, then entry. */
const timeTail = (e: { at: string; agentId: string; entryId: string }) => `${e.at}#${e.agentId}#${e.entryId}`;

/**
 * The sort keys of the Transaction History orders other than time (docs/data-model.md #88g), one per
 * sortable column; on each the report's day index for that column (`LEDGER_{COLUMN}_DAY#{day}`) is
 * in exactly the report's ascending order. Compared as DynamoDB compares them (UTF-8 bytes).
 */
export const ledgerSortKeys = {
  Type: (e: { type: string; at: string; agentId: string; entryId: string }) => `${e.type}#${timeTail(e)}`,
  Credit: (e: { creditCents: number; at: string; agentId: string; entryId: string }) => `${pad(e.creditCents, 13)}#${timeTail(e)}`,
  Debit: (e: { debitCents: number; at: string; agentId: string; entryId: string }) => `${pad(e.debitCents, 13)}#${timeTail(e)}`,
  AgentId: (e: { at: string; agentId: string; entryId: string }) => `${nameSortKey(e.agentId)}${NAME_END}${e.at}#${e.entryId}`,
  FirstName: (e: { firstName?: string; at: string; agentId: string; entryId: string }) => `${nameSortKey(e.firstName ?? '')}${NAME_END}${timeTail(e)}`,
  LastName: (e: { lastName?: string; at: string; agentId: string; entryId: string }) => `${nameSortKey(e.lastName ?? '')}${NAME_END}${timeTail(e)}`,
} as const;
export type LedgerSortColumn = keyof typeof ledgerSortKeys;

/** The partition of a column's day index. */
export const ledgerSortDayPk = (column: LedgerSortColumn, day: string) => `LEDGER_${column.toUpperCase()}_DAY#${day}`;

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
     * ledger write: the Transaction History's name orders are keyed by them. Absent on entries of an
     * account opened without names (those are then not in the name orders' indexes, which the report
     * notices by their counts).
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
  indexes: {
    /** ledger by reporting day across agents (Transaction History report) */
    ofDay: {
      index: 'gsi1',
      attributes: ['at', 'agentId', 'entryId'],
      key: (e) => ({ pk: `LEDGER_DAY#${reportDay(e.at)}`, sk: `${e.at}#${e.agentId}#${e.entryId}` }),
      query: (day: string) => ({ pk: `LEDGER_DAY#${day}` }),
    },
    /** ledger by reporting day in type order (Transaction History sorted by Type) */
    byTypeOfDay: {
      index: 'gsi2',
      attributes: ['type', 'at', 'agentId', 'entryId'],
      key: (e) => ({ pk: ledgerSortDayPk('Type', reportDay(e.at)), sk: ledgerSortKeys.Type(e) }),
      query: (day: string) => ({ pk: ledgerSortDayPk('Type', day) }),
    },
    /** ledger by reporting day in credit order */
    byCreditOfDay: {
      index: 'gsi3',
      attributes: ['creditCents', 'at', 'agentId', 'entryId'],
      key: (e) => ({ pk: ledgerSortDayPk('Credit', reportDay(e.at)), sk: ledgerSortKeys.Credit(e) }),
      query: (day: string) => ({ pk: ledgerSortDayPk('Credit', day) }),
    },
    /** ledger by reporting day in debit order */
    byDebitOfDay: {
      index: 'gsi4',
      attributes: ['debitCents', 'at', 'agentId', 'entryId'],
      key: (e) => ({ pk: ledgerSortDayPk('Debit', reportDay(e.at)), sk: ledgerSortKeys.Debit(e) }),
      query: (day: string) => ({ pk: ledgerSortDayPk('Debit', day) }),
    },
    /** ledger by reporting day in agent id order */
    byAgentIdOfDay: {
      index: 'gsi5',
      attributes: ['at', 'agentId', 'entryId'],
      key: (e) => ({ pk: ledgerSortDayPk('AgentId', reportDay(e.at)), sk: ledgerSortKeys.AgentId(e) }),
      query: (day: string) => ({ pk: ledgerSortDayPk('AgentId', day) }),
    },
    /** ledger by reporting day in first-name order (entries that carry the agent's names) */
    byFirstNameOfDay: {
      index: 'gsi6',
      attributes: ['firstName', 'at', 'agentId', 'entryId'],
      when: (e) => e.firstName !== undefined,
      key: (e) => ({ pk: ledgerSortDayPk('FirstName', reportDay(e.at)), sk: ledgerSortKeys.FirstName(e) }),
      query: (day: string) => ({ pk: ledgerSortDayPk('FirstName', day) }),
    },
    /** ledger by reporting day in last-name order */
    byLastNameOfDay: {
      index: 'gsi7',
      attributes: ['lastName', 'at', 'agentId', 'entryId'],
      when: (e) => e.lastName !== undefined,
      key: (e) => ({ pk: ledgerSortDayPk('LastName', reportDay(e.at)), sk: ledgerSortKeys.LastName(e) }),
      query: (day: string) => ({ pk: ledgerSortDayPk('LastName', day) }),
    },
  },
});
export type LedgerEntry = z.infer<typeof LedgerEntry.schema>;

/** The index of each column's day order. */
export const LEDGER_SORT_INDEX = { Type: 'gsi2', Credit: 'gsi3', Debit: 'gsi4', AgentId: 'gsi5', FirstName: 'gsi6', LastName: 'gsi7' } as const satisfies Record<LedgerSortColumn, string>;
