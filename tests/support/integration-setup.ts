// Global setup of the `integration` test project: one in-memory DynamoDB Local and one s3rver for the
// whole run. The handlers' environment is handed to each test file through `provide` (test-table.ts
// applies it), not through this process's environment: the global setups of all projects share this
// process, and the e2e project's local stack sets its own endpoints here.
import type { TestProject } from 'vitest/node';
import { handlerEnvironment } from '../../infra/local/settings.ts';
import { startTestServices } from './local-services.ts';

const APP_ORIGIN = 'http://localhost:5173';

declare module 'vitest' {
  export interface ProvidedContext {
    localServices: { dynamodbEndpoint: string; s3Endpoint: string };
    /** The handlers' variables for integration tests (all but TABLE_NAME, which each file sets). */
    integrationEnv: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  const services = await startTestServices(APP_ORIGIN);
  // TABLE_NAME stays unset on purpose: a file that forgets useTestTable() fails loudly in config().
  const { TABLE_NAME: _perFile, ...env } = handlerEnvironment({
    tableName: 'set-by-useTestTable',
    dynamodbEndpoint: services.dynamodbEndpoint,
    s3Endpoint: services.s3Endpoint,
    appOrigin: APP_ORIGIN,
    stage: 'test',
  });
  project.provide('integrationEnv', env);
  project.provide('localServices', { dynamodbEndpoint: services.dynamodbEndpoint, s3Endpoint: services.s3Endpoint });
  return () => services.stop();
}
