// The integration harness itself: the emulators from the global setup and the per-file table.
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  PutItemCommand,
  QueryCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
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

  // The emulator's launcher keeps each schema it has parsed (infra/local/services/LoopbackDynamoDbLocal.java):
  // tables of other schemas in one database, and a schema changed by UpdateTimeToLive, still answer
  // from their own.
  it('reads each table by its own schema: other indexes, and a time-to-live set on one table only', async () => {
    const client = localDynamoClient(config().DYNAMODB_ENDPOINT!);
    const input = createTableInput(`${table.name}-a`);
    const kept = input.GlobalSecondaryIndexes!.slice(0, 1);
    const used = new Set<string | undefined>([...input.KeySchema!, ...kept[0]!.KeySchema!].map((k) => k.AttributeName));
    const smaller = (name: string) => ({ ...input, TableName: name, GlobalSecondaryIndexes: kept, AttributeDefinitions: input.AttributeDefinitions!.filter((a) => used.has(a.AttributeName)) });
    const names = [`${table.name}-a`, `${table.name}-b`];
    const gsi9 = TABLE_KEYS.indexes.at(-1)!;
    const item = (n: number) => ({ pk: { S: `P#${n}` }, sk: { S: 'S' }, gsi1pk: { S: 'G' }, gsi1sk: { S: `${n}` }, [gsi9.partitionKey]: { S: 'G9' }, [gsi9.sortKey]: { S: `${n}` } });
    const byIndex = (TableName: string, index: { name: string; partitionKey: string }, value: string) =>
      client.send(new QueryCommand({ TableName, IndexName: index.name, KeyConditionExpression: '#k = :v', ExpressionAttributeNames: { '#k': index.partitionKey }, ExpressionAttributeValues: { ':v': { S: value } } }));
    const ttlOf = async (TableName: string) => (await client.send(new DescribeTimeToLiveCommand({ TableName }))).TimeToLiveDescription?.TimeToLiveStatus;
    try {
      await client.send(new CreateTableCommand(smaller(names[0]!)));
      for (let n = 0; n < 3; n++) {
        await client.send(new PutItemCommand({ TableName: names[0]!, Item: item(n) }));
        await client.send(new PutItemCommand({ TableName: table.name, Item: item(n) }));
      }
      // The same index name on both tables; the ninth index only on the file's own table.
      expect((await byIndex(names[0]!, TABLE_KEYS.indexes[0]!, 'G')).Count).toBe(3);
      expect((await byIndex(table.name, gsi9, 'G9')).Count).toBe(3);
      await expect(byIndex(names[0]!, gsi9, 'G9')).rejects.toThrow(/index/i);

      expect(await ttlOf(names[0]!)).toBe('DISABLED');
      await client.send(new UpdateTimeToLiveCommand({ TableName: names[0]!, TimeToLiveSpecification: { Enabled: true, AttributeName: 'ttl' } }));
      expect(await ttlOf(names[0]!)).toBe('ENABLED');
      // A second table made with the first one's schema as it was before: no time to live.
      await client.send(new CreateTableCommand(smaller(names[1]!)));
      expect(await ttlOf(names[1]!)).toBe('DISABLED');
      await client.send(new PutItemCommand({ TableName: names[1]!, Item: item(7) }));
      expect((await byIndex(names[1]!, TABLE_KEYS.indexes[0]!, 'G')).Items?.map((i) => i.pk?.S)).toEqual(['P#7']);
    } finally {
      for (const name of names) await client.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined);
      client.destroy();
    }
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
