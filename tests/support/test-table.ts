// Gives one integration test file its own DynamoDB table (created before its tests, deleted after),
// so files run in parallel without seeing each other's data.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { resetConfigForTests } from '#platform/config.ts';
import { ensureTable, localDynamoClient } from '../../infra/local/services/table.ts';

/**
 * The DynamoDB Local of this file's worker (integration-setup.ts starts one per worker; a worker's pool
 * id runs from 1 to the number of workers, and two files running at once never share one).
 */
export function testDynamoEndpoint(): string {
  const { dynamodbEndpoints } = inject('localServices');
  return dynamodbEndpoints[(Number(process.env.VITEST_POOL_ID || 1) - 1) % dynamodbEndpoints.length]!;
}

export interface TestTable {
  /** The table's name, known once beforeAll has run. */
  readonly name: string;
}

/**
 * Call at the top of a test file: points the handlers the file exercises at the emulators (from the
 * global setup) and, before its tests, at the file's own table.
 */
export function useTestTable({ stream = false }: { stream?: boolean } = {}): TestTable {
  Object.assign(process.env, inject('integrationEnv'), { DYNAMODB_ENDPOINT: testDynamoEndpoint() });
  resetConfigForTests();
  const table = { name: '' };
  const endpoint = testDynamoEndpoint;

  beforeAll(async () => {
    const file = path.basename(expect.getState().testPath ?? 'file').replace(/\.test\.ts$/, '');
    table.name = `test-${file.replace(/[^a-zA-Z0-9_.-]/g, '-')}-${randomBytes(4).toString('hex')}`;
    // A stream only for a file that runs the projector (DynamoDB Local's stream calls slow down with
    // every record any table of the run ever streamed).
    await ensureTable(endpoint(), table.name, { stream });
    process.env.TABLE_NAME = table.name;
    resetConfigForTests();
  });

  afterAll(async () => {
    const client = localDynamoClient(endpoint());
    try {
      await client.send(new DeleteTableCommand({ TableName: table.name }));
    } finally {
      client.destroy();
    }
  });

  return table;
}
