// The lead engine's domain events (events/lead-events.ts), published from the change stream: a
// LeadArrived when a lead is first stored (with what became of it), a LeadSold when a sale is stored
// (on arrival or on a retry). Before, the engine published them after its commit, and a failure there
// lost them; here a failed publication fails the record, which the projector delivers again. Event
// ids are fixed by the facts, so a record delivered twice publishes the same ids (consumers
// de-duplicate on `eventId`).
import type { LeadArrivedDetail } from '#events/lead-events.ts';
import type { Lead } from '#entities/lead.ts';
import type { LeadSale } from '#entities/lead-sale.ts';
import { leadArrivedEvent, leadSoldEvent } from '#core/leads/lead-events.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import { publishOrThrow } from './domain-events.ts';
import type { View } from './projector.ts';

/** What the engine answered for a lead first stored with this status. */
const RESULT_OF: Record<Lead['leadStatus'], LeadArrivedDetail['result']> = {
  Sold: 'sold',
  Unsold: 'unsold',
  CallCenter: 'unsold',
  Duplicate: 'duplicate',
  Rejected: 'rejected',
};

export const leadEventsView: View = {
  name: 'lead-events',
  sources: ['Lead', 'LeadSale'],
  async apply(record: ChangeRecord): Promise<void> {
    if (record.eventName !== 'INSERT' || !record.newImage) return;
    const entity = entityOf(record);
    if (entity === 'Lead') {
      const lead = record.newImage as unknown as Lead;
      await publishOrThrow([leadArrivedEvent(lead, RESULT_OF[lead.leadStatus], lead.at)]);
    } else if (entity === 'LeadSale') {
      const sale = record.newImage as unknown as LeadSale;
      const lead = { leadId: sale.leadId, userFacingLeadId: sale.userFacingLeadId, campaignId: sale.campaignId, ...(sale.vendorId ? { vendorId: sale.vendorId } : {}) };
      const fact = { orderId: sale.orderId, agentId: sale.agentId, recipientAgentId: sale.recipientAgentId, ...(sale.fundId ? { fundId: sale.fundId } : {}), priceCents: sale.agentPurchasePriceCents, at: sale.at };
      await publishOrThrow([leadSoldEvent(lead, fact, sale.retryAttempt ?? 0)]);
    }
  },
};
