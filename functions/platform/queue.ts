// The webhook delivery queue (SQS in AWS; locally the gateway's stand-in, infra/local/local-queue.ts,
// which speaks SQS's JSON protocol): a message names one delivery and the earliest time to work it.
// SQS delays a message at most 15 minutes; a longer wait is re-sent by the consumer until it is due.
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { config } from './config.ts';
import { onForget } from './held.ts';

/** SQS's longest DelaySeconds. */
export const MAX_DELAY_SECONDS = 900;

let client: SQSClient | undefined;
let clientFor: string | undefined;
onForget(() => {
  client = undefined;
  clientFor = undefined;
});

function sqs(): { client: SQSClient; queueUrl: string } {
  const { DELIVERY_QUEUE_URL, SQS_ENDPOINT, AWS_REGION } = config();
  if (!DELIVERY_QUEUE_URL) throw new Error('Invalid server configuration: DELIVERY_QUEUE_URL is not set for this function');
  const key = `${SQS_ENDPOINT ?? ''}|${DELIVERY_QUEUE_URL}`;
  if (!client || clientFor !== key) {
    client = new SQSClient({ region: AWS_REGION, ...(SQS_ENDPOINT ? { endpoint: SQS_ENDPOINT } : {}) });
    client.middlewareStack.remove('loggerMiddleware');
    clientFor = key;
  }
  return { client, queueUrl: DELIVERY_QUEUE_URL };
}

/** Whether this function can queue deliveries. */
export const deliveryQueueConfigured = (): boolean => !!config().DELIVERY_QUEUE_URL;

/** Queues `message` (JSON) to be received after `delayMs` (rounded up to seconds, at most 15 minutes). */
export async function enqueue(message: unknown, delayMs = 0): Promise<void> {
  const { client: c, queueUrl } = sqs();
  const DelaySeconds = Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil(delayMs / 1000)));
  await c.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message), DelaySeconds }));
}
