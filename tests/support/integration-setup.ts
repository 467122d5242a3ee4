// Global setup of the `integration` test project: one s3rver, and a pool that gives every test file a
// fresh DynamoDB Local database of its own on one of the run's emulators, one per worker
// (dynamo-pool.ts; test-table.ts leases it): files running at once never queue behind one Java
// process, and no file pays for the stream records of the files before it. The demo seed most files
// start from is made once, as two templates (without a stream; with one and its views), that their
// databases start on copies of (dynamo-template.ts).
// The handlers' environment is handed to each test file through `provide` (test-table.ts applies
// it), not through this process's environment: the global setups of all projects share this process.
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { handlerEnvironment } from '../../infra/local/settings.ts';
import { startDynamoPool } from './dynamo-pool.ts';
import { buildTemplate, scratchRoot, type TemplateKind } from './dynamo-template.ts';
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

interface Services {
  env: Record<string, string>;
  localServices: { dynamoPoolUrl: string; s3Endpoint: string };
  stop(): Promise<void>;
}

async function startServices(): Promise<Services> {
  const s3 = await startTestS3(APP_ORIGIN);
  // TABLE_NAME stays unset on purpose: a file that forgets useTestTable() fails loudly in config().
  const { TABLE_NAME: _perFile, DYNAMODB_ENDPOINT: _perFileToo, ...env } = handlerEnvironment({
    tableName: 'set-by-useTestTable',
    dynamodbEndpoint: 'set-by-useTestTable',
    s3Endpoint: s3.endpoint,
    appOrigin: APP_ORIGIN,
    stage: 'test',
  });
  const templateRoot = await mkdtemp(path.join(scratchRoot(), 'leadportal-templates-'));
  // A run that ends before the templates are built (one short file) stops their builders: left running
  // on a deleted directory, a builder's projector retried for ever, and its Java outlived the run.
  const building = new AbortController();
  const kinds: TemplateKind[] = ['seeded', 'projected'];
  const dirs = Object.fromEntries(kinds.map((kind) => [kind, path.join(templateRoot, kind)])) as Record<TemplateKind, string>;
  const builds = kinds.map((kind) => buildTemplate(kind, dirs[kind], env, building.signal));
  const templates = Promise.all(builds).then(() => dirs);
  // Kept from being unhandled until a lease awaits it (and reports it).
  templates.catch(() => undefined);
  const pool = await startDynamoPool({ emulators: testWorkers(), templates });
  return {
    env,
    localServices: { dynamoPoolUrl: pool.url, s3Endpoint: s3.endpoint },
    async stop() {
      building.abort();
      await Promise.allSettled(builds);
      await Promise.all([pool.stop(), s3.stop()]);
      await rm(templateRoot, { recursive: true, force: true });
    },
  };
}

// The `integration` and `integration-mocks` projects (and `bench`) each call this setup; the services
// start once, in this (the main) process, and stop after the last project using them.
let running: { services: Promise<Services>; users: number } | undefined;

export default async function setup(project: TestProject) {
  running ??= { services: startServices(), users: 0 };
  const mine = running;
  mine.users++;
  const services = await mine.services;
  project.provide('integrationEnv', services.env);
  project.provide('localServices', services.localServices);
  return async () => {
    if (--mine.users > 0) return;
    if (running === mine) running = undefined;
    await services.stop();
  };
}
