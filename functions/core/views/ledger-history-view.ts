// The Transaction History's sort copies (LedgerHistoryKey), from the ledger entries' records: an entry
// stored puts its copy in each order; an entry changed or removed first removes the copies it no
// longer has. Before, the entry itself carried seven day-wide index keys (`LEDGER_DAY#{day}`, ...), so
// every money transaction wrote every order's one partition of the day; here the copies are written
// after the commit, spread over the day's shards, 1 write unit each. Idempotent: a copy is keyed by
// its place in its order, so a record applied twice puts the same items.
import { AgentProfile } from '#entities/agent-profile.ts';
import { HISTORY_COLUMNS, historyShardOf, LedgerHistoryKey, ledgerSortKeys } from '#entities/ledger-history-key.ts';
import { LedgerEntry } from '#entities/ledger-entry.ts';
import { batchDelete, batchPut } from '#platform/db.ts';
import { reportDay } from '#platform/report-day.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import type { View } from './projector.ts';

/** An entry's copies: its names (copied from the balance item when it was written; else its agent's profile) make the name orders' keys. */
export async function historyKeysOf(entry: LedgerEntry): Promise<LedgerHistoryKey[]> {
  const profile = entry.firstName === undefined || entry.lastName === undefined ? await AgentProfile.get({ agentId: entry.agentId }) : undefined;
  const keyed = { ...entry, firstName: entry.firstName ?? profile?.firstName ?? '', lastName: entry.lastName ?? profile?.lastName ?? '' };
  const place = { day: reportDay(entry.at), shard: historyShardOf(entry.agentId), agentId: entry.agentId, at: entry.at, entryId: entry.entryId };
  const sortable = { type: entry.type, creditCents: entry.creditCents, debitCents: entry.debitCents, firstName: keyed.firstName, lastName: keyed.lastName };
  return HISTORY_COLUMNS.map((column) => ({ ...place, column, k: ledgerSortKeys[column](keyed), ...(column === 'Timestamp' ? { entry } : { sortable }) }));
}

export const ledgerHistoryView: View = {
  name: 'ledger-history',
  sources: ['LedgerEntry'],
  async apply(record: ChangeRecord): Promise<void> {
    if (entityOf(record) !== LedgerEntry.entity) return;
    const after = record.newImage ? await historyKeysOf(LedgerEntry.parse(record.newImage)) : [];
    const before = record.oldImage ? await historyKeysOf(LedgerEntry.parse(record.oldImage)) : [];
    const kept = new Set(after.map((h) => LedgerHistoryKey.key(h).pk + LedgerHistoryKey.key(h).sk));
    const gone = before.map((h) => LedgerHistoryKey.key(h)).filter((key) => !kept.has(key.pk + key.sk));
    if (gone.length) await batchDelete(gone);
    if (after.length) await batchPut(after.map((h) => LedgerHistoryKey.toItem(h)));
  },
};
