// The webhook delivery worker (issue 23): the target of the delivery queue (SQS with a dead-letter
// queue in AWS, partial batch responses; locally infra/local/local-queue.ts calls this same handler).
// Each message is one attempt of one delivery (core/webhooks/deliveries.ts); a message that cannot be
// worked (the table unreachable) is reported failed and comes back after the queue's visibility timeout.
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { z } from 'zod';
import { workDelivery, type WorkOptions } from '#core/webhooks/deliveries.ts';
import { logger } from '#platform/logger.ts';
import { runJob } from '#platform/job-run.ts';

export const implemented = true;

const message = z.object({ endpointId: z.string().min(1), deliveryId: z.string().min(1), round: z.number().int().nonnegative(), notBefore: z.string().optional() });

/** Works the batch's messages side by side; answers those that failed. */
export async function consume(event: SQSEvent, options: WorkOptions = {}): Promise<SQSBatchResponse> {
  const failed: string[] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      const parsed = message.safeParse((() => {
        try {
          return JSON.parse(record.body) as unknown;
        } catch {
          return undefined;
        }
      })());
      // A message no worker can read is dropped (nothing to retry); it was never ours to send.
      if (!parsed.success) return logger.error('Webhook worker: unreadable message dropped', { messageId: record.messageId });
      try {
        await workDelivery(parsed.data, options);
      } catch (err) {
        logger.error('Webhook worker: a delivery could not be worked', { messageId: record.messageId, error: err instanceof Error ? err.name : 'unknown' });
        failed.push(record.messageId);
      }
    }),
  );
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
}

export async function handler(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  return runJob('webhookDeliver', context, async () => {
    const answer = await consume(event);
    return { result: answer, rows: event.Records.length, failed: answer.batchItemFailures.length };
  });
}
