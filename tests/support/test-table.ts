// Gives one integration test file its own DynamoDB Local database and table (leased before its tests,
// deleted after), so files run in parallel without seeing each other's data or slowing each other's stream.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { resetConfigForTests } from '#platform/config.ts';
import { ensureTable } from '../../infra/local/services/table.ts';
import { leaseDynamo, releaseDynamo, type Lease } from './dynamo-pool.ts';
import { TEMPLATE_TABLE, type TemplateKind } from './dynamo-template.ts';

let lease: Lease | undefined;

/** The DynamoDB Local holding this file's database (useTestTable leases it from the run's pool before the file's tests). */
export function testDynamoEndpoint(): string {
  if (!lease) throw new Error("The file's DynamoDB Local is leased in useTestTable's beforeAll: use it from a hook or test after that.");
  return lease.endpoint;
}

export interface TestTable {
  /** The table's name, known once beforeAll has run. */
  readonly name: string;
  /** A templated table's directory (its readers' checkpoints are there), once beforeAll has run. */
  readonly dataDir: string | undefined;
}

export interface TestTableOptions {
  /** A stream on the table (for a file that runs the projector). */
  stream?: boolean;
  /**
   * Start from the run's seeded template instead of an empty table (dynamo-template.ts): `seeded` (no
   * stream) or `projected` (the stream, with the seed's views made and the readers' checkpoints after them).
   */
  template?: TemplateKind;
}

/**
 * Call at the top of a test file: before its tests, leases the file a DynamoDB Local database of its
 * own (integration-setup.ts), creates its table there and points the handlers the file exercises at
 * both; after them, gives the database back (deleting it drops everything the file wrote).
 */
export function useTestTable({ stream = false, template }: TestTableOptions = {}): TestTable {
  // Until the lease, a port nothing answers on: a call made before beforeAll fails at once.
  Object.assign(process.env, inject('integrationEnv'), { DYNAMODB_ENDPOINT: 'http://127.0.0.1:9' });
  resetConfigForTests();
  const table: { name: string; dataDir: string | undefined } = { name: '', dataDir: undefined };
  const { dynamoPoolUrl } = inject('localServices');

  beforeAll(async () => {
    lease = await leaseDynamo(dynamoPoolUrl, template ?? 'empty');
    // Every DynamoDB client of this file (the handlers', ensureTable's, the stream readers') uses the file's database.
    process.env.DYNAMODB_LOCAL_DATABASE = lease.database;
    resetConfigForTests();
    if (template) {
      table.name = TEMPLATE_TABLE;
      table.dataDir = lease.dataDir;
    } else {
      const file = path.basename(expect.getState().testPath ?? 'file').replace(/\.test\.ts$/, '');
      table.name = `test-${file.replace(/[^a-zA-Z0-9_.-]/g, '-')}-${randomBytes(4).toString('hex')}`;
      // A stream only for a file that runs the projector.
      await ensureTable(lease.endpoint, table.name, { stream });
    }
    Object.assign(process.env, { DYNAMODB_ENDPOINT: lease.endpoint, TABLE_NAME: table.name });
    resetConfigForTests();
  });

  afterAll(async () => {
    if (!lease) return;
    await releaseDynamo(dynamoPoolUrl, lease);
    lease = undefined;
  });

  return table;
}
