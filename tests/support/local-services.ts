// The local AWS emulators for tests: DynamoDB Local in memory and s3rver in a temporary directory, each
// on a free port, so test runs never touch `.data/` and can run beside a developer's `npm start`.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startDynamoDb } from '../../infra/local/services/dynamodb.ts';
import { freePort } from '../../infra/local/services/ports.ts';
import { startS3, type RunningS3 } from '../../infra/local/services/s3.ts';
import { BUCKETS } from '../../infra/local/settings.ts';

export interface TestServices {
  dynamodbEndpoint: string;
  s3Endpoint: string;
  /** The bucket notifications (what the S3-triggered jobs listen to). */
  onObjectEvent: RunningS3['onObjectEvent'];
  stop(): Promise<void>;
}

export async function startTestServices(appOrigin: string): Promise<TestServices> {
  const s3Dir = await mkdtemp(path.join(os.tmpdir(), 'leadportal-s3-'));
  const [dynamodb, s3] = await Promise.all([
    freePort().then((port) => startDynamoDb({ port })),
    freePort().then((port) =>
      startS3({ port, dataDir: s3Dir, buckets: Object.values(BUCKETS), allowedOrigins: [appOrigin] }),
    ),
  ]);
  return {
    dynamodbEndpoint: dynamodb.endpoint,
    s3Endpoint: s3.endpoint,
    onObjectEvent: (listener) => s3.onObjectEvent(listener),
    async stop() {
      await Promise.all([dynamodb.stop(), s3.stop()]);
      await rm(s3Dir, { recursive: true, force: true });
    },
  };
}
