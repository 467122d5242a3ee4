// Creates the single table locally from the same definition the CDK stack uses, with TTL on `ttl`.
import {
  CreateTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, TABLE_KEYS } from '#platform/table-definition.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../settings.ts';

export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

/** Creates the table and enables TTL unless already done; says which it was. */
export async function ensureTable(endpoint: string, tableName: string): Promise<'created' | 'existed'> {
  const client = localDynamoClient(endpoint);
  try {
    let outcome: 'created' | 'existed' = 'created';
    try {
      await client.send(new CreateTableCommand(createTableInput(tableName)));
    } catch (err) {
      if (!(err instanceof ResourceInUseException)) throw err;
      outcome = 'existed';
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
