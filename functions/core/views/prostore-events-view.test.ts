import { afterEach, describe, expect, it } from 'vitest';
import { proStoreTransferDetail } from '#events/prostore-transfer.ts';
import type { DomainEvent } from '#platform/events.ts';
import type { ChangeRecord } from '#platform/stream.ts';
import { setEventPublisher } from './domain-events.ts';
import { proStoreEventsView } from './prostore-events-view.ts';

const published: DomainEvent[] = [];
setEventPublisher({ publish: async (events) => (published.push(...events), { published: events.map((e) => e.id), failed: [] }) });
afterEach(() => void (published.length = 0));

const balance = (over: Record<string, unknown> = {}) => ({ entity: 'Balance', agentId: 'A7', balanceCents: 7_500, version: 4, updatedAt: '2026-11-30T06:00:01.000Z', ...over });
const result = { entryId: 'E9', agentId: 'A7', at: '2026-11-30T06:00:01.000Z', type: 'ProStoreTransfer', deltaCents: -2_500, balanceCents: 7_500 };
const modify = (before: Record<string, unknown>, after: Record<string, unknown>): ChangeRecord => ({ eventId: 'e', eventName: 'MODIFY', sequenceNumber: '1', keys: { pk: 'AGENT#A7', sk: 'BALANCE' }, oldImage: before, newImage: after });

describe('the Pro Store events view', () => {
  it("publishes the store's event when a balance takes a new Pro Store week, from the result the debit wrote", async () => {
    await proStoreEventsView.apply(modify(balance({ proStoreWeek: '2026-W48' }), balance({ proStoreWeek: '2026-W49', proStoreResult: result })));
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ id: 'prostore:2026-W49:A7', source: 'leadportal.prostore', detailType: 'ProStoreTransferCompleted' });
    expect(proStoreTransferDetail.parse(published[0]!.detail)).toEqual({ eventId: 'prostore:2026-W49:A7', agentId: 'A7', amount: 25, amountCents: 2_500, isoWeek: '2026-W49', ledgerEntryId: 'E9', occurredAt: result.at });
  });

  it('publishes nothing for any other change of the balance (a sale, a transfer) while the week stays', async () => {
    const week = { proStoreWeek: '2026-W49', proStoreResult: result };
    await proStoreEventsView.apply(modify(balance(week), balance({ ...week, balanceCents: 5_000 })));
    await proStoreEventsView.apply(modify(balance(), balance({ balanceCents: 9_000 })));
    expect(published).toEqual([]);
  });
});
