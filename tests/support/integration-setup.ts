// Global setup of the `integration` test project: one s3rver, and a pool that gives every test file a
// fresh in-memory DynamoDB Local of its own, started ahead (dynamo-pool.ts; test-table.ts leases it):
// files running at once never queue behind one Java process, and no file pays for the stream records
// of the files before it. The handlers' environment is handed to each test file through `provide`
// (test-table.ts applies it), not through this process's environment: the global setups of all
// projects share this process.
import type { TestProject } from 'vitest/node';
import { handlerEnvironment } from '../../infra/local/settings.ts';
import { startDynamoPool } from './dynamo-pool.ts';
import { startTestS3 } from './local-services.ts';
import { testWorkers } from './projects.ts';

const APP_ORIGIN = 'http://localhost:5173';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a file leases its DynamoDB Local (dynamo-pool.ts), and the one s3rver. */
    localServices: { dynamoPoolUrl: string; s3Endpoint: string };
    /** The handlers' variables for integration tests (all but TABLE_NAME and DYNAMODB_ENDPOINT, which each file sets). */
    integrationEnv: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  // As many started ahead as files run at once: a file's lease never waits for Java to start.
  const [s3, pool] = await Promise.all([startTestS3(APP_ORIGIN), startDynamoPool({ spares: testWorkers(), shortLived: true })]);
  // TABLE_NAME stays unset on purpose: a file that forgets useTestTable() fails loudly in config().
  const { TABLE_NAME: _perFile, DYNAMODB_ENDPOINT: _perFileToo, ...env } = handlerEnvironment({
    tableName: 'set-by-useTestTable',
    dynamodbEndpoint: 'set-by-useTestTable',
    s3Endpoint: s3.endpoint,
    appOrigin: APP_ORIGIN,
    stage: 'test',
  });
  project.provide('integrationEnv', env);
  project.provide('localServices', { dynamoPoolUrl: pool.url, s3Endpoint: s3.endpoint });
  return async () => {
    await Promise.all([pool.stop(), s3.stop()]);
  };
}
