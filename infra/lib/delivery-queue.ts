// The CRM webhook delivery queue (issue 23): each message is one attempt of one delivery, worked by the
// delivery worker (functions/jobs/webhook-deliver.ts) through an SQS event source. A message the worker
// could not work DELIVERY_MAX_RECEIVES times moves to the dead-letter queue; the delivery item itself
// stays in the table, so it can be replayed (docs/operations.md).
import { Construct } from 'constructs';
import { Duration, Validations } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';

/** Receives of one message before SQS moves it to the dead-letter queue. */
export const DELIVERY_MAX_RECEIVES = 5;

/**
 * AWS's advice for a queue that feeds a Lambda: a visibility timeout of at least six times the
 * function's timeout, so a batch Lambda retries after throttling is not received again meanwhile.
 */
export const VISIBILITY_PER_WORKER_TIMEOUT = 6;

export interface DeliveryQueueProps {
  /** The worker's timeout, which the visibility timeout is derived from. */
  workerTimeout: Duration;
}

export class DeliveryQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: DeliveryQueueProps) {
    super(scope, id);
    this.deadLetters = new Queue(this, 'DeadLetters', { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the dead-letter queue of the webhook delivery queue; its alarm asks someone to replay what lands here.',
    });
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(props.workerTimeout.toSeconds() * VISIBILITY_PER_WORKER_TIMEOUT),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: DELIVERY_MAX_RECEIVES },
    });
  }
}
