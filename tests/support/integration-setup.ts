// Global setup of the `integration` test project: one in-memory DynamoDB Local per worker of the run
// (TEST_WORKERS, tests/support/projects.ts) and one s3rver. Each file uses the DynamoDB Local of its
// worker (testDynamoEndpoint in test-table.ts), so files running at once do not queue behind one Java
// process, and each instance's stream holds only its own files' records. The handlers' environment is
// handed to each test file through `provide` (test-table.ts applies it), not through this process's
// environment: the global setups of all projects share this process.
import type { TestProject } from 'vitest/node';
import { handlerEnvironment } from '../../infra/local/settings.ts';
import { startTestServices } from './local-services.ts';
import { testWorkers } from './projects.ts';

const APP_ORIGIN = 'http://localhost:5173';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One DynamoDB Local per worker (a file takes its worker's: testDynamoEndpoint), one s3rver. */
    localServices: { dynamodbEndpoints: string[]; s3Endpoint: string };
    /** The handlers' variables for integration tests (all but TABLE_NAME, which each file sets, and DYNAMODB_ENDPOINT, its worker's). */
    integrationEnv: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  const services = await startTestServices(APP_ORIGIN, { dynamodbInstances: testWorkers(), shortLived: true });
  // TABLE_NAME stays unset on purpose: a file that forgets useTestTable() fails loudly in config().
  const { TABLE_NAME: _perFile, DYNAMODB_ENDPOINT: _perWorker, ...env } = handlerEnvironment({
    tableName: 'set-by-useTestTable',
    dynamodbEndpoint: 'set-by-useTestTable',
    s3Endpoint: services.s3Endpoint,
    appOrigin: APP_ORIGIN,
    stage: 'test',
  });
  project.provide('integrationEnv', env);
  project.provide('localServices', { dynamodbEndpoints: services.dynamodbEndpoints, s3Endpoint: services.s3Endpoint });
  return () => services.stop();
}
