import { afterEach, describe, expect, it } from 'vitest';
import { setEventPublisher } from './domain-events.ts';
import type { DomainEvent } from '#platform/events.ts';
import type { ChangeRecord } from '#platform/stream.ts';
import { leadEventsView } from './lead-events-view.ts';

const published: DomainEvent[] = [];
const publishing = (fail = false) =>
  setEventPublisher({
    publish: async (events) => {
      if (fail) return { published: [], failed: events.map((e) => ({ id: e.id, reason: 'Throttled' })) };
      published.push(...events);
      return { published: events.map((e) => e.id), failed: [] };
    },
  });
afterEach(() => {
  published.length = 0;
  setEventPublisher(undefined);
});

const lead = { entity: 'Lead', leadId: 'L1', userFacingLeadId: 7, source: 'vendor', campaignId: 'C1', vendorId: 'V1', leadStatus: 'CallCenter', at: '2026-11-30T12:00:00.000Z', firstName: 'Pat', primaryPhone: '3125550100' };
const sale = { entity: 'LeadSale', leadId: 'L1', userFacingLeadId: 7, at: '2026-11-30T13:00:00.000Z', agentId: 'A1', recipientAgentId: 'A2', orderId: 'O1', userFacingOrderId: 3, fundId: 'F1', campaignId: 'C1', vendorId: 'V1', agentPurchasePriceCents: 2500, companyPurchasePriceCents: 500, ledgerEntryId: 'E1', retryAttempt: 2, why: '' };
const insert = (image: Record<string, unknown>): ChangeRecord => ({ eventId: 'e', eventName: 'INSERT', sequenceNumber: '1', keys: { pk: 'LEAD#L1', sk: String(image.entity) }, newImage: image });

describe('the lead events view', () => {
  it("publishes LeadArrived when a lead is first stored, with the engine's answer for its status and nothing personal", async () => {
    publishing();
    await leadEventsView.apply(insert(lead));
    expect(published).toHaveLength(1);
    expect(published[0]!).toMatchObject({ id: 'lead-arrived:L1', detailType: 'LeadArrived', detail: { result: 'unsold', status: 'CallCenter', source: 'vendor', userFacingLeadId: 7 } });
    expect(JSON.stringify(published)).not.toMatch(/Pat|3125550100/);
  });

  it('publishes LeadSold for a stored sale with its retry attempt', async () => {
    publishing();
    await leadEventsView.apply(insert(sale));
    expect(published.map((e) => [e.id, e.detail.retryAttempt, e.detail.priceCents, e.detail.recipientAgentId])).toEqual([['lead-sold:L1:A1', 2, 2500, 'A2']]);
  });

  it('publishes nothing for a change to a stored lead or another entity', async () => {
    publishing();
    await leadEventsView.apply({ ...insert(lead), eventName: 'MODIFY', oldImage: lead });
    await leadEventsView.apply(insert({ entity: 'Dispute', leadId: 'L1' }));
    expect(published).toEqual([]);
  });

  it('fails the record when the bus refuses an event, so the projector delivers it again', async () => {
    publishing(true);
    await expect(leadEventsView.apply(insert(lead))).rejects.toThrow(/lead-arrived:L1 \(Throttled\)/);
  });
});
