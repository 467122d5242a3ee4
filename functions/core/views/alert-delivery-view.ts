// E-mail and SMS alerts (issue 23) from the stream records of the agents' notifications: a Notification
// INSERT (the notifications view creates each once, named by its fact) goes to the channels the agent
// turned on for its kind (functions/core/alerts/alert-delivery.ts): sent now, queued until quiet hours
// end, or dropped in them (a distributed lead's note to its buyer stays in the portal: the recipient is
// alerted). Never inside a sale's transaction or answer. Each (notification, channel) is
// claimed by a create-if-absent before anything is sent, so a record delivered again sends nothing.
// Like the live push, only a notification of a fact at most PUSH_WITHIN_MS old is alerted: a rebuild,
// or a projector catching up after downtime, does not text anyone about yesterday. A failed send does
// not fail the record (the projector would stall on a mail outage): it is queued for the alertQueue job.
import { deliverNotification, type AlertDeps } from '#core/alerts/alert-delivery.ts';
import { alertTokenSecret } from '#core/alerts/alert-token.ts';
import { Notification } from '#entities/notification.ts';
import { config } from '#platform/config.ts';
import { mailerFromEnv } from '#platform/mailer.ts';
import { smsSenderFromEnv } from '#platform/sms.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import { deliveredBeyondPortal, PUSH_WITHIN_MS } from './notifications-view.ts';
import type { View } from './projector.ts';

/** The senders and links from the environment, read per record (tests point them at their own directories). */
const depsFromEnv = (now: () => number): AlertDeps => ({
  mailer: mailerFromEnv(),
  sms: smsSenderFromEnv(),
  appOrigin: config().APP_ORIGIN.replace(/\/+$/, ''),
  secret: () => alertTokenSecret(),
  now: () => new Date(now()),
});

export function alertDeliveryView(now: () => number = Date.now, deps: (now: () => number) => AlertDeps = depsFromEnv): View {
  return {
    name: 'alert-delivery',
    sources: ['Notification'],
    async apply(record: ChangeRecord): Promise<void> {
      if (record.eventName !== 'INSERT' || entityOf(record) !== 'Notification' || !record.newImage) return;
      if (record.eventId.startsWith('rebuild:')) return;
      const note = Notification.parse(record.newImage);
      if (now() - Date.parse(note.at) >= PUSH_WITHIN_MS || !deliveredBeyondPortal(note)) return;
      await deliverNotification(note, deps(now));
    },
  };
}
