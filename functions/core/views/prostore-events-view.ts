// The store's ProStoreTransferCompleted event (events/prostore-transfer.ts), published from the change
// stream: the weekly job's debit writes the ISO week and its result on the agent's balance item in the
// debit's own transaction, so a balance whose week changed is a committed transfer. Before, the job
// published after its commit and kept failed publications pending for the next run.
import type { Balance } from '#entities/balance.ts';
import { proStoreTransferEvent } from '#core/money/prostore.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import { publishOrThrow } from './domain-events.ts';
import type { View } from './projector.ts';

export const proStoreEventsView: View = {
  name: 'prostore-events',
  sources: ['Balance'],
  async apply(record: ChangeRecord): Promise<void> {
    if (!record.newImage || entityOf(record) !== 'Balance') return;
    const balance = record.newImage as unknown as Balance;
    const before = record.oldImage as unknown as Balance | undefined;
    if (!balance.proStoreWeek || !balance.proStoreResult || balance.proStoreWeek === before?.proStoreWeek) return;
    await publishOrThrow([proStoreTransferEvent(balance.agentId, balance.proStoreWeek, balance.proStoreResult)]);
  },
};
