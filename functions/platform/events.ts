// Domain event publishing behind one interface, chosen by configuration: EventBridge PutEvents in AWS
// (EVENT_BUS_NAME), JSON lines appended to a file under LOCAL_EVENTS_DIR locally, where no
// EventBridge emulator exists. Publishers report which events failed instead of throwing, so a
// caller can keep the failed ones pending and publish them again later.
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { EventBridgeClient, PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { traced } from './tracer.ts';
import { z } from 'zod';

export interface DomainEvent {
  /** Stable across re-publication; the detail should carry it too (EventBridge assigns envelope ids). */
  id: string;
  source: string;
  detailType: string;
  /** UTC ISO time the event happened. */
  time: string;
  detail: Record<string, unknown>;
}

export interface PublishResult {
  published: string[];
  failed: { id: string; reason: string }[];
}

export interface EventPublisher {
  publish(events: DomainEvent[]): Promise<PublishResult>;
}

/** The PutEvents limit on entries per call. */
export const PUT_EVENTS_BATCH = 10;

/** The part of the EventBridge client the publisher uses, so tests can hand in a fake. */
export interface PutEventsClient {
  send(command: PutEventsCommand): Promise<{ Entries?: { EventId?: string; ErrorCode?: string; ErrorMessage?: string }[] }>;
}

export function eventBridgePublisher(eventBusName: string, client: PutEventsClient = traced(new EventBridgeClient({}))): EventPublisher {
  const putBatch = async (batch: DomainEvent[]): Promise<PublishResult> => {
    const entries: PutEventsRequestEntry[] = batch.map((e) => ({
      EventBusName: eventBusName,
      Source: e.source,
      DetailType: e.detailType,
      Time: new Date(e.time),
      Detail: JSON.stringify(e.detail),
    }));
    try {
      const out = await client.send(new PutEventsCommand({ Entries: entries }));
      // PutEvents answers entry by entry, in request order; a failed entry carries an ErrorCode.
      const result: PublishResult = { published: [], failed: [] };
      batch.forEach((e, i) => {
        const answer = out.Entries?.[i];
        if (answer?.EventId && !answer.ErrorCode) result.published.push(e.id);
        else result.failed.push({ id: e.id, reason: answer?.ErrorCode ?? 'NoAnswer' });
      });
      return result;
    } catch (err) {
      const reason = err instanceof Error ? err.name : 'PutEventsFailed';
      return { published: [], failed: batch.map((e) => ({ id: e.id, reason })) };
    }
  };
  return {
    async publish(events) {
      const batches: DomainEvent[][] = [];
      for (let i = 0; i < events.length; i += PUT_EVENTS_BATCH) batches.push(events.slice(i, i + PUT_EVENTS_BATCH));
      const results = await Promise.all(batches.map(putBatch));
      return { published: results.flatMap((r) => r.published), failed: results.flatMap((r) => r.failed) };
    },
  };
}

/**
 * Appends each event to `{dir}/{source}.jsonl`, one line per event in the envelope shape an
 * EventBridge target receives, so a local consumer reads what the real one would.
 */
export function fileEventPublisher(dir: string): EventPublisher {
  let ready: Promise<unknown> | undefined;
  return {
    async publish(events) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      const bySource = new Map<string, DomainEvent[]>();
      for (const e of events) bySource.set(e.source, [...(bySource.get(e.source) ?? []), e]);
      const result: PublishResult = { published: [], failed: [] };
      for (const [source, group] of bySource) {
        const lines = group.map((e) => `${JSON.stringify(envelopeOf(e))}\n`).join('');
        try {
          // One append (O_APPEND) per source and call, so lines of concurrent publishers do not interleave.
          await appendFile(path.join(dir, `${source}.jsonl`), lines, 'utf8');
          result.published.push(...group.map((e) => e.id));
        } catch (err) {
          const reason = err instanceof Error ? ((err as NodeJS.ErrnoException).code ?? err.name) : 'AppendFailed';
          result.failed.push(...group.map((e) => ({ id: e.id, reason })));
        }
      }
      return result;
    },
  };
}

function envelopeOf(e: DomainEvent) {
  return {
    version: '0',
    id: e.id,
    'detail-type': e.detailType,
    source: e.source,
    account: '000000000000',
    time: e.time,
    region: 'local',
    resources: [],
    detail: e.detail,
  };
}

const publisherConfig = z
  .object({
    EVENT_BUS_NAME: z.string().min(1).optional(),
    LOCAL_EVENTS_DIR: z.string().min(1).optional(),
  })
  .refine((c) => c.EVENT_BUS_NAME || c.LOCAL_EVENTS_DIR, {
    message: 'Set EVENT_BUS_NAME (AWS) or LOCAL_EVENTS_DIR (local stack) to publish domain events',
  });

/** The publisher the environment names; EventBridge wins when both are set. Throws when neither is. */
export function eventPublisherFromEnv(env: NodeJS.ProcessEnv = process.env): EventPublisher {
  const parsed = publisherConfig.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid event configuration: ${parsed.error.issues.map((i) => i.message).join(', ')}`);
  const { EVENT_BUS_NAME, LOCAL_EVENTS_DIR } = parsed.data;
  return EVENT_BUS_NAME ? eventBridgePublisher(EVENT_BUS_NAME) : fileEventPublisher(LOCAL_EVENTS_DIR!);
}
