// The repository layer against DynamoDB Local: typed items, conditional writes, cursor paging and
// transactions with idempotency records, as DynamoDB itself answers them.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { batchGet, batchPut, notExists, transactWrite, TransactionConflict, type TxItem } from '#platform/db.ts';
import { defineEntity } from '#platform/entity.ts';
import { docClient, tableName } from '#platform/dynamo.ts';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { Conflict, ValidationFailed } from '#platform/errors.ts';
import { useTestTable } from '../support/test-table.ts';

useTestTable();

const Note = defineEntity({
  entity: 'Note',
  version: 2,
  schema: z.object({ ownerId: z.string(), at: z.string(), text: z.string(), stars: z.number().int() }),
  key: (n: { ownerId: string; at: string }) => ({ pk: `OWNER#${n.ownerId}`, sk: `NOTE#${n.at}` }),
  queries: { ofOwner: (ownerId: string) => ({ pk: `OWNER#${ownerId}`, sk: { beginsWith: 'NOTE#' } }) },
  indexes: {
    byStars: {
      index: 'gsi1',
      attributes: ['stars', 'at', 'ownerId'],
      key: (n) => ({ pk: `STARS#${n.stars}`, sk: `${n.at}#${n.ownerId}` }),
      query: (stars: number) => ({ pk: `STARS#${stars}` }),
    },
  },
});

const owner = () => `o-${crypto.randomUUID()}`;
const note = (ownerId: string, i: number, stars = 1) => ({ ownerId, at: `2024-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z`, text: `note ${i}`, stars });
const raw = async (pk: string, sk: string) => (await docClient().send(new GetCommand({ TableName: tableName(), Key: { pk, sk } }))).Item;

describe('entities', () => {
  it('stores items with entity and schema version and reads them back typed', async () => {
    const ownerId = owner();
    await Note.put(note(ownerId, 0));

    expect(await Note.get({ ownerId, at: '2024-01-01T00:00:00.000Z' })).toEqual(note(ownerId, 0));
    expect(await raw(`OWNER#${ownerId}`, 'NOTE#2024-01-01T00:00:00.000Z')).toMatchObject({ entity: 'Note', schemaVersion: 2, gsi1pk: 'STARS#1' });
  });

  it('refuses a create over an existing item with the caller\u2019s error', async () => {
    const ownerId = owner();
    await Note.put(note(ownerId, 0), { condition: notExists });

    await expect(Note.put(note(ownerId, 0), { condition: notExists, orFail: () => new Conflict('Note exists.') })).rejects.toThrow('Note exists.');
  });
});

describe('patch', () => {
  it('moves an item between index partitions when it changes an index attribute, and never creates', async () => {
    const ownerId = owner();
    const stars = Math.floor(Math.random() * 1e9);
    await Note.put(note(ownerId, 0, stars));

    await Note.patch({ ownerId, at: note(ownerId, 0).at }, { set: { stars: stars + 1 } }, { current: note(ownerId, 0, stars) });

    expect(await Note.query.byStars(stars).all()).toEqual([]);
    expect(await Note.query.byStars(stars + 1).all()).toEqual([{ ...note(ownerId, 0), stars: stars + 1 }]);
    await expect(Note.patch({ ownerId: owner(), at: 'x' }, { set: { text: 'y' } }, { orFail: () => new Conflict('No such note.') })).rejects.toThrow('No such note.');
  });
});

describe('cursor paging', () => {
  it('walks a partition page by page, newest first, without repeating or skipping', async () => {
    const ownerId = owner();
    await batchPut(Array.from({ length: 7 }, (_, i) => Note.toItem(note(ownerId, i))));

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await Note.query.ofOwner(ownerId).page({ limit: 3, cursor, newestFirst: true });
      seen.push(...page.items.map((n) => n.text));
      cursor = page.cursor;
      pages++;
    } while (cursor);

    expect(seen).toEqual(['note 6', 'note 5', 'note 4', 'note 3', 'note 2', 'note 1', 'note 0']);
    expect(pages).toBeGreaterThanOrEqual(3);
  });

  it('pages an index as well', async () => {
    const ownerId = owner();
    const stars = Math.floor(Math.random() * 1e9);
    await batchPut(Array.from({ length: 4 }, (_, i) => Note.toItem(note(ownerId, i, stars))));

    const first = await Note.query.byStars(stars).page({ limit: 2 });
    const second = await Note.query.byStars(stars).page({ limit: 2, cursor: first.cursor });

    expect([...first.items, ...second.items].map((n) => n.text)).toEqual(['note 0', 'note 1', 'note 2', 'note 3']);
  });

  it('answers a cursor from another partition with a 400', async () => {
    const a = owner();
    await batchPut([0, 1].map((i) => Note.toItem(note(a, i))));
    const page = await Note.query.ofOwner(a).page({ limit: 1 });

    const other = Note.query.ofOwner(owner()).page({ cursor: page.cursor });

    await expect(other).rejects.toBeInstanceOf(ValidationFailed);
  });
});

describe('transactWrite', () => {
  const counterUpdate = (pk: string, max: number): TxItem => ({
    kind: 'update',
    key: { pk, sk: 'COUNTER' },
    update: { expression: 'ADD n :one', values: { ':one': 1 } },
    condition: { expression: 'attribute_not_exists(n) OR n < :max', values: { ':max': max } },
    orFail: () => new Conflict('Cap reached.'),
  });

  it('writes once per idempotency key and hands the first result to retries', async () => {
    const pk = `C#${crypto.randomUUID()}`;
    const key = crypto.randomUUID();

    const first = await transactWrite([counterUpdate(pk, 10)], { idempotencyKey: key, result: { n: 1 } });
    const retries = await Promise.all([1, 2, 3].map(() => transactWrite([counterUpdate(pk, 10)], { idempotencyKey: key, result: { n: 99 } })));

    expect(first).toEqual({ status: 'committed' });
    for (const retry of retries) expect(retry).toEqual({ status: 'duplicate', storedResult: { n: 1 } });
    expect((await raw(pk, 'COUNTER'))?.n).toBe(1);
    expect((await raw(`IDEMPOTENCY#${key}`, 'IDEMPOTENCY'))?.ttl).toBeGreaterThan(Date.now() / 1000);
  });

  it('throws the business error of the failed condition and writes nothing, not even the key', async () => {
    const pk = `C#${crypto.randomUUID()}`;
    const key = crypto.randomUUID();
    await transactWrite([counterUpdate(pk, 1)]);

    const capped = transactWrite([{ kind: 'put', item: { pk: `${pk}#side`, sk: 'X' } }, counterUpdate(pk, 1)], { idempotencyKey: key });

    await expect(capped).rejects.toThrow('Cap reached.');
    expect(await raw(`${pk}#side`, 'X')).toBeUndefined();
    expect(await raw(`IDEMPOTENCY#${key}`, 'IDEMPOTENCY')).toBeUndefined();
  });

  it('reports concurrent transactions on one item as a retryable conflict or a commit, never a partial write', async () => {
    const pk = `C#${crypto.randomUUID()}`;
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => transactWrite([counterUpdate(pk, 100)])));

    const committed = outcomes.filter((o) => o.status === 'fulfilled').length;
    for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(TransactionConflict);
    expect((await raw(pk, 'COUNTER'))?.n).toBe(committed);
  });
});

describe('batch helpers', () => {
  it('writes more than one batch and reads the items back by key', async () => {
    const ownerId = owner();
    const notes = Array.from({ length: 30 }, (_, i) => note(ownerId, i));
    await batchPut(notes.map(Note.toItem), { concurrency: 4 });

    const found = await batchGet(notes.map((n) => ({ pk: `OWNER#${ownerId}`, sk: `NOTE#${n.at}` })));

    expect(found.map(Note.parse).sort((a, b) => a.at.localeCompare(b.at))).toEqual(notes);
  });
});
