// The delivery function (issue 23): the table stream's second reader (a Lambda event source mapping in
// AWS, filtered to the entities its views read; locally a second infra/local/projector.ts reader). It
// runs the views that tell the agent (core/views/projector.ts DELIVERY_VIEWS: notifications and their
// push, CRM deliveries, e-mail and SMS alerts) apart from the projector's view work, so a sale reaches
// its agent in the time of its own records, whatever the projector has to catch up.
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { runJob } from '#platform/job-run.ts';
import { DELIVERY_VIEWS, project } from '#core/views/projector.ts';

export const implemented = true;

/** Records of different items applied at once (a sale's notification never waits for another's push). */
export const DELIVERY_CONCURRENCY = 16;

/** The entities DELIVERY_VIEWS read (the event source mapping's filter in AWS). */
export const DELIVERY_SOURCES = [...new Set(DELIVERY_VIEWS.flatMap((v) => v.sources))];

export async function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  const { failedSequenceNumber } = await runJob('deliveries', context, async () => {
    const outcome = await project(event.Records, DELIVERY_VIEWS, Date.now, DELIVERY_CONCURRENCY, 'deliveries');
    return { result: outcome, rows: outcome.applied, failed: outcome.failedSequenceNumber ? 1 : 0 };
  });
  return { batchItemFailures: failedSequenceNumber ? [{ itemIdentifier: failedSequenceNumber }] : [] };
}
