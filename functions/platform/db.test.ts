import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConditionFailed, decodeCursor, encodeCursor, queryPage, transactWrite, TransactionConflict } from './db.ts';
import { ValidationFailed } from './errors.ts';

// The document client is replaced by a recorder: these tests check the commands the layer builds
// and how it reads DynamoDB's answers; tests/integration/*.test.ts run the same code for real.
const send = vi.fn();
vi.mock('./dynamo.ts', () => ({ docClient: () => ({ send }), tableName: () => 'test-table' }));

const sent = (i = 0) => send.mock.calls[i]![0].input;
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

beforeEach(() => send.mockReset());

describe('queryPage', () => {
  it('turns a key query into a key condition on the named index', async () => {
    send.mockResolvedValueOnce({ Items: [{ pk: 'x' }] });

    const page = await queryPage({ index: 'gsi2', pk: 'P', sk: { between: ['a', 'b'] }, limit: 5, newestFirst: true });

    expect(page).toEqual({ items: [{ pk: 'x' }] });
    expect(sent()).toMatchObject({
      TableName: 'test-table',
      IndexName: 'gsi2',
      KeyConditionExpression: '#kpk = :kpk AND #ksk BETWEEN :ksk1 AND :ksk2',
      ExpressionAttributeNames: { '#kpk': 'gsi2pk', '#ksk': 'gsi2sk' },
      ExpressionAttributeValues: { ':kpk': 'P', ':ksk1': 'a', ':ksk2': 'b' },
      ScanIndexForward: false,
      Limit: 5,
    });
  });

  it('hands out the last evaluated key as an opaque cursor and accepts it back', async () => {
    const last = { pk: 'P', sk: 'S2' };
    send.mockResolvedValueOnce({ Items: [], LastEvaluatedKey: last }).mockResolvedValueOnce({ Items: [] });

    const first = await queryPage({ pk: 'P', sk: { beginsWith: 'S' } });
    await queryPage({ pk: 'P', sk: { beginsWith: 'S' }, cursor: first.cursor });

    expect(first.cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(sent(1).ExclusiveStartKey).toEqual(last);
  });

  it('merges a filter\u2019s placeholders with the key condition\u2019s', async () => {
    send.mockResolvedValueOnce({ Items: [] });

    await queryPage({ pk: 'P', filter: { expression: '#s = :s', names: { '#s': 'status' }, values: { ':s': 1 } } });

    expect(sent()).toMatchObject({
      KeyConditionExpression: '#kpk = :kpk',
      FilterExpression: '#s = :s',
      ExpressionAttributeNames: { '#kpk': 'pk', '#s': 'status' },
      ExpressionAttributeValues: { ':kpk': 'P', ':s': 1 },
    });
  });
});

describe('decodeCursor', () => {
  const query = { index: 'gsi1' as const, pk: 'AGENTS' };
  const good = { pk: 'AGENT#1', sk: 'PROFILE', gsi1pk: 'AGENTS', gsi1sk: 'smith#1' };

  it('round-trips a cursor of the same query', () => {
    expect(decodeCursor(encodeCursor(good), query)).toEqual(good);
  });

  it.each([
    ['not base64url', '%%%'],
    ['not JSON', Buffer.from('nope').toString('base64url')],
    ['an array', encodeCursor([1] as unknown as Record<string, unknown>)],
    ['missing index keys', encodeCursor({ pk: 'AGENT#1', sk: 'PROFILE' })],
    ['extra attributes', encodeCursor({ ...good, balanceCents: '5' })],
    ['a number key', encodeCursor({ ...good, sk: 5 })],
    ['another partition', encodeCursor({ ...good, gsi1pk: 'USERS' })],
  ])('rejects %s as a 400 ValidationFailed', (_what, cursor) => {
    expect(() => decodeCursor(cursor, query)).toThrow(ValidationFailed);
    expect(() => decodeCursor(cursor, query)).toThrow('Invalid cursor');
  });
});

describe('transactWrite', () => {
  const put = { kind: 'put' as const, item: { pk: 'A', sk: 'B' } };

  it('adds the idempotency record to the same transaction, conditioned on not existing', async () => {
    send.mockResolvedValueOnce({});

    const outcome = await transactWrite([put], { idempotencyKey: 'k1', idempotencyTtlDays: 2, result: { id: 7 }, fingerprint: 'f' });

    expect(outcome).toEqual({ status: 'committed' });
    const [first, record] = sent().TransactItems;
    expect(first).toEqual({ Put: { TableName: 'test-table', Item: { pk: 'A', sk: 'B' } } });
    expect(record.Put).toMatchObject({
      Item: { pk: 'IDEMPOTENCY#k1', sk: 'IDEMPOTENCY', entity: 'Idempotency', result: { id: 7 }, fingerprint: 'f' },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    const inTwoDays = Math.floor(Date.now() / 1000) + 2 * 86_400;
    expect(Math.abs(record.Put.Item.ttl - inTwoDays)).toBeLessThan(5);
  });

  it('returns the stored result instead of failing when the key was used before', async () => {
    send.mockRejectedValueOnce(cancelled('ConditionalCheckFailed', 'ConditionalCheckFailed')).mockResolvedValueOnce({ Item: { result: { id: 7 }, fingerprint: 'f' } });

    const outcome = await transactWrite([put], { idempotencyKey: 'k1' });

    expect(outcome).toEqual({ status: 'duplicate', storedResult: { id: 7 }, fingerprint: 'f' });
    expect(sent(1)).toMatchObject({ Key: { pk: 'IDEMPOTENCY#k1', sk: 'IDEMPOTENCY' }, ConsistentRead: true });
  });

  it('throws the error the caller chose for the item whose condition failed', async () => {
    class Overdrawn extends Error {}
    send.mockRejectedValueOnce(cancelled('None', 'ConditionalCheckFailed', 'None'));

    const write = transactWrite([put, { ...put, orFail: () => new Overdrawn() }], { idempotencyKey: 'k2' });

    await expect(write).rejects.toBeInstanceOf(Overdrawn);
  });

  it('throws ConditionFailed when the failing item names no error', async () => {
    send.mockRejectedValueOnce(cancelled('ConditionalCheckFailed'));
    await expect(transactWrite([put])).rejects.toBeInstanceOf(ConditionFailed);
  });

  it('throws the retryable TransactionConflict when another transaction got in the way', async () => {
    send.mockRejectedValueOnce(cancelled('TransactionConflict', 'None'));
    await expect(transactWrite([put], { idempotencyKey: 'k3' })).rejects.toBeInstanceOf(TransactionConflict);
  });

  it('writes an update with its condition and merged placeholders', async () => {
    send.mockResolvedValueOnce({});

    await transactWrite([
      {
        kind: 'update',
        key: { pk: 'A', sk: 'B' },
        update: { expression: 'ADD n :one', values: { ':one': 1 } },
        condition: { expression: 'v = :v', values: { ':v': 2 } },
      },
    ]);

    expect(sent().TransactItems[0].Update).toEqual({
      TableName: 'test-table',
      Key: { pk: 'A', sk: 'B' },
      UpdateExpression: 'ADD n :one',
      ConditionExpression: 'v = :v',
      ExpressionAttributeValues: { ':one': 1, ':v': 2 },
    });
  });
});
