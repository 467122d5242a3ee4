// The projector's way out to the event bus: the project's publisher (functions/platform/events.ts:
// EventBridge in AWS, JSON lines under LOCAL_EVENTS_DIR locally), read from the environment on first
// use. A view publishes through `publishOrThrow`: an event the bus refuses fails the record, which the
// projector delivers again, so no event is lost; ids are fixed by the facts, so consumers de-duplicate.
import { eventPublisherFromEnv, type DomainEvent, type EventPublisher } from '#platform/events.ts';
import { logger } from '#platform/logger.ts';
import { onForget } from '#platform/held.ts';

let publisher: EventPublisher | null | undefined;
onForget(() => {
  publisher = undefined;
});

function currentPublisher(): EventPublisher | null {
  if (publisher !== undefined) return publisher;
  const env = process.env;
  publisher = env.EVENT_BUS_NAME || env.LOCAL_EVENTS_DIR ? eventPublisherFromEnv(env) : null;
  if (!publisher) logger.info('Domain events are not published: no EVENT_BUS_NAME or LOCAL_EVENTS_DIR');
  return publisher;
}

/** Tests hand in their own publisher (or null for none); undefined goes back to the environment's. */
export function setEventPublisher(p: EventPublisher | null | undefined): void {
  publisher = p;
}

/** Publishes the events; throws when any is not published, so the projector delivers the record again. */
export async function publishOrThrow(events: DomainEvent[]): Promise<void> {
  const p = currentPublisher();
  if (!p || events.length === 0) return;
  const { failed } = await p.publish(events);
  if (failed.length) throw new Error(`Events not published: ${failed.map((f) => `${f.id} (${f.reason})`).join(', ')}`);
}
