// The local AWS emulators for tests: DynamoDB Local in memory (one or more instances) and s3rver in a
// temporary directory, each on a free port, so test runs never touch `.data/` and can run beside a
// developer's `npm start`.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startDynamoDb } from '../../infra/local/services/dynamodb.ts';
import { distinctFreePorts, freePort } from '../../infra/local/services/ports.ts';
import { startS3, type RunningS3 } from '../../infra/local/services/s3.ts';
import { BUCKETS } from '../../infra/local/settings.ts';

export interface TestServices {
  /** The first DynamoDB Local. */
  dynamodbEndpoint: string;
  /** Every DynamoDB Local started (`dynamodbInstances`). */
  dynamodbEndpoints: string[];
  s3Endpoint: string;
  /** The bucket notifications (what the S3-triggered jobs listen to). */
  onObjectEvent: RunningS3['onObjectEvent'];
  stop(): Promise<void>;
}

/**
 * `dynamodbInstances` DynamoDB Locals (default one); `shortLived` tunes their Java for a test run
 * (DynamoDbOptions.shortLived; the benchmarks keep Java's defaults, under which their raw figures were
 * always measured).
 */
export async function startTestServices(appOrigin: string, { dynamodbInstances = 1, shortLived = false }: { dynamodbInstances?: number; shortLived?: boolean } = {}): Promise<TestServices> {
  const s3Dir = await mkdtemp(path.join(os.tmpdir(), 'leadportal-s3-'));
  const [dynamodbs, s3] = await Promise.all([
    distinctFreePorts(dynamodbInstances).then((ports) => Promise.all(ports.map((port) => startDynamoDb({ port, shortLived })))),
    freePort().then((port) =>
      startS3({ port, dataDir: s3Dir, buckets: Object.values(BUCKETS), allowedOrigins: [appOrigin] }),
    ),
  ]);
  return {
    dynamodbEndpoint: dynamodbs[0]!.endpoint,
    dynamodbEndpoints: dynamodbs.map((d) => d.endpoint),
    s3Endpoint: s3.endpoint,
    onObjectEvent: (listener) => s3.onObjectEvent(listener),
    async stop() {
      await Promise.all([...dynamodbs.map((d) => d.stop()), s3.stop()]);
      await rm(s3Dir, { recursive: true, force: true });
    },
  };
}
