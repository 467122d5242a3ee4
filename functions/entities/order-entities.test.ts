import { describe, expect, it } from 'vitest';
import { Order } from './order.ts';
import { OrderRecipient } from './order-recipient.ts';
import { OrderTarget } from './order-target.ts';

const header = {
  orderId: 'o1', userFacingOrderId: 100_001, agentId: 'A1', createdAt: '2024-05-01T00:00:00.000Z', lastUpdated: '2024-05-01T00:00:00.000Z',
  modifiedBy: 'a@example.com', description: 'x', status: 1 as const, priority: 5, isFundOrder: true, statesOnly: true,
  maxPerHour: 0, maxPerDay: 1, maxPerWeek: 0, maxPerMonth: 0, selectedFundIds: ['f1'], campaigns: [], recipients: [], slots: [],
  stateCount: 1, zipCodeCount: 0, targetStates: ['IL'], attention: [] as ('Terminated' | 'Reassigned' | 'FundsInactive')[],
  receivedCounts: {}, leadCount: 0, revision: 1, createDigest: 'd',
};

describe('order item keys', () => {
  it("files the header under the agent's orders, newest first by Created", () => {
    expect(Order.keys({ ...header, status: 0 })).toEqual({ pk: 'ORDER#o1', sk: 'ORDER', gsi1pk: 'AGENT_ORDERS#A1', gsi1sk: '2024-05-01T00:00:00.000Z#o1' });
  });

  it('keeps an Active fund order in no index every order shares (the Open Orders report is a projector view)', () => {
    expect(Object.keys(Order.keys({ ...header, leadCount: 12, lastLeadAt: '2024-05-02T10:00:00.000Z' })).filter((k) => k.endsWith('pk'))).toEqual(['pk', 'gsi1pk']);
  });

  it('puts a header in the terminated (gsi2) and reassigned (gsi3) attention indexes only while flagged, both at once if need be', () => {
    expect(Order.keys({ ...header, attention: ['Terminated', 'Reassigned'] })).toMatchObject({
      gsi2pk: 'ORDER_ATTENTION#A1', gsi2sk: 'TERMED#o1', gsi3pk: 'ORDER_ATTENTION#A1', gsi3sk: 'REASSIGNED#o1',
    });
    expect(Order.keys({ ...header, attention: ['FundsInactive'] })).not.toHaveProperty('gsi2pk');
  });

  it('indexes a routing target in its state only while the order is Active', () => {
    const target = { orderId: 'o1', agentId: 'A1', state: 'IL', fundIds: ['f1'], campaignVendors: [], zips: [] };
    expect(OrderTarget.keys({ ...target, active: true })).toEqual({ pk: 'ORDER#o1', sk: 'TARGET#IL', gsi3pk: 'OPEN_ORDERS#IL', gsi3sk: 'A1#o1' });
    expect(OrderTarget.keys({ ...target, active: false })).not.toHaveProperty('gsi3pk');
  });

  it('finds the orders an agent receives from by the recipient', () => {
    expect(OrderRecipient.keys({ orderId: 'o1', agentId: 'A2', ownerId: 'A1', percentage: 40 })).toEqual({ pk: 'ORDER#o1', sk: 'RECIPIENT#A2', gsi1pk: 'RECIPIENT_ORDERS#A2', gsi1sk: 'o1' });
  });
});
