import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ConditionFailed } from './db.ts';
import { defineCollection, defineEntity, getMany } from './entity.ts';

// The document client is replaced by a recorder: these tests check the commands the entity layer
// builds; tests/integration/db.test.ts runs the same code against DynamoDB Local.
const send = vi.fn();
vi.mock('./dynamo.ts', () => ({ docClient: () => ({ send }), tableName: () => 'test-table' }));
const sent = (i = 0) => send.mock.calls[i]![0].input;

beforeEach(() => send.mockReset());

const Thing = defineEntity({
  entity: 'Thing',
  version: 3,
  schema: z.object({ id: z.string(), name: z.string(), size: z.number().int(), featured: z.boolean(), note: z.string().optional() }),
  key: (t: { id: string }) => ({ pk: `THING#${t.id}`, sk: 'THING' }),
  queries: { all: () => ({ pk: 'THINGS' }) },
  indexes: {
    byName: {
      index: 'gsi1',
      attributes: ['name', 'id'],
      key: (t) => ({ pk: 'THINGS', sk: `${t.name.toLowerCase()}#${t.id}` }),
      query: (prefix?: string) => ({ pk: 'THINGS', ...(prefix ? { sk: { beginsWith: prefix } } : {}) }),
    },
    featured: {
      index: 'gsi3',
      attributes: ['featured', 'id'],
      when: (t) => t.featured,
      key: (t) => ({ pk: 'FEATURED', sk: t.id }),
      query: () => ({ pk: 'FEATURED' }),
    },
  },
});
const thing = { id: 'a', name: 'Bolt', size: 2, featured: true };

describe('an entity declaration', () => {
  it('stamps entity, schema version, the primary key and every applicable index key on the stored item', () => {
    expect(Thing.toItem(thing)).toEqual({
      ...thing, pk: 'THING#a', sk: 'THING', gsi1pk: 'THINGS', gsi1sk: 'bolt#a', gsi3pk: 'FEATURED', gsi3sk: 'a', entity: 'Thing', schemaVersion: 3,
    });
    expect(Thing.toItem({ ...thing, featured: false })).not.toHaveProperty('gsi3pk');
  });

  it('refuses to store an item its schema rejects', () => {
    expect(() => Thing.toItem({ ...thing, size: 2.5 })).toThrow();
  });

  it('reads items back without their key attributes and refuses another entity', () => {
    expect(Thing.parse(Thing.toItem(thing))).toEqual(thing);
    expect(() => Thing.parse({ ...thing, entity: 'Other' })).toThrow('Expected a Thing item');
  });

  it('queries a named index pattern on its index with the pattern\u2019s key condition', async () => {
    send.mockResolvedValueOnce({ Items: [Thing.toItem(thing)] });

    const page = await Thing.query.byName('bo').page({ limit: 5 });

    expect(page.items).toEqual([thing]);
    expect(sent()).toMatchObject({ IndexName: 'gsi1', KeyConditionExpression: '#kpk = :kpk AND begins_with(#ksk, :ksk)', ExpressionAttributeValues: { ':kpk': 'THINGS', ':ksk': 'bo' }, Limit: 5 });
  });

  it('narrows a pattern to a slice of its sort keys without leaving its partition', () => {
    expect(Thing.query.byName('bo').within({ between: ['c', 'd'] }).key).toEqual({ index: 'gsi1', pk: 'THINGS', sk: { between: ['c', 'd'] } });
  });

  it('throws the caller\u2019s error when a conditional create fails', async () => {
    send.mockRejectedValueOnce(new ConditionalCheckFailedException({ message: 'failed', $metadata: {} }));
    class Taken extends Error {}

    await expect(Thing.create(thing, { orFail: () => new Taken() })).rejects.toBeInstanceOf(Taken);
    expect(sent().ConditionExpression).toBe('attribute_not_exists(pk)');
  });
});

describe('patch', () => {
  it('sets validated attributes of an existing item only', async () => {
    send.mockResolvedValueOnce({});

    await Thing.patch({ id: 'a' }, { set: { size: 3 }, remove: ['note'] });

    expect(sent()).toEqual({
      TableName: 'test-table',
      Key: { pk: 'THING#a', sk: 'THING' },
      UpdateExpression: 'SET #u1 = :u2 REMOVE #u0',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#u0': 'note', '#u1': 'size' },
      ExpressionAttributeValues: { ':u2': 3 },
    });
  });

  it('refuses a value the schema refuses before anything is sent', async () => {
    await expect(Thing.patch({ id: 'a' }, { set: { size: 1.5 } })).rejects.toThrow();
    expect(send).not.toHaveBeenCalled();
  });

  it('rewrites the index keys built from an attribute it changes', async () => {
    send.mockResolvedValueOnce({});

    await Thing.patch({ id: 'a' }, { set: { name: 'Nut' } });

    const { UpdateExpression, ExpressionAttributeNames, ExpressionAttributeValues } = sent();
    expect(UpdateExpression).toBe('SET #u0 = :u1, #u2 = :u3, #u4 = :u5');
    expect(ExpressionAttributeNames).toEqual({ '#u0': 'name', '#u2': 'gsi1pk', '#u4': 'gsi1sk' });
    expect(ExpressionAttributeValues).toEqual({ ':u1': 'Nut', ':u3': 'THINGS', ':u5': 'nut#a' });
  });

  it('removes a sparse index\u2019s keys when the item stops qualifying, and writes them when it qualifies again', async () => {
    send.mockResolvedValue({});

    await Thing.patch({ id: 'a' }, { set: { featured: false } });
    await Thing.patch({ id: 'a' }, { set: { featured: true } });

    expect(sent(0).UpdateExpression).toBe('SET #u0 = :u1 REMOVE #u2, #u3');
    expect(sent(0).ExpressionAttributeNames).toMatchObject({ '#u2': 'gsi3pk', '#u3': 'gsi3sk' });
    expect(sent(1).ExpressionAttributeValues).toMatchObject({ ':u3': 'FEATURED', ':u5': 'a' });
  });

  it('refuses to change half of an index key it cannot rebuild, unless given the current item', async () => {
    const Pair = defineEntity({
      entity: 'Pair',
      version: 1,
      schema: z.object({ id: z.string(), first: z.string(), last: z.string() }),
      key: (p: { id: string }) => ({ pk: `PAIR#${p.id}`, sk: 'PAIR' }),
      indexes: { byName: { index: 'gsi1', attributes: ['last', 'first'], key: (p) => ({ pk: 'PAIRS', sk: `${p.last}#${p.first}` }), query: () => ({ pk: 'PAIRS' }) } },
    });
    send.mockResolvedValue({});

    await expect(Pair.patch({ id: 'p' }, { set: { last: 'Lee' } })).rejects.toThrow('give first');
    await Pair.patch({ id: 'p' }, { set: { last: 'Lee' } }, { current: { id: 'p', first: 'Ann', last: 'Diaz' } });
    expect(sent().ExpressionAttributeValues).toMatchObject({ ':u5': 'Lee#Ann' });
  });

  it('upserts counters with ADD and opening values with if_not_exists, stamping entity and key attributes', () => {
    const Tally = defineEntity({
      entity: 'Tally',
      version: 2,
      schema: z.object({ id: z.string(), name: z.string(), size: z.number().int() }),
      key: (t: { id: string }) => ({ pk: `TALLY#${t.id}`, sk: 'TALLY' }),
    });
    const tx = Tally.patchTx({ id: 'a' }, { add: { size: 2 }, setIfMissing: { name: 'Bolt' } }, { upsert: true });

    expect(tx).toMatchObject({ kind: 'update', key: { pk: 'TALLY#a', sk: 'TALLY' } });
    if (tx.kind !== 'update') throw new Error('expected an update');
    expect(tx.condition).toBeUndefined();
    expect(tx.update.expression).toMatch(/^SET #u0 = :u1, #u2 = :u3, #u4 = :u5, #u6 = if_not_exists\(#u6, :u7\).* ADD #u8 :u9$/);
    expect(tx.update.names).toMatchObject({ '#u0': 'id', '#u2': 'entity', '#u4': 'schemaVersion', '#u6': 'name', '#u8': 'size' });
  });

  it('joins two counter upserts of one item into one update: ADDs summed, the first opening value kept, equal SETs only', () => {
    const Tally = defineEntity({
      entity: 'Tally',
      version: 2,
      schema: z.object({ id: z.string(), name: z.string(), size: z.number().int(), ttl: z.number().int() }),
      key: (t: { id: string }) => ({ pk: `TALLY#${t.id}`, sk: 'TALLY' }),
    });
    const a = Tally.patchTx({ id: 'a' }, { add: { size: 2 }, set: { ttl: 9 }, setIfMissing: { name: 'Bolt' } }, { upsert: true });
    const b = Tally.patchTx({ id: 'a' }, { add: { size: 3 }, set: { ttl: 9 }, setIfMissing: { name: 'Nut' } }, { upsert: true });
    if (a.kind !== 'update' || b.kind !== 'update') throw new Error('expected updates');
    const joined = a.merge!.with(b.merge!);
    expect(joined).toEqual({ ...Tally.patchTx({ id: 'a' }, { add: { size: 5 }, set: { ttl: 9 }, setIfMissing: { name: 'Bolt' } }, { upsert: true }), merge: expect.anything() });
    const later = Tally.patchTx({ id: 'a' }, { add: { size: 1 }, set: { ttl: 10 } }, { upsert: true });
    expect(a.merge!.with((later as typeof a).merge!)).toBeUndefined();
    // A patch with a condition, or one that only changes an existing item, joins nothing.
    expect((Tally.patchTx({ id: 'a' }, { add: { size: 1 } }) as typeof a).merge).toBeUndefined();
    expect((Tally.patchTx({ id: 'a' }, { add: { size: 1 } }, { upsert: true, condition: { expression: 'size < :m', values: { ':m': 9 } } }) as typeof a).merge).toBeUndefined();
  });

  it('keeps the caller\u2019s condition beside the existence check, with its own placeholders', () => {
    const tx = Thing.patchTx({ id: 'a' }, { set: { size: 4 } }, { condition: { expression: 'size = :old', values: { ':old': 3 } }, orFail: () => new Error('changed') });
    if (tx.kind !== 'update') throw new Error('expected an update');
    expect(tx.condition).toEqual({ expression: 'attribute_exists(pk) AND (size = :old)', values: { ':old': 3 } });
    expect(tx.orFail?.().message).toBe('changed');
  });

  it('turns a failed condition into the caller\u2019s error or ConditionFailed', async () => {
    send.mockRejectedValueOnce(new ConditionalCheckFailedException({ message: 'failed', $metadata: {} }));
    await expect(Thing.patch({ id: 'gone' }, { set: { size: 1 } })).rejects.toBeInstanceOf(ConditionFailed);
  });
});

describe('delete', () => {
  it('deletes by primary key and hands back the deleted item when asked', async () => {
    send.mockResolvedValueOnce({ Attributes: Thing.toItem(thing) });

    expect(await Thing.delete({ id: 'a' }, { returnOld: true })).toEqual(thing);
    expect(sent()).toEqual({ TableName: 'test-table', Key: { pk: 'THING#a', sk: 'THING' }, ReturnValues: 'ALL_OLD' });
  });
});

describe('reading several entities at once', () => {
  const Other = defineEntity({ entity: 'Other', version: 1, schema: z.object({ id: z.string(), n: z.number() }), key: (o: { id: string }) => ({ pk: `THING#${o.id}`, sk: 'OTHER' }) });

  it('reads items of different entities in one BatchGet and parses each by its own schema', async () => {
    send.mockResolvedValueOnce({ Responses: { 'test-table': [Other.toItem({ id: 'a', n: 1 }), Thing.toItem(thing)] } });

    const read = await getMany({ thing: Thing.ref({ id: 'a' }), other: Other.ref({ id: 'a' }), missing: Thing.ref({ id: 'b' }) }, { consistent: true });

    expect(read).toEqual({ thing, other: { id: 'a', n: 1 }, missing: undefined });
    expect(send).toHaveBeenCalledTimes(1);
    expect(sent().RequestItems['test-table']).toMatchObject({ ConsistentRead: true, Keys: [{ pk: 'THING#a', sk: 'THING' }, { pk: 'THING#a', sk: 'OTHER' }, { pk: 'THING#b', sk: 'THING' }] });
  });

  it('groups a mixed partition by member entity and skips items of other entities', async () => {
    const Part = defineEntity({ entity: 'Part', version: 1, schema: z.object({ id: z.string(), part: z.string() }), key: (p: { id: string; part: string }) => ({ pk: `THING#${p.id}`, sk: `PART#${p.part}` }) });
    const thingWithParts = defineCollection({ name: 'thingWithParts', members: { thing: Thing, parts: Part }, partition: (id: string) => ({ pk: `THING#${id}` }) });
    send.mockResolvedValueOnce({ Items: [Thing.toItem(thing), Part.toItem({ id: 'a', part: 'x' }), Part.toItem({ id: 'a', part: 'y' }), { pk: 'THING#a', sk: 'ZZZ', entity: 'Unrelated' }] });

    const read = await thingWithParts.read('a');

    expect(read).toEqual({ thing: [thing], parts: [{ id: 'a', part: 'x' }, { id: 'a', part: 'y' }] });
    expect(sent()).toMatchObject({ KeyConditionExpression: '#kpk = :kpk', ExpressionAttributeValues: { ':kpk': 'THING#a' } });
  });
});
