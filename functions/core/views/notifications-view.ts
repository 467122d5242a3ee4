// The agent's notifications (issue 23), kept from the facts' stream records and pushed to the agent's
// open tabs: a sale stored (to the agent who receives the lead; when a split order gave it to another
// agent, to that recipient and, naming the recipient, to the buyer), a dispute decided (to the agent
// who disputed and, when another, the agent credited), and a low-balance alert crossing
// (entities/balance-crossing.ts). Each is named by its fact and created only if absent, so a record
// delivered again writes nothing and pushes nothing; only a notification this apply stored, of a fact
// at most PUSH_WITHIN_MS old, is pushed (a rebuild or a projector catching up after hours stores
// without ringing every tab). Facts older than the notifications' keep are skipped.
import type { BalanceCrossing } from '#entities/balance-crossing.ts';
import type { Dispute } from '#entities/dispute.ts';
import { Lead } from '#entities/lead.ts';
import type { LeadSale } from '#entities/lead-sale.ts';
import { NOTIFICATION_KEEP_DAYS, type Notification } from '#entities/notification.ts';
import { Order } from '#entities/order.ts';
import { logger } from '#platform/logger.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import { pushNotification, recordNotification } from '#core/notifications/notifications.ts';
import type { View } from './projector.ts';

/** A fact older than this when projected is stored, not pushed. */
export const PUSH_WITHIN_MS = 5 * 60_000;
const KEEP_MS = NOTIFICATION_KEEP_DAYS * 86_400_000;

const ttlOf = (at: string) => Math.floor((Date.parse(at) + KEEP_MS) / 1000);

async function saleNotes(sale: LeadSale): Promise<Notification[]> {
  const [lead, order] = await Promise.all([Lead.get({ leadId: sale.leadId }), Order.get({ orderId: sale.orderId })]);
  const note = {
    at: sale.at,
    kind: 'LeadSold' as const,
    leadId: sale.leadId,
    userFacingLeadId: sale.userFacingLeadId,
    ...(lead ? { leadName: `${lead.firstName} ${lead.lastName}`.trim() } : {}),
    orderName: order?.description ?? `#${sale.userFacingOrderId}`,
    priceCents: sale.agentPurchasePriceCents,
  };
  const received = { ...note, agentId: sale.recipientAgentId, sourceId: `sale#${sale.leadId}#${sale.agentId}` };
  if (sale.recipientAgentId === sale.agentId) return [received];
  const recipient = order?.recipients.find((r) => r.agentId === sale.recipientAgentId);
  const distributedTo = recipient ? `${recipient.firstName} ${recipient.lastName}`.trim() || sale.recipientAgentId : sale.recipientAgentId;
  return [received, { ...note, agentId: sale.agentId, sourceId: `distributed#${sale.leadId}#${sale.agentId}`, distributedTo }];
}

/**
 * What goes beyond the portal (e-mail, SMS, the agent's CRM): a lead only to the agent who received it
 * and calls it, never also to the buyer who distributed it (two agents would call one person).
 */
export const deliveredBeyondPortal = (note: Notification): boolean => note.distributedTo === undefined;

function disputeNotes(dispute: Dispute): Notification[] {
  if (dispute.status === 'Submitted' || !dispute.decidedAt) return [];
  const agents = [...new Set([dispute.submittedBy, dispute.agentId])];
  return agents.map((agentId) => ({
    agentId,
    at: dispute.decidedAt!,
    sourceId: `dispute#${dispute.leadId}#${dispute.agentId}`,
    kind: 'DisputeDecided' as const,
    leadId: dispute.leadId,
    userFacingLeadId: dispute.userFacingLeadId,
    decision: dispute.status as 'Approved' | 'Denied',
  }));
}

function crossingNotes(crossing: BalanceCrossing): Notification[] {
  if (crossing.alertCents === undefined) return [];
  return [
    {
      agentId: crossing.agentId,
      at: crossing.at,
      sourceId: `crossing#${crossing.entryId}`,
      kind: 'BalanceLow',
      balanceCents: crossing.balanceAfterCents,
      thresholdCents: crossing.alertCents,
    },
  ];
}

/**
 * The notifications a record makes (most make none). The webhook-deliveries view makes its deliveries
 * from the same: the projector hands one record object to every view, so a sale's lead and order are
 * read once for both.
 */
const made = new WeakMap<ChangeRecord, Promise<Notification[]>>();
export function notesOf(record: ChangeRecord): Promise<Notification[]> {
  let notes = made.get(record);
  if (!notes) {
    notes = notesOfRecord(record);
    made.set(record, notes);
  }
  return notes;
}

async function notesOfRecord(record: ChangeRecord): Promise<Notification[]> {
  const image = record.newImage;
  if (!image) return [];
  switch (entityOf(record)) {
    case 'LeadSale':
      return record.eventName === 'INSERT' ? saleNotes(image as unknown as LeadSale) : [];
    case 'Dispute': {
      const before = record.oldImage as unknown as Dispute | undefined;
      // Decided now: inserted decided (the pre-checks), or moved from Submitted.
      return !before || before.status === 'Submitted' ? disputeNotes(image as unknown as Dispute) : [];
    }
    case 'BalanceCrossing':
      return record.eventName === 'INSERT' ? crossingNotes(image as unknown as BalanceCrossing) : [];
    default:
      return [];
  }
}

export function notificationsView(now: () => number = Date.now): View {
  return {
    name: 'notifications',
    sources: ['LeadSale', 'Dispute', 'BalanceCrossing'],
    async apply(record: ChangeRecord): Promise<void> {
      const notes = (await notesOf(record)).filter((n) => now() - Date.parse(n.at) < KEEP_MS);
      const rebuilding = record.eventId.startsWith('rebuild:');
      await Promise.all(
        notes.map(async (note) => {
          const stored = await recordNotification({ ...note, ttl: ttlOf(note.at) });
          // The notification is kept: a push that fails is not the record's failure (the tab catches up).
          if (stored && !rebuilding && now() - Date.parse(note.at) < PUSH_WITHIN_MS)
            await pushNotification(note).catch((err: unknown) => logger.warn('Live push failed', { kind: note.kind, error: err instanceof Error ? err.name : 'unknown' }));
        }),
      );
    },
  };
}
