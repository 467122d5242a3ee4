// The parent of dynamodb-lifetime.test.ts: starts DynamoDB Local in memory on a free port, prints Java's
// pid and port once it answers, and waits to be killed.
import { freePort } from './ports.ts';
import { startDynamoDb } from './dynamodb.ts';

const port = await freePort();
const db = await startDynamoDb({ port, shortLived: true });
console.log(`java ${db.pid} port ${port}`);
setInterval(() => undefined, 1_000);
