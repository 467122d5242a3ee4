// The projector: every record of the table's change stream goes through every view (the views side by
// side), in the stream's order. A view is one small module: given a record, the writes (or publications) it makes,
// idempotent (a record applied twice changes nothing) and safe when records of different items
// interleave. A record a view cannot apply stops the batch there: its sequence number is reported
// (Lambda's partial batch response), so it and the records after it are delivered again, and the
// records before it are not.
import { changeRecordOf, type ChangeRecord } from '#platform/stream.ts';
import { logger, logScope, withLogScope } from '#platform/logger.ts';
import { emit } from '#platform/metrics.ts';
import { joinedBatch, viewsTogether } from './apply-once.ts';
import type { DynamoDBRecord } from 'aws-lambda';
import { leadEventsView } from './lead-events-view.ts';
import { proStoreEventsView } from './prostore-events-view.ts';
import { directoryView } from './directory-view.ts';
import { daySumsView } from './day-sums-view.ts';
import { balanceCrossingsView } from './balance-crossings-view.ts';
import { insightsView } from './insights-view.ts';
import { performanceView } from './performance-view.ts';
import { routingCountsView } from './routing-counts-view.ts';
import { intakeRateView } from './intake-rate-view.ts';
import { ledgerHistoryView } from './ledger-history-view.ts';
import { openOrdersView } from './open-orders-view.ts';
import { candidatesView } from './candidates-view.ts';
import { catalogueView } from './catalogue-view.ts';
import { internalLeadDaysView } from './internal-lead-days-view.ts';
import { notificationsView } from './notifications-view.ts';
import { alertDeliveryView } from './alert-delivery-view.ts';
import { webhookDeliveriesView } from './webhook-deliveries-view.ts';
import { vendorDaysView } from './vendor-days-view.ts';

export interface View {
  /** Names the view in logs and in `npm run rebuild`. */
  name: string;
  /** The entities whose records it derives from (a rebuild reads only those facts). */
  sources: readonly string[];
  /** Applies one record (most records concern no view and return at once). */
  apply(record: ChangeRecord): Promise<void>;
  /** Runs once after a batch (also one that stopped at a failure): a view's once-per-batch write. */
  afterBatch?(): Promise<void>;
}

/** The projector's views, in the order each record goes through them: lists, counts, reports, snapshots, events. */
export const VIEWS: readonly View[] = [leadEventsView, proStoreEventsView, directoryView, performanceView, insightsView, routingCountsView, intakeRateView, daySumsView, balanceCrossingsView, ledgerHistoryView, openOrdersView, candidatesView, catalogueView, internalLeadDaysView, vendorDaysView];

/**
 * The delivery function's views (issue 23): telling the agent (notifications and their live push, CRM
 * deliveries, e-mail and SMS alerts). A second reader of the same stream (functions/jobs/deliveries.ts,
 * with an event filter on the entities they read), so a backlog of the projector's view work never
 * delays a sold lead reaching its agent.
 */
export const DELIVERY_VIEWS: readonly View[] = [notificationsView(), webhookDeliveriesView(), alertDeliveryView()];

/** Every view, both readers' (what `npm run rebuild` knows). */
export const ALL_VIEWS: readonly View[] = [...VIEWS, ...DELIVERY_VIEWS];

export interface ProjectionOutcome {
  applied: number;
  /** The first record that failed (it and the records after it are to be delivered again). */
  failedSequenceNumber?: string;
}

/**
 * Which stream reader runs a batch, for its metrics: the projector (`Projector*`, and the money moved)
 * or the delivery function (`Delivery*` only; it sees the same ledger entries, which would count twice).
 */
export type StreamReader = 'projector' | 'deliveries';

/** Applies the records in order through `views`; stops at the first that fails. */
export async function project(
  records: readonly DynamoDBRecord[],
  views: readonly View[] = VIEWS,
  now: () => number = Date.now,
  concurrency = 1,
  reader: StreamReader = 'projector',
): Promise<ProjectionOutcome> {
  const outcome = await projectBatch(records, views, concurrency);
  observeBatch(records, outcome, now(), reader);
  return outcome;
}

/**
 * The batch's metrics: records applied, the largest lag (now minus a record's ApproximateCreationDateTime)
 * among them, a failure, and (the projector's) the money moved by the new ledger entries among them,
 * per entry type. A batch delivered again counts its records again (metrics, not the ledger).
 */
export function observeBatch(records: readonly DynamoDBRecord[], outcome: ProjectionOutcome, nowMs: number, reader: StreamReader = 'projector'): void {
  const done = records.slice(0, outcome.applied);
  const lags = done.map((r) => r.dynamodb?.ApproximateCreationDateTime).filter((t): t is number => typeof t === 'number').map((t) => nowMs - t * 1000);
  const failed = outcome.failedSequenceNumber ? 1 : 0;
  const lag = lags.length ? Math.max(0, ...lags) : undefined;
  if (reader === 'deliveries') {
    emit({}, { deliveryRecords: done.length, deliveryFailures: failed, ...(lag !== undefined ? { deliveryLag: lag } : {}) });
    return;
  }
  emit({}, { projectorRecords: done.length, projectorFailures: failed, ...(lag !== undefined ? { projectorLag: lag } : {}) });
  const moved = new Map<string, { count: number; cents: number }>();
  for (const raw of done) {
    if (raw.eventName !== 'INSERT' || raw.dynamodb?.NewImage?.entity?.S !== 'LedgerEntry') continue;
    const image = raw.dynamodb.NewImage;
    const type = image.type?.S ?? 'unknown';
    const cents = Number(image.creditCents?.N ?? 0) + Number(image.debitCents?.N ?? 0);
    const sum = moved.get(type) ?? { count: 0, cents: 0 };
    moved.set(type, { count: sum.count + 1, cents: sum.cents + cents });
  }
  for (const [type, sum] of moved) emit({ Type: type }, { moneyMovement: sum.count, moneyMovementCents: sum.cents });
}

async function projectBatch(records: readonly DynamoDBRecord[], views: readonly View[], concurrency: number): Promise<ProjectionOutcome> {
  const outcome = concurrency > 1 ? await applyByItem(records, views, concurrency) : await applyInOrder(records, views);
  // A failed after-batch write fails the whole batch: its records are delivered again (applying twice changes nothing).
  try {
    await Promise.all(views.map((view) => view.afterBatch?.()));
  } catch (err) {
    logger.error('Projector: a view failed after a batch', { error: err instanceof Error ? err.name : 'unknown' });
    const first = records[0]?.dynamodb?.SequenceNumber;
    return first === undefined ? outcome : { applied: 0, failedSequenceNumber: first };
  }
  return outcome;
}

/** One record started through the views: `ready` once each view has finished or waits on its batch's write; `failed` once all are done. */
interface Started {
  ready: Promise<void>;
  /** A view failed before `ready` (the records after it are not started). */
  failedBeforeReady: () => boolean;
  /** Resolves once every view is done: true when one failed. */
  failed: Promise<boolean>;
}

/** Starts one record through the views side by side. */
function startRecord(raw: DynamoDBRecord, views: readonly View[]): Started {
  const record = changeRecordOf(raw);
  // The request that wrote the item named its correlation id on it (platform/db.ts): the views' lines carry it.
  const correlationId = typeof record.newImage?.correlationId === 'string' ? record.newImage.correlationId : undefined;
  return withLogScope({ ...logScope(), ...(correlationId ? { correlationId } : {}) }, () => {
    // The views side by side: each keeps its own items (counting views meet on shared cells only
    // through apply-once transactions), so a record costs its slowest view, not the sum of them. The
    // counting views' writes join the batch's (apply-once.ts).
    const together = viewsTogether(views.length, (i) => views[i]!.apply(record));
    const failed = Promise.allSettled(together.outcomes).then((outcomes) => {
      outcomes.forEach((outcome, i) => {
        if (outcome.status === 'fulfilled') return;
        const err: unknown = outcome.reason;
        // Keys' prefixes and the error's name only: an item's values may be personal data.
        logger.error('Projector: a view failed on a record', { view: views[i]!.name, eventId: record.eventId, pk: record.keys.pk.replace(/#.*/, '#…'), error: err instanceof Error ? err.name : 'unknown' });
      });
      return outcomes.some((o) => o.status === 'rejected');
    });
    return { ready: together.ready, failedBeforeReady: together.failedBeforeReady, failed };
  });
}

/** The outcome of the started records (by index in the batch): every record before the first that failed was applied. */
async function outcomeOf(records: readonly DynamoDBRecord[], started: ReadonlyMap<number, Started>): Promise<ProjectionOutcome> {
  let firstFailed = records.length;
  for (const [i, s] of started) if (await s.failed) firstFailed = Math.min(firstFailed, i);
  // A record never started (after one that failed) is delivered again with it.
  for (let i = 0; i < firstFailed; i++) if (!started.has(i)) firstFailed = i;
  return firstFailed === records.length ? { applied: records.length } : { applied: firstFailed, failedSequenceNumber: records[firstFailed]!.dynamodb?.SequenceNumber };
}

/**
 * The records of one item in stream order, up to `concurrency` items at once (both readers: a view is
 * safe when records of different items interleave, and counting views meet on shared cells only
 * through apply-once transactions, which retry a collision). The
 * outcome is the stream's: every record before the first that failed was applied (records after it of
 * other items may have been too; delivered again, they change nothing).
 */
async function applyByItem(records: readonly DynamoDBRecord[], views: readonly View[], concurrency: number): Promise<ProjectionOutcome> {
  const chains = new Map<string, number[]>();
  records.forEach((raw, i) => {
    const keys = raw.dynamodb?.Keys;
    const id = `${keys?.pk?.S ?? ''}\u0000${keys?.sk?.S ?? ''}`;
    chains.set(id, [...(chains.get(id) ?? []), i]);
  });
  return joinedBatch(
    async () => {
      let firstFailed = records.length;
      const started = new Map<number, Started>();
      const queue = [...chains.values()];
      await Promise.all(
        Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
          for (let chain = queue.shift(); chain; chain = queue.shift())
            for (const i of chain) {
              if (i > firstFailed) break;
              const record = startRecord(records[i]!, views);
              started.set(i, record);
              await record.ready;
              if (record.failedBeforeReady()) {
                firstFailed = Math.min(firstFailed, i);
                break;
              }
            }
        }),
      );
      return started;
    },
    (started) => outcomeOf(records, started),
  );
}

/** Applies the records one after another, in stream order; stops at the first that fails. */
async function applyInOrder(records: readonly DynamoDBRecord[], views: readonly View[]): Promise<ProjectionOutcome> {
  return joinedBatch(
    async () => {
      const started = new Map<number, Started>();
      for (const [i, raw] of records.entries()) {
        const record = startRecord(raw, views);
        started.set(i, record);
        await record.ready;
        if (record.failedBeforeReady()) break;
      }
      return started;
    },
    (started) => outcomeOf(records, started),
  );
}
