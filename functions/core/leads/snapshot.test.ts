import { describe, expect, it } from 'vitest';
import type { CandidateRow, Offer } from './decide.ts';
import { soldHere } from './snapshot.ts';

const row = (leadCount: number, version: number): CandidateRow => ({
  order: {
    orderId: 'O1', userFacingOrderId: 1, agentId: 'A1', status: 1, isFundOrder: true, selectedFundIds: ['F1'], campaigns: [], recipients: [{ agentId: 'A1', firstName: 'a', lastName: 'b', percentage: 100 }],
    slots: [], maxPerHour: 0, maxPerDay: 0, maxPerWeek: 0, maxPerMonth: 0, receivedCounts: { A1: leadCount }, leadCount, revision: 1,
  },
  target: { zips: [], fundIds: ['F1'], campaignVendors: [], active: true, revision: 1 },
  owner: { agentId: 'A1', status: 1, orderStatus: 1, type: 0, priority: 5, liveTransferStatus: 1, thirdPartyLeadStatus: true },
  balance: { agentId: 'A1', balanceCents: 10_000, creditLineCents: 0, version, updatedAt: '2026-01-01T00:00:00.000Z' },
  recipientsActive: {},
});
const periods = { HOUR: '2026-03-04T09', DAY: '2026-03-04', WEEK: '2026-W10', MONTH: '2026-03' };

describe("this process's own sales over the view's rows", () => {
  it('replace an older row (lower lead count, lower balance version) and never a row that follows them', () => {
    const sold = row(3, 7);
    const offer = { row: sold, recipientId: 'A1', periods } as unknown as Offer;
    soldHere.note(offer, '2026-03-04T15:00:00.000Z', { ...sold.balance!, balanceCents: 7_500, version: 8 });
    const over = soldHere.over(row(3, 7));
    expect(over.order).toMatchObject({ leadCount: 4, lastLeadAt: '2026-03-04T15:00:00.000Z', receivedCounts: { A1: 4 }, usage: { days: { '2026-03-04': 1 } } });
    expect(over.balance).toMatchObject({ balanceCents: 7_500, version: 8 });
    const later = row(5, 9);
    expect(soldHere.over(later)).toEqual(later);
  });
});
