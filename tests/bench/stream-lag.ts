// The raw floor of every stream-derived figure: a bare put to the benchmark's DynamoDB Local table,
// timed from its answer until a reader of the table's stream (GetRecords every POLL_MS) gets its record.
import { DescribeTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { localDynamoCredentials, LOCAL_REGION } from '../../infra/local/settings.ts';
import { testDynamoEndpoint } from '../support/test-table.ts';

const POLL_MS = 20;
const GIVE_UP_MS = 15_000;

/** `samples` puts, one after another; the ms each took to be read from the stream. */
export async function rawStreamLag(samples: number): Promise<number[]> {
  const config = { endpoint: testDynamoEndpoint(), region: LOCAL_REGION, credentials: localDynamoCredentials() };
  const dynamo = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);
  try {
    const TableName = process.env.TABLE_NAME!;
    const { Table } = await dynamo.send(new DescribeTableCommand({ TableName }));
    const StreamArn = Table!.LatestStreamArn!;
    const iterators = new Map<string, string>();
    const latest = async () => {
      const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn }));
      for (const shard of StreamDescription?.Shards ?? []) {
        if (!shard.ShardId || iterators.has(shard.ShardId) || shard.SequenceNumberRange?.EndingSequenceNumber) continue;
        const { ShardIterator } = await streams.send(new GetShardIteratorCommand({ StreamArn, ShardId: shard.ShardId, ShardIteratorType: 'LATEST' }));
        if (ShardIterator) iterators.set(shard.ShardId, ShardIterator);
      }
    };
    await latest();
    const lags: number[] = [];
    for (let n = 0; n < samples; n++) {
      const pk = `RAW#stream-lag#${Date.now()}#${n}`;
      await dynamo.send(new PutItemCommand({ TableName, Item: { pk: { S: pk }, sk: { S: 'RAW' } } }));
      const from = performance.now();
      for (let found = false; !found && performance.now() - from < GIVE_UP_MS; ) {
        for (const [shardId, iterator] of [...iterators]) {
          const answer = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
          if (answer.NextShardIterator) iterators.set(shardId, answer.NextShardIterator);
          else iterators.delete(shardId);
          if ((answer.Records ?? []).some((r) => r.dynamodb?.Keys?.pk?.S === pk)) found = true;
        }
        if (iterators.size === 0) await latest();
        if (!found) await new Promise((r) => setTimeout(r, POLL_MS));
      }
      lags.push(performance.now() - from);
    }
    return lags;
  } finally {
    dynamo.destroy();
    streams.destroy();
  }
}
