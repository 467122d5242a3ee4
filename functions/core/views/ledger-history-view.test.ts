// The Transaction History's sort copies of one ledger entry: one in each order, in the partition of the
// entry's reporting day (Central) and its agent's shard, keyed in the report's order.
import { describe, expect, it } from 'vitest';
import { HISTORY_COLUMNS, HISTORY_SHARDS, historyShardOf, LedgerHistoryKey } from '#entities/ledger-history-key.ts';
import type { LedgerEntry } from '#entities/ledger-entry.ts';
import { historyKeysOf } from './ledger-history-view.ts';

const entry: LedgerEntry = { entryId: 'e1', agentId: 'A1', at: '2024-05-02T03:00:00.000Z', type: 'FundsTransfer', description: 'to A2', creditCents: 150, debitCents: 0, balanceAfterCents: 900, firstName: 'Ann', lastName: 'Smith' };

describe('the ledger-history view', () => {
  it("puts an entry in every order's list of its reporting day and its agent's shard", async () => {
    const copies = await historyKeysOf(entry);
    expect(copies.map((c) => c.column)).toEqual(HISTORY_COLUMNS);
    for (const c of copies) expect(LedgerHistoryKey.key(c).pk).toBe(`HISTORY#${c.column}#2024-05-01#${historyShardOf('A1')}`);
  });

  it("keys each copy in the report's order, keeps the whole entry on the time order's copy only and the sort fields on the others", async () => {
    const byColumn = Object.fromEntries((await historyKeysOf(entry)).map((c) => [c.column, c]));
    expect(byColumn.Timestamp!.k).toBe('2024-05-02T03:00:00.000Z#A1#e1');
    expect(byColumn.Credit!.k).toBe('0000000000150#2024-05-02T03:00:00.000Z#A1#e1');
    expect(byColumn.FirstName!.k).toBe('ann\u00012024-05-02T03:00:00.000Z#A1#e1');
    expect(byColumn.AgentId!.k).toBe('a1\u00012024-05-02T03:00:00.000Z#e1');
    expect(byColumn.Timestamp!.entry).toEqual(entry);
    expect(byColumn.Type!.entry).toBeUndefined();
    expect(byColumn.Timestamp!.sortable).toBeUndefined();
    for (const column of HISTORY_COLUMNS.filter((c) => c !== 'Timestamp'))
      expect(byColumn[column]!.sortable, column).toEqual({ type: 'FundsTransfer', creditCents: 150, debitCents: 0, firstName: 'Ann', lastName: 'Smith' });
  });

  it('spreads agents over every shard', () => {
    const shards = new Set(Array.from({ length: 200 }, (_v, i) => historyShardOf(`A${i}`)));
    expect(shards.size).toBe(HISTORY_SHARDS);
  });
});
