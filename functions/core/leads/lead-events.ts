// The lead engine's domain events (events/lead-events.ts), built from the stored lead and sales. The
// projector publishes them (functions/core/views/lead-events-view.ts), never the request that stored them.
import {
  LEAD_ARRIVED_DETAIL_TYPE,
  LEAD_EVENT_SOURCE,
  LEAD_SOLD_DETAIL_TYPE,
  leadArrivedDetail,
  leadSoldDetail,
  type LeadArrivedDetail,
  type LeadSoldDetail,
} from '#events/lead-events.ts';
import type { DomainEvent } from '#platform/events.ts';

/** What the events say about a lead: ids and its outcome, nothing personal. */
export interface LeadFacts {
  leadId: string;
  userFacingLeadId: number;
  source: 'vendor' | 'publicForm';
  campaignId: string;
  vendorId?: string;
  leadStatus: string;
}

/** One committed sale of a lead. */
export interface SaleFact {
  orderId: string;
  agentId: string;
  recipientAgentId: string;
  fundId?: string;
  priceCents: number;
  at: string;
}

export function leadArrivedEvent(lead: LeadFacts, result: LeadArrivedDetail['result'], at: string): DomainEvent {
  const detail = leadArrivedDetail.parse({
    eventId: `lead-arrived:${lead.leadId}`,
    leadId: lead.leadId,
    userFacingLeadId: lead.userFacingLeadId,
    source: lead.source,
    campaignId: lead.campaignId,
    ...(lead.vendorId ? { vendorId: lead.vendorId } : {}),
    result,
    status: lead.leadStatus,
    occurredAt: at,
  } satisfies LeadArrivedDetail);
  return { id: detail.eventId, source: LEAD_EVENT_SOURCE, detailType: LEAD_ARRIVED_DETAIL_TYPE, time: at, detail };
}

export function leadSoldEvent(lead: Pick<LeadFacts, 'leadId' | 'userFacingLeadId' | 'campaignId' | 'vendorId'>, sale: SaleFact, retryAttempt: number): DomainEvent {
  const detail = leadSoldDetail.parse({
    eventId: `lead-sold:${lead.leadId}:${sale.agentId}`,
    leadId: lead.leadId,
    userFacingLeadId: lead.userFacingLeadId,
    campaignId: lead.campaignId,
    ...(lead.vendorId ? { vendorId: lead.vendorId } : {}),
    ...(sale.fundId ? { fundId: sale.fundId } : {}),
    orderId: sale.orderId,
    agentId: sale.agentId,
    recipientAgentId: sale.recipientAgentId,
    priceCents: sale.priceCents,
    retryAttempt,
    occurredAt: sale.at,
  } satisfies LeadSoldDetail);
  return { id: detail.eventId, source: LEAD_EVENT_SOURCE, detailType: LEAD_SOLD_DETAIL_TYPE, time: sale.at, detail };
}
