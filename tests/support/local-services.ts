// The local AWS emulators for tests: DynamoDB Local in memory and s3rver in a temporary directory,
// each on a free port, so test runs never touch `.data/` and can run beside a
// developer's `npm start`.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startDynamoDb } from '../../infra/local/services/dynamodb.ts';
import { freePort } from '../../infra/local/services/ports.ts';
import { startS3, type RunningS3 } from '../../infra/local/services/s3.ts';
import { BUCKETS } from '../../infra/local/settings.ts';

export interface TestServices {
  dynamodbEndpoint: string;
  /** DynamoDB Local's Java process. */
  dynamodbPid: number | undefined;
  s3Endpoint: string;
  /** The bucket notifications (what the S3-triggered jobs listen to). */
  onObjectEvent: RunningS3['onObjectEvent'];
  stop(): Promise<void>;
}

/** For the benchmarks: one DynamoDB Local on Java's defaults (under which their raw figures were always measured) and s3rver. */
export async function startTestServices(appOrigin: string): Promise<TestServices> {
  const [dynamodb, s3] = await Promise.all([freePort().then((port) => startDynamoDb({ port })), startTestS3(appOrigin)]);
  return {
    dynamodbEndpoint: dynamodb.endpoint,
    dynamodbPid: dynamodb.pid,
    s3Endpoint: s3.endpoint,
    onObjectEvent: s3.onObjectEvent,
    async stop() {
      await Promise.all([dynamodb.stop(), s3.stop()]);
    },
  };
}

/** s3rver alone, in a temporary directory removed on stop (the integration tests' DynamoDB Locals come from dynamo-pool.ts). */
export async function startTestS3(appOrigin: string): Promise<{ endpoint: string; onObjectEvent: RunningS3['onObjectEvent']; stop(): Promise<void> }> {
  const s3Dir = await mkdtemp(path.join(os.tmpdir(), 'leadportal-s3-'));
  const s3 = await startS3({ port: await freePort(), dataDir: s3Dir, buckets: Object.values(BUCKETS), allowedOrigins: [appOrigin] });
  return {
    endpoint: s3.endpoint,
    onObjectEvent: (listener) => s3.onObjectEvent(listener),
    async stop() {
      await s3.stop();
      await rm(s3Dir, { recursive: true, force: true });
    },
  };
}
