// Global setup of the `integration` test project: one in-memory DynamoDB Local and one s3rver for the
// whole run. Workers start after this runs and inherit its environment, so handlers under test find
// the emulators through the same variables as in AWS; each file then makes its own table (test-table.ts).
import type { TestProject } from 'vitest/node';
import { handlerEnvironment } from '../../infra/local/settings.ts';
import { startTestServices } from './local-services.ts';

const APP_ORIGIN = 'http://localhost:5173';

declare module 'vitest' {
  export interface ProvidedContext {
    localServices: { dynamodbEndpoint: string; s3Endpoint: string };
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
  Object.assign(process.env, env);
  project.provide('localServices', { dynamodbEndpoint: services.dynamodbEndpoint, s3Endpoint: services.s3Endpoint });
  return () => services.stop();
}
