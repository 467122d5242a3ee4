// CRM deliveries (issue 23), from the same facts' stream records as the notifications (a sale, a decided
// dispute, a low-balance crossing: notifications-view.ts `notesOf`), in the same reader and at the same
// time, not one stream hop later: each notification (but a distributed lead's note to its buyer: the
// recipient's CRM gets the lead) makes one WebhookDelivery per enabled endpoint of its agent that
// wants its kind (created only if absent) and queues it for the delivery worker; the sale's
// transaction and answer never wait on a CRM. A record delivered again finds its deliveries made
// and queues only those that never got an attempt. A fact older than RETRY_FOR_MS when projected (a
// rebuild, a long outage) is not delivered.
import { RETRY_FOR_MS } from '#shared/api/webhooks.ts';
import { deliveriesFor } from '#core/webhooks/deliveries.ts';
import { deliveryQueueConfigured, enqueue } from '#platform/queue.ts';
import type { ChangeRecord } from '#platform/stream.ts';
import { deliveredBeyondPortal, notesOf } from './notifications-view.ts';
import type { View } from './projector.ts';

export function webhookDeliveriesView(now: () => number = Date.now): View {
  return {
    name: 'webhook-deliveries',
    sources: ['LeadSale', 'Dispute', 'BalanceCrossing'],
    async apply(record: ChangeRecord): Promise<void> {
      if (record.eventId.startsWith('rebuild:') || !deliveryQueueConfigured()) return;
      const notes = (await notesOf(record)).filter((n) => deliveredBeyondPortal(n) && now() - Date.parse(n.at) <= RETRY_FOR_MS);
      for (const note of notes) {
        const messages = await deliveriesFor(note);
        await Promise.all(messages.map((m) => enqueue(m)));
      }
    },
  };
}
