// The local stand-in for the projector's event source mapping: reads DynamoDB Local's stream of the
// table (the Streams API: DescribeStream, GetShardIterator, GetRecords) and hands each batch to the
// same handler AWS invokes (functions/jobs/projector.ts), in order, shard by shard. A batch item
// failure is delivered again from that record, up to MAX_ATTEMPTS times, then written to the failures
// file (the on-failure destination's stand-in) and passed. With a checkpoint file, where each shard
// was read to outlives a restart; without one (tests), reading starts at the stream's oldest record.
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  TrimmedDataAccessException,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import { inFaultScope } from '#platform/faults.ts';
import { localDynamoCredentials, LOCAL_REGION } from './settings.ts';
import { localDynamoClient } from './services/table.ts';

type Handler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;

export interface LocalProjectorOptions {
  endpoint: string;
  tableName: string;
  /**
   * Default: functions/jobs/projector.ts's handler, imported on start (after the environment is set),
   * with its mapping's filter (PROJECTOR_SOURCES) unless `entities` says otherwise.
   */
  handler?: Handler;
  /** Where each shard's last applied sequence number is kept between runs (npm start); none in tests. */
  checkpointFile?: string;
  /** Where records that failed MAX_ATTEMPTS times are written (JSON lines); default beside the checkpoints, else none. */
  failuresFile?: string;
  /**
   * Only records of these entities (their new or old image's `entity`) reach the handler, as an event
   * source mapping's filter criteria pass them in AWS; the others are passed over. Default: all.
   */
  entities?: readonly string[];
  /** Pause between polls when the stream is idle (default 250 ms); nudge() ends it early. */
  idleMs?: number;
  /** Called after a round whose records reached the handler (its writes are records another reader may want). */
  onHandled?: () => void;
  log?: (line: string) => void;
}

export interface LocalProjector {
  /** Resolves once every record written before the call has been applied (a poll found nothing newer). */
  settled(): Promise<void>;
  /** Milliseconds from each applied record's write to its application (the latest MAX_LAGS), for the lag figures. */
  readonly lags: number[];
  /** Records applied since start (a caller waiting on two readers sees whether a round applied anything). */
  readonly applied: number;
  /** Polls now, or again right after the round under way: the table was just written. */
  nudge(): void;
  stop(): Promise<void>;
}

/** What one poll of the stream found. */
interface Poll {
  /** Records read: applied, passed over by the filter, or set aside. */
  read: number;
  /** Of those, the ones handed to the handler. */
  handled: number;
  /** An answer held as many records as asked for: more may be waiting. */
  full: boolean;
}

/** Deliveries of one failing record before it is set aside (Lambda's mapping: its retry limit). */
export const MAX_ATTEMPTS = 5;
// GetRecords' largest Limit, as an event source mapping reads a shard.
const BATCH = 1000;
const MAX_LAGS = 10_000;
const DESCRIBE_EVERY_MS = 5_000;

/**
 * The stream's second reader's settings, as the delivery function's event source mapping has them in
 * AWS: its handler (notifications, their live push, CRM deliveries, alerts) and its filter. Imported
 * when asked, after the environment is set.
 */
export async function deliveryReader(): Promise<Pick<LocalProjectorOptions, 'handler' | 'entities'>> {
  const { handler, DELIVERY_SOURCES } = await import('../../functions/jobs/deliveries.ts');
  return { handler, entities: DELIVERY_SOURCES };
}

export async function startLocalProjector(options: LocalProjectorOptions): Promise<LocalProjector> {
  const projector = options.handler ? undefined : await import('../../functions/jobs/projector.ts');
  const handler = options.handler ?? (projector!.handler as Handler);
  const config = { endpoint: options.endpoint, region: LOCAL_REGION, credentials: localDynamoCredentials() };
  const dynamo = localDynamoClient(options.endpoint);
  const streams = new DynamoDBStreamsClient(config);
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
  dynamo.destroy();
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`The table ${options.tableName} has no stream: its views cannot be kept.`);

  const checkpoints: Record<string, string> = options.checkpointFile ? await readCheckpoints(options.checkpointFile) : {};
  const failuresFile = options.failuresFile ?? (options.checkpointFile ? path.join(path.dirname(options.checkpointFile), 'failures.jsonl') : undefined);
  const iterators = new Map<string, string>();
  const attempts = new Map<string, number>();
  const closed = new Set<string>();
  const lags: number[] = [];
  let applied = 0;
  const entities = options.entities ?? projector?.PROJECTOR_SOURCES;
  const entityFilter = entities ? new Set(entities) : undefined;
  let waiters: { armed: boolean; resolve: () => void }[] = [];
  let stopped = false;
  let wake: (() => void) | undefined;
  let nudged = false;

  const iteratorFor = async (shardId: string, type?: ShardIteratorType, sequenceNumber?: string) => {
    const after = checkpoints[shardId];
    const kind: ShardIteratorType = type ?? (after ? 'AFTER_SEQUENCE_NUMBER' : 'TRIM_HORIZON');
    const at = sequenceNumber ?? (kind === 'TRIM_HORIZON' ? undefined : after);
    const { ShardIterator } = await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: kind, ...(at ? { SequenceNumber: at } : {}) }));
    return ShardIterator;
  };

  /**
   * One GetRecords of a shard and its application: how many records it read (applied, passed over
   * or set aside), how many of them reached the handler, and whether the answer was a full one.
   */
  const pollShard = async (shardId: string): Promise<Poll> => {
    const none = { read: 0, handled: 0, full: false };
    let iterator = iterators.get(shardId) ?? (await iteratorFor(shardId));
    if (!iterator) return none;
    let answer;
    try {
      answer = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: BATCH }));
    } catch (err) {
      if (!(err instanceof ExpiredIteratorException || err instanceof TrimmedDataAccessException)) throw err;
      iterators.delete(shardId);
      return none;
    }
    // As Lambda delivers them: the stream's ARN on each, and the creation time in epoch seconds (the SDK gives a Date).
    const records = (answer.Records ?? []).map((r) => {
      const created = r.dynamodb?.ApproximateCreationDateTime;
      return { ...r, eventSourceARN: streamArn, dynamodb: { ...r.dynamodb, ...(created ? { ApproximateCreationDateTime: created.getTime() / 1000 } : {}) } } as unknown as DynamoDBRecord;
    });
    if (answer.NextShardIterator) iterators.set(shardId, answer.NextShardIterator);
    else {
      iterators.delete(shardId);
      closed.add(shardId);
    }
    if (records.length === 0) return none;

    const before = checkpoints[shardId];
    // Its DynamoDB calls count apart from the requests' when a test injects faults (functions/platform/faults.ts).
    const passing = entityFilter ? records.filter((r) => entityFilter.has(r.dynamodb?.NewImage?.entity?.S ?? r.dynamodb?.OldImage?.entity?.S ?? '')) : records;
    const { batchItemFailures } = passing.length ? await inFaultScope('projector', () => handler({ Records: passing })) : { batchItemFailures: [] };
    const failed = batchItemFailures[0]?.itemIdentifier;
    const done = failed === undefined ? records : records.slice(0, records.findIndex((r) => r.dynamodb?.SequenceNumber === failed));
    const now = Date.now();
    applied += done.length;
    for (const r of done) lags.push(now - (r.dynamodb?.ApproximateCreationDateTime ?? now / 1000) * 1000);
    if (lags.length > MAX_LAGS) lags.splice(0, lags.length - MAX_LAGS);
    const last = done.at(-1)?.dynamodb?.SequenceNumber;
    if (last) checkpoints[shardId] = last;
    if (failed !== undefined) {
      // The failed record is read again even from a shard this answer closed.
      closed.delete(shardId);
      const tries = (attempts.get(failed) ?? 0) + 1;
      attempts.set(failed, tries);
      if (tries >= MAX_ATTEMPTS) {
        // Set aside, as the mapping's on-failure destination would, and go on after it.
        const record = records.find((r) => r.dynamodb?.SequenceNumber === failed);
        options.log?.(`projector: record ${failed} failed ${tries} times; set aside${failuresFile ? ` in ${failuresFile}` : ''}`);
        if (failuresFile) {
          await mkdir(path.dirname(failuresFile), { recursive: true });
          await appendFile(failuresFile, `${JSON.stringify({ at: new Date().toISOString(), sequenceNumber: failed, keys: record?.dynamodb?.Keys })}\n`);
        }
        attempts.delete(failed);
        checkpoints[shardId] = failed;
        iterator = (await iteratorFor(shardId, 'AFTER_SEQUENCE_NUMBER', failed)) ?? '';
      } else iterator = (await iteratorFor(shardId, 'AT_SEQUENCE_NUMBER', failed)) ?? '';
      if (iterator) iterators.set(shardId, iterator);
    }
    if (options.checkpointFile && checkpoints[shardId] !== before) await saveCheckpoints(options.checkpointFile, checkpoints);
    const handled = failed === undefined ? passing.length : passing.findIndex((r) => r.dynamodb?.SequenceNumber === failed) + 1;
    return { read: done.length + (failed === undefined ? 0 : 1), handled, full: records.length === BATCH };
  };

  // The shards, described again every DESCRIBE_EVERY_MS and when one closes (a closed shard's children
  // are the only shards that open after the first description): a DescribeStream is by far DynamoDB
  // Local's slowest stream call, and a settled() used to describe the stream at each of its rounds.
  let shards: string[] = [];
  let describedAt = Number.NEGATIVE_INFINITY;
  const describe = async () => {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    shards = (StreamDescription?.Shards ?? []).flatMap((shard) => (shard.ShardId ? [shard.ShardId] : []));
    describedAt = Date.now();
  };
  /** One round over the stream's open shards, those that opened during it included. */
  const round = async (): Promise<Poll> => {
    if (Date.now() - describedAt > DESCRIBE_EVERY_MS || shards.every((id) => closed.has(id))) await describe();
    const sum: Poll = { read: 0, handled: 0, full: false };
    const polled = new Set<string>();
    for (;;) {
      const closedBefore = closed.size;
      for (const shardId of shards)
        if (!closed.has(shardId) && !polled.has(shardId)) {
          polled.add(shardId);
          const poll = await pollShard(shardId);
          sum.read += poll.read;
          sum.handled += poll.handled;
          sum.full ||= poll.full;
        }
      if (closed.size === closedBefore) return sum;
      // A shard ended in this round: its children may hold records written since.
      await describe();
    }
  };

  const loop = (async () => {
    while (!stopped) {
      nudged = false;
      for (const w of waiters) w.armed = true;
      let idle = false;
      let busy = false;
      let failed = false;
      try {
        const poll = await round();
        // Idle: nothing newer was read (what settled() waits for). Busy: records reached the handler, or
        // an answer was full. Records the filter passed over (the views' own writes among them) make a
        // round neither: without a waiter the reader then pauses, so a burst of writes is applied in a
        // few batches, as an event source mapping gathers them, not in one per write.
        idle = poll.read === 0;
        busy = poll.handled > 0 || poll.full;
        if (poll.handled > 0) options.onHandled?.();
      } catch (err) {
        failed = true;
        if (!stopped) options.log?.(`projector: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (idle) {
        const ready = waiters.filter((w) => w.armed);
        waiters = waiters.filter((w) => !w.armed);
        ready.forEach((w) => w.resolve());
      }
      if (stopped) break;
      if (!failed && (busy || nudged || waiters.length > 0)) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.idleMs ?? 250);
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  })();

  return {
    lags,
    get applied() {
      return applied;
    },
    settled() {
      return new Promise<void>((resolve) => {
        waiters.push({ armed: false, resolve });
        wake?.();
      });
    },
    nudge() {
      nudged = true;
      wake?.();
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      waiters.forEach((w) => w.resolve());
      streams.destroy();
    },
  };
}

async function readCheckpoints(file: string): Promise<Record<string, string>> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

async function saveCheckpoints(file: string, checkpoints: Record<string, string>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(checkpoints));
}
