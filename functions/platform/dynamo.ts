// The one DynamoDB document client of a process, created on first use: locally it points at
// DynamoDB Local (DYNAMODB_ENDPOINT), in AWS at the regional endpoint.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config, faultInjectionOn } from './config.ts';
import { traced } from './tracer.ts';
import { addFaultInjection } from './faults.ts';
import { onForget } from './held.ts';

let client: DynamoDBDocumentClient | undefined;
onForget(() => {
  client = undefined;
});

/** DynamoDB Local (without -sharedDb) keeps a database per access key; it checks no signature. */
const localDatabaseCredentials = (database: string) => ({ accessKeyId: database, secretAccessKey: 'local' });

export function docClient(): DynamoDBDocumentClient {
  if (!client) {
    const c = config();
    const { AWS_REGION, DYNAMODB_ENDPOINT } = c;
    const database = DYNAMODB_ENDPOINT && 'DYNAMODB_LOCAL_DATABASE' in c ? c.DYNAMODB_LOCAL_DATABASE : undefined;
    // X-Ray subsegments per call in Lambda only (platform/tracer.ts); the client itself elsewhere.
    const base = traced(new DynamoDBClient({
      region: AWS_REGION,
      ...(DYNAMODB_ENDPOINT ? { endpoint: DYNAMODB_ENDPOINT } : {}),
      // A test file's own database on a DynamoDB Local it shares (config.ts): chosen by the access key.
      ...(database ? { credentials: localDatabaseCredentials(database) } : {}),
      // Retries of throttled and conflicting transactions stay with the SDK; the ledger adds its own
      // bounded retry for version conflicts, which the SDK cannot know about.
      maxAttempts: 5,
    }));
    // The SDK's logger step filters every command's input and output for its (no-op) logger, a
    // schema walk per call that was a tenth of the lead engine's CPU; nothing here logs through it.
    base.middlewareStack.remove('loggerMiddleware');
    if (faultInjectionOn(config())) addFaultInjection(base);
    client = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
      unmarshallOptions: { wrapNumbers: false },
    });
  }
  return client;
}

/** The table every repository writes to, read from configuration on each call (tests switch it). */
export function tableName(): string {
  return config().TABLE_NAME;
}
