// The yardstick the benchmarks print beside their own figures: what the same DynamoDB Local does with
// bare TransactWriteItems of the same size, measured in the same run (it serialises transactions, so
// only ratios to it mean anything). Items are written under RAW# keys the application never reads.
import { BatchGetCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { docClient, tableName } from '#platform/dynamo.ts';

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** A transaction shaped like a ledger write: per account a conditional update, a put and a counter update. */
function items(run: string, n: number, size: number): TransactItem[] {
  const TableName = tableName();
  const at = new Date().toISOString();
  return Array.from({ length: size }, (_v, i): TransactItem => {
    const pk = `RAW#${run}#${n}#${Math.floor(i / 3)}`;
    if (i % 3 === 1) return { Put: { TableName, Item: { pk, sk: `ENTRY#${at}#${i}`, amountCents: 1_000, at }, ConditionExpression: 'attribute_not_exists(pk)' } };
    return {
      Update: {
        TableName,
        Key: { pk, sk: i % 3 === 0 ? 'BALANCE' : 'DAYSUM' },
        UpdateExpression: 'ADD n :one SET updatedAt = :at',
        ExpressionAttributeValues: { ':one': 1, ':at': at },
      },
    };
  });
}

/** Sequential transactions of `size` items; per-transaction times in ms. */
export async function rawTransactionTimes(size: number, count: number): Promise<number[]> {
  const run = crypto.randomUUID();
  const times: number[] = [];
  for (let n = 0; n < count; n++) {
    const start = performance.now();
    await docClient().send(new TransactWriteCommand({ TransactItems: items(run, n, size) }));
    times.push(performance.now() - start);
  }
  return times;
}

/**
 * One bare transaction of `size` items per call, timed in ms: for sampling the yardstick interleaved
 * with the figure it is compared to, so both see the same machine load and the same JIT warmth of
 * DynamoDB Local (measured one after the other, whichever runs later looks faster).
 */
export function rawTransactionSampler(size: number): () => Promise<number> {
  const run = crypto.randomUUID();
  let n = 0;
  return async () => {
    const start = performance.now();
    await docClient().send(new TransactWriteCommand({ TransactItems: items(run, n++, size) }));
    return performance.now() - start;
  };
}

/**
 * `count` transactions of `size` items on distinct accounts, `concurrency` at a time; transactions a
 * second. Each one's time in ms goes into `times` when given (their latency under that load).
 */
export async function rawTransactionRate(size: number, count: number, concurrency: number, times?: number[]): Promise<number> {
  const run = crypto.randomUUID();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const t0 = performance.now();
        await docClient().send(new TransactWriteCommand({ TransactItems: items(run, next++, size) }));
        times?.push(performance.now() - t0);
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * A transaction shaped like a transfer's (functions/core/money/ledger.ts): two balance updates and three
 * puts (two ledger entries and the idempotency record). Worker `worker` updates its own two balance
 * items every time, as a client moving money back and forth between its own two agents does; the puts
 * are new items each time.
 */
function transferItems(run: string, worker: number, n: number): TransactItem[] {
  const TableName = tableName();
  const at = new Date().toISOString();
  const balance = (side: string): TransactItem => ({
    Update: {
      TableName,
      Key: { pk: `RAW#${run}#${worker}#${side}`, sk: 'BALANCE' },
      UpdateExpression: 'ADD balanceCents :delta, version :one SET updatedAt = :at',
      ExpressionAttributeValues: { ':delta': side === 'a' ? -1_000 : 1_000, ':one': 1, ':at': at },
    },
  });
  const put = (pk: string, sk: string): TransactItem => ({ Put: { TableName, Item: { pk, sk, amountCents: 1_000, at }, ConditionExpression: 'attribute_not_exists(pk)' } });
  return [
    balance('a'),
    balance('b'),
    put(`RAW#${run}#${worker}#a`, `ENTRY#${at}#${n}`),
    put(`RAW#${run}#${worker}#b`, `ENTRY#${at}#${n}`),
    put(`RAW#${run}#IDEMPOTENCY#${worker}#${n}`, 'IDEMPOTENCY'),
  ];
}

/** One bare transfer-shaped transaction (2 updates, 3 puts) per call, timed in ms, for sampling interleaved. */
export function rawTransferSampler(): () => Promise<number> {
  const run = crypto.randomUUID();
  let n = 0;
  return async () => {
    const start = performance.now();
    await docClient().send(new TransactWriteCommand({ TransactItems: transferItems(run, 0, n++) }));
    return performance.now() - start;
  };
}

/**
 * `clients` workers, each on its own two balance items, run `perClient` transfer-shaped transactions in
 * series; transactions a second over all of them. Each one's time in ms goes into `times` when given.
 */
export async function rawTransferRate(clients: number, perClient: number, times?: number[]): Promise<number> {
  const run = crypto.randomUUID();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_v, worker) => {
      for (let n = 0; n < perClient; n++) {
        const t0 = performance.now();
        await docClient().send(new TransactWriteCommand({ TransactItems: transferItems(run, worker, n) }));
        times?.push(performance.now() - t0);
      }
    }),
  );
  return (clients * perClient) / ((performance.now() - started) / 1000);
}

/**
 * As rawTransferRate, each transaction preceded by the reads a transfer over HTTP makes before it: a
 * consistent GetItem (the session) and a consistent BatchGet of five keys (the idempotency record, both
 * balances, both profiles). Transactions a second: what DynamoDB Local allows a transfer's requests,
 * without the application around them.
 */
export async function rawTransferRequestsRate(clients: number, perClient: number): Promise<number> {
  const run = crypto.randomUUID();
  const TableName = tableName();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_v, worker) => {
      for (let n = 0; n < perClient; n++) {
        await docClient().send(new GetCommand({ TableName, Key: { pk: `RAW#${run}#SESSION#${worker}`, sk: 'SESSION' }, ConsistentRead: true }));
        const keys = [`RAW#${run}#${worker}#a`, `RAW#${run}#${worker}#b`].flatMap((pk) => [{ pk, sk: 'BALANCE' }, { pk, sk: 'PROFILE' }]);
        keys.push({ pk: `RAW#${run}#IDEMPOTENCY#${worker}#${n}`, sk: 'IDEMPOTENCY' });
        await docClient().send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys: keys, ConsistentRead: true } } }));
        await docClient().send(new TransactWriteCommand({ TransactItems: transferItems(run, worker, n) }));
      }
    }),
  );
  return (clients * perClient) / ((performance.now() - started) / 1000);
}
