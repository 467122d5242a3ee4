// The integration harness itself: the emulators from the global setup and the per-file table.
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DescribeTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { config } from '#platform/config.ts';
import { createTableInput, TABLE_KEYS } from '#platform/table-definition.ts';
import { StartupError } from '../../infra/local/services/startup-error.ts';
import { ensureTable, localDynamoClient } from '../../infra/local/services/table.ts';
import { useTestTable } from '../support/test-table.ts';

const table = useTestTable();

describe('integration harness', () => {
  it('points the handlers’ configuration at this file’s own table and the emulators', () => {
    expect(config()).toMatchObject({ TABLE_NAME: table.name, STAGE: 'test', UPLOADS_BUCKET: 'uploads' });
    expect(config().DYNAMODB_ENDPOINT).toMatch(/^http:\/\/localhost:\d+$/);
    expect(config().S3_ENDPOINT).toMatch(/^http:\/\/localhost:\d+$/);
  });

  it('creates the table with the shared key definition, its indexes and TTL on `ttl`', async () => {
    const client = localDynamoClient(config().DYNAMODB_ENDPOINT!);
    const { Table } = await client.send(new DescribeTableCommand({ TableName: table.name }));
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: table.name }));
    client.destroy();
    expect(Table?.KeySchema?.map((k) => k.AttributeName)).toEqual(['pk', 'sk']);
    expect(Table?.GlobalSecondaryIndexes?.map((ix) => ix.IndexName).sort()).toEqual(TABLE_KEYS.indexes.map((ix) => ix.name));
    expect(ttl.TimeToLiveDescription).toMatchObject({ AttributeName: 'ttl', TimeToLiveStatus: 'ENABLED' });
  });

  it('refuses a table kept from an older version that lacks an index, and names npm run reset', async () => {
    const endpoint = config().DYNAMODB_ENDPOINT!;
    const name = `${table.name}-old`;
    const input = createTableInput(name);
    const client = localDynamoClient(endpoint);
    const kept = input.GlobalSecondaryIndexes!.slice(0, 3);
    const used = new Set<string | undefined>([...input.KeySchema!, ...kept.flatMap((ix) => ix.KeySchema!)].map((k) => k.AttributeName));
    await client.send(new CreateTableCommand({ ...input, GlobalSecondaryIndexes: kept, AttributeDefinitions: input.AttributeDefinitions!.filter((a) => used.has(a.AttributeName)) }));
    try {
      const refusal = await ensureTable(endpoint, name).catch((err: unknown) => err);
      expect(refusal).toBeInstanceOf(StartupError);
      expect((refusal as Error).message).toMatch(/older version.*npm run reset/);
      // Today's table is accepted as it is.
      expect(await ensureTable(endpoint, table.name)).toBe('existed');
    } finally {
      await client.send(new DeleteTableCommand({ TableName: name }));
      client.destroy();
    }
  });

  it('accepts a browser upload through a presigned PUT from the site origin only, and serves it back', async () => {
    const s3 = new S3Client({ endpoint: config().S3_ENDPOINT, forcePathStyle: true, region: config().AWS_REGION });
    const key = `incoming/${table.name}.csv`;
    const putUrl = await getSignedUrl(s3, new PutObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key }), { expiresIn: 60 });

    const preflight = (origin: string) =>
      fetch(putUrl, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'PUT' } });
    const allowed = await preflight(config().APP_ORIGIN);
    const foreign = await preflight('http://elsewhere.example');
    const put = await fetch(putUrl, { method: 'PUT', body: 'a,b\n1,2\n', headers: { origin: config().APP_ORIGIN } });
    const got = await s3.send(new GetObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: key }));
    s3.destroy();

    expect(allowed.status).toBe(200);
    expect(foreign.status).toBe(403);
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).toBe(config().APP_ORIGIN);
    expect(await got.Body?.transformToString()).toBe('a,b\n1,2\n');
  });
});
