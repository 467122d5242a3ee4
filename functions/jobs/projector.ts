// The projector: the target of the table's stream (a Lambda event source mapping in AWS with partial
// batch responses; locally infra/local/projector.ts reads DynamoDB Local's stream and calls this same
// handler). The work, and the views, are in functions/core/views/.
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { runJob } from '#platform/job-run.ts';
import { project, VIEWS } from '#core/views/projector.ts';

/**
 * Items whose records a batch applies at once, each item's own records in stream order (views are
 * safe when records of different items interleave; counting views meet on shared cells only through
 * apply-once transactions). One at a time, a backlog (a seed, a burst of sales) drained at one round trip per
 * record: the local stack's seed took 16 s to catch up on, 11 s with 8.
 */
export const PROJECTOR_CONCURRENCY = 8;

export const implemented = true;

/**
 * The entities VIEWS read: the event source mapping's filter in AWS, so the views' own writes (and
 * every other item no view reads) never invoke the projector.
 */
export const PROJECTOR_SOURCES = [...new Set(VIEWS.flatMap((v) => v.sources))];

export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  // Its metrics (records, lag, failures, money moved) are the projector's own (views/projector.ts); the
  // run counts as a job run too.
  const { failedSequenceNumber } = await runJob('projector', context, async () => {
    const outcome = await project(event.Records, VIEWS, Date.now, PROJECTOR_CONCURRENCY);
    return { result: outcome, rows: outcome.applied, failed: outcome.failedSequenceNumber ? 1 : 0 };
  });
  // Lambda delivers the failed record and every later one of the shard again (bisecting and retrying
  // up to the mapping's limit, then to its on-failure queue); the records before it are done.
  return { batchItemFailures: failedSequenceNumber ? [{ itemIdentifier: failedSequenceNumber }] : [] };
}
