// The lead engine's domain events (events/lead-events.ts) and their publication through the project's
// publisher (functions/platform/events.ts: EventBridge in AWS, JSON lines under LOCAL_EVENTS_DIR
// locally). The projector publishes them from the stored lead and sales (functions/core/views/
// lead-events-view.ts), never the request that stored them. Where no publisher is configured (the
// test stage) nothing is sent.
import {
  LEAD_ARRIVED_DETAIL_TYPE,
  LEAD_EVENT_SOURCE,
  LEAD_SOLD_DETAIL_TYPE,
  leadArrivedDetail,
  leadSoldDetail,
  type LeadArrivedDetail,
  type LeadSoldDetail,
} from '#events/lead-events.ts';
import { eventPublisherFromEnv, type DomainEvent, type EventPublisher } from '#platform/events.ts';
import { logger } from '#platform/logger.ts';

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

// Read on first use (as the Pro Store job does): `npm run routes` imports the engine without settings.
let publisher: EventPublisher | null | undefined;

function currentPublisher(): EventPublisher | null {
  if (publisher !== undefined) return publisher;
  const env = process.env;
  publisher = env.EVENT_BUS_NAME || env.LOCAL_EVENTS_DIR ? eventPublisherFromEnv(env) : null;
  if (!publisher) logger.info('Lead events are not published: no EVENT_BUS_NAME or LOCAL_EVENTS_DIR');
  return publisher;
}

/** Tests hand in their own publisher (or null for none); undefined goes back to the environment's. */
export function setLeadEventPublisher(p: EventPublisher | null | undefined): void {
  publisher = p;
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

/** Publishes the events; throws when any is not published, so the projector delivers the record again. */
export async function publishLeadEventsOrThrow(events: DomainEvent[]): Promise<void> {
  const p = currentPublisher();
  if (!p || events.length === 0) return;
  const { failed } = await p.publish(events);
  if (failed.length) throw new Error(`Lead events not published: ${failed.map((f) => `${f.id} (${f.reason})`).join(', ')}`);
}
