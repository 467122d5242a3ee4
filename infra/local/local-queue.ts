// The local stand-in for the webhook delivery queue (SQS) and its event source mapping: the gateway
// serves SQS's JSON protocol (SendMessage) under PREFIX, so functions/platform/queue.ts uses the real
// SQS client with only an endpoint from the environment; messages wait out their DelaySeconds and are
// handed to the same consumer Lambda handler AWS invokes (functions/jobs/webhook-deliver.ts) in
// batches; a message the consumer reports failed comes back after the visibility timeout, and after
// MAX_RECEIVES it goes to the failures file (the dead-letter queue's stand-in). Time comes from a
// clock the tests may drive themselves.
import { createHash, randomUUID } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { REPO_ROOT } from './settings.ts';

export const QUEUE_PREFIX = '/_sqs';
export const QUEUE_NAME = 'deliveries';
const CONSUMER_ENTRY = 'functions/jobs/webhook-deliver.ts';
const BATCH = 10;
/** Batches handed to the consumer at once (an SQS event source mapping starts with five pollers). */
const POLLERS = 5;
export const VISIBILITY_MS = 60_000;
export const MAX_RECEIVES = 5;

type Consumer = (event: SQSEvent) => Promise<SQSBatchResponse>;

interface Held {
  id: string;
  body: string;
  dueAt: number;
  receives: number;
}

export interface LocalQueueOptions {
  /** The consumer (the deployed handler by default). */
  consumer?: Consumer;
  /** The clock: real time unless a test drives its own (then nothing runs until `tick`). */
  now?: () => number;
  /** Run by itself on timers (default) or only when a test calls `tick`. */
  manual?: boolean;
  /** Where messages that failed MAX_RECEIVES times are written (JSON lines). */
  failuresFile?: string;
  log?: (line: string) => void;
}

export interface LocalQueue {
  /** The gateway mount: SQS's JSON protocol. */
  listener: http.RequestListener;
  /** The queue's URL on a gateway at `base` (what DELIVERY_QUEUE_URL names). */
  urlOn(base: string): string;
  /** Queues a message (what SendMessage does). */
  send(body: string, delaySeconds: number): void;
  /** Hands every due message to the consumer, awaiting it; answers when the next one is due (undefined: none). */
  tick(): Promise<number | undefined>;
  /** Messages waiting or in flight. */
  readonly size: number;
  /** Resolves once nothing is due now and nothing is in flight (the real-time runner). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

const loadConsumer = async (): Promise<Consumer> => ((await import(pathToFileURL(path.join(REPO_ROOT, CONSUMER_ENTRY)).href)) as { handler: Consumer }).handler;

export function createLocalQueue(options: LocalQueueOptions = {}): LocalQueue {
  const now = options.now ?? Date.now;
  let consumer: Promise<Consumer> | undefined;
  const consume = () => (consumer ??= options.consumer ? Promise.resolve(options.consumer) : loadConsumer());
  let held: Held[] = [];
  let inFlight = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /** Batches with the consumer now, and their work. */
  let active = 0;
  const working = new Set<Promise<void>>();
  let waiters: (() => void)[] = [];

  const nextDue = () => (held.length ? Math.min(...held.map((m) => m.dueAt)) : undefined);

  /**
   * Hands due messages to free pollers, a batch each (up to POLLERS at once, as the event source
   * mapping's pollers invoke the consumer side by side); a poller whose batch ends takes the next.
   */
  function pump(): void {
    while (!stopped && active < POLLERS) {
      const t = now();
      const batch = held.filter((m) => m.dueAt <= t).sort((a, b) => a.dueAt - b.dueAt).slice(0, BATCH);
      if (!batch.length) return;
      held = held.filter((m) => !batch.includes(m));
      active++;
      const work: Promise<void> = handBatch(batch, t)
        .catch((err: unknown) => options.log?.(`queue: ${err instanceof Error ? err.message : String(err)}`))
        .finally(() => {
          active--;
          working.delete(work);
          schedule();
          wake();
        });
      working.add(work);
    }
  }

  async function tick(): Promise<number | undefined> {
    for (pump(); working.size; pump()) await Promise.all([...working]);
    return nextDue();
  }

  /** One batch to the consumer; a message it reports failed comes back after the visibility timeout, or goes to the failures file. */
  async function handBatch(batch: Held[], t: number): Promise<void> {
    batch.forEach((m) => m.receives++);
    inFlight += batch.length;
    let failed: Set<string>;
    try {
      const answer = await (await consume())({
        Records: batch.map((m) => ({
          messageId: m.id,
          receiptHandle: m.id,
          body: m.body,
          attributes: { ApproximateReceiveCount: String(m.receives), SentTimestamp: String(t), SenderId: 'local', ApproximateFirstReceiveTimestamp: String(t) },
          messageAttributes: {},
          md5OfBody: createHash('md5').update(m.body).digest('hex'),
          eventSource: 'aws:sqs',
          eventSourceARN: `arn:aws:sqs:local:000000000000:${QUEUE_NAME}`,
          awsRegion: 'local',
        })),
      });
      failed = new Set(answer.batchItemFailures.map((f) => f.itemIdentifier));
    } catch (err) {
      options.log?.(`queue: the consumer failed a batch: ${err instanceof Error ? err.message : String(err)}`);
      failed = new Set(batch.map((m) => m.id));
    } finally {
      inFlight -= batch.length;
    }
    for (const m of batch.filter((b) => failed.has(b.id))) {
      if (m.receives >= MAX_RECEIVES) {
        if (options.failuresFile) {
          await mkdir(path.dirname(options.failuresFile), { recursive: true });
          await appendFile(options.failuresFile, `${JSON.stringify({ messageId: m.id, body: m.body, receives: m.receives, at: new Date(now()).toISOString() })}\n`);
        }
        options.log?.(`queue: message ${m.id} failed ${m.receives} times: set aside`);
      } else held.push({ ...m, dueAt: now() + VISIBILITY_MS });
    }
  }

  /** Real time: the due messages handed out now, and a timer for the next one due later. */
  function schedule(): void {
    if (options.manual || stopped) return;
    clearTimeout(timer);
    pump();
    const t = now();
    const later = held.filter((m) => m.dueAt > t);
    if (later.length) timer = setTimeout(schedule, Math.min(...later.map((m) => m.dueAt)) - t);
    else wake();
  }

  function wake(): void {
    if (inFlight || held.some((m) => m.dueAt <= now())) return;
    const ready = waiters;
    waiters = [];
    ready.forEach((w) => w());
  }

  const send = (body: string, delaySeconds: number) => {
    held.push({ id: randomUUID(), body, dueAt: now() + delaySeconds * 1000, receives: 0 });
    schedule();
  };

  const listener: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown, type?: string) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', ...(type ? { 'x-amzn-query-error': `${type};Sender` } : {}) });
        res.end(JSON.stringify(body));
      };
      const target = String(req.headers['x-amz-target'] ?? '');
      // The SDK signs its calls; a page in the browser cannot send this header cross-site.
      if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256')) return reply(403, { __type: 'com.amazonaws.sqs#AccessDenied', message: 'Forbidden' });
      let input: { MessageBody?: string; DelaySeconds?: number };
      try {
        input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof input;
      } catch {
        return reply(400, { __type: 'com.amazonaws.sqs#InvalidParameterValue', message: 'Bad JSON' });
      }
      if (target !== 'AmazonSQS.SendMessage' || typeof input.MessageBody !== 'string')
        return reply(400, { __type: 'com.amazonaws.sqs#UnsupportedOperation', message: `${target} is not served locally` });
      const delay = Math.min(900, Math.max(0, Number(input.DelaySeconds ?? 0)));
      send(input.MessageBody, delay);
      reply(200, { MessageId: randomUUID(), MD5OfMessageBody: createHash('md5').update(input.MessageBody).digest('hex') });
    });
  };

  return {
    listener,
    urlOn: (base) => `${base.replace(/\/$/, '')}${QUEUE_PREFIX}/${QUEUE_NAME}`,
    send,
    tick,
    get size() {
      return held.length + inFlight;
    },
    settled: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        if (!working.size) wake();
      }),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([...working]);
    },
  };
}
