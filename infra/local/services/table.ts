// Creates the single table locally from the same definition the CDK stack uses, with TTL on `ttl`.
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, TABLE_KEYS } from '#platform/table-definition.ts';
import { localDynamoCredentials, LOCAL_REGION } from '../settings.ts';
import { StartupError } from './startup-error.ts';

export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: localDynamoCredentials() });
}

/**
 * Creates the table and enables TTL unless already done; says which it was. A table kept from an
 * older version of the app that lacks an index of today's definition is refused loudly: its items
 * carry no keys for the new index, so the screens that read it would show wrong pages.
 */
export async function ensureTable(endpoint: string, tableName: string, { stream = true }: { stream?: boolean } = {}): Promise<'created' | 'existed'> {
  const client = localDynamoClient(endpoint);
  try {
    let outcome: 'created' | 'existed' = 'created';
    const input = createTableInput(tableName, { stream });
    try {
      await client.send(new CreateTableCommand(input));
    } catch (err) {
      if (!(err instanceof ResourceInUseException)) throw err;
      outcome = 'existed';
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
      const missing = (input.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName!).filter((name) => !present.has(name));
      if (missing.length > 0)
        throw new StartupError(
          `The local table ${tableName} was made by an older version of the app (it has no ${missing.join(', ')}): run npm run reset to rebuild it with the demo data.`,
        );
      // A table from before the projector has no stream: turn it on (its views are rebuilt from the facts by npm run rebuild).
      if (stream && !Table?.StreamSpecification?.StreamEnabled) await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: input.StreamSpecification }));
    }
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
    // Enabling TTL twice is an error in DynamoDB, so only ask when it is off.
    if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED')
      await client.send(
        new UpdateTimeToLiveCommand({
          TableName: tableName,
          TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttl, Enabled: true },
        }),
      );
    return outcome;
  } finally {
    client.destroy();
  }
}
