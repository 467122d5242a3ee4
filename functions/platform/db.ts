// The storage primitives under the entity layer (entity.ts): queries with opaque, checked cursors,
// counts, transactions with idempotency records, and batch reads and writes.
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { docClient, tableName } from './dynamo.ts';
import { Conflict, ValidationFailed } from './errors.ts';
import { currentCorrelationId } from './logger.ts';
import type { ItemKey, KeyQuery, SortCondition } from './item-key.ts';
import { TABLE_KEYS } from './table-definition.ts';

type Item = Record<string, unknown>;

/** A condition or update expression with its placeholders. Placeholders must not clash across parts. */
export interface Expr {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/** The item must not exist yet (a create). */
export const notExists: Expr = { expression: 'attribute_not_exists(pk)' };

/** A write's condition failed and the caller named no error of its own. */
export class ConditionFailed extends Conflict {
  constructor() {
    super('The item changed or does not satisfy the condition');
  }
}

/** Another transaction touched the same items at the same time; safe to retry. */
export class TransactionConflict extends Conflict {
  constructor() {
    super('The item is being changed by another request; please retry');
  }
}

// ---------------------------------------------------------------------------------------------
// Shapes shared with the entity layer (entity.ts)

export interface Page<T> {
  items: T[];
  /** Opaque; pass back to get the next page. Absent on the last page. */
  cursor?: string;
}

export interface PageOptions {
  limit?: number;
  cursor?: string;
  /** Descending sort-key order (newest first for time-keyed sort keys). */
  newestFirst?: boolean;
  consistent?: boolean;
  filter?: Expr;
}

export interface WriteOptions {
  condition?: Expr;
  /** The error to throw when the condition fails (default ConditionFailed). */
  orFail?: () => Error;
}

// ---------------------------------------------------------------------------------------------
// Queries and cursors

export interface QueryPageInput extends KeyQuery, PageOptions {
  /**
   * Only these attributes come back (ProjectionExpression): for reads of many items that need a few
   * of their fields. The items are then partial, so they are raw items, never parsed as entities.
   */
  projection?: readonly string[];
}

/** One page of a Query; the cursor is an opaque, validated encoding of LastEvaluatedKey. */
export async function queryPage(input: QueryPageInput): Promise<Page<Item>> {
  const out = await docClient().send(new QueryCommand(queryInput(input)));
  const items = out.Items ?? [];
  return out.LastEvaluatedKey ? { items, cursor: encodeCursor(out.LastEvaluatedKey) } : { items };
}

/**
 * How many items a Query matches, counted by DynamoDB (`Select: 'COUNT'`) so that no item is sent
 * back, following its 1 MB pages. With `limit` (and no filter, since Limit counts items read) it
 * stops after that many and gives the cursor just past the last one: a way to skip to an offset.
 * The read capacity is that of reading the items; what is saved is sending and parsing them.
 */
export async function queryCount(input: Omit<QueryPageInput, 'cursor'>): Promise<{ count: number; cursor?: string }> {
  let count = 0;
  let cursor: string | undefined;
  do {
    const limit = input.limit === undefined ? undefined : input.limit - count;
    const out = await docClient().send(new QueryCommand({ ...queryInput({ ...input, limit, cursor }), Select: 'COUNT' }));
    count += out.Count ?? 0;
    cursor = out.LastEvaluatedKey ? encodeCursor(out.LastEvaluatedKey) : undefined;
  } while (cursor && (input.limit === undefined || count < input.limit));
  return cursor ? { count, cursor } : { count };
}

function queryInput(input: QueryPageInput) {
  const key = keyCondition(keyNames(input.index), input.pk, input.sk);
  const exprs = [key, ...(input.filter ? [input.filter] : []), ...(input.projection ? [projectionExpr(input.projection)] : [])];
  return {
    TableName: tableName(),
    IndexName: input.index,
    ...expressionParams(exprs, 'KeyConditionExpression'),
    ...(input.filter ? { FilterExpression: input.filter.expression } : {}),
    ...(input.projection ? { ProjectionExpression: projectionExpr(input.projection).expression } : {}),
    ScanIndexForward: !input.newestFirst,
    Limit: input.limit,
    ConsistentRead: input.index ? undefined : input.consistent,
    ExclusiveStartKey: input.cursor ? decodeCursor(input.cursor, input) : undefined,
  };
}

/** `#p_name, ...` with its placeholders, so any attribute name (reserved words too) can be projected. */
function projectionExpr(attributes: readonly string[]): Expr {
  return { expression: attributes.map((a) => `#p_${a}`).join(', '), names: Object.fromEntries(attributes.map((a) => [`#p_${a}`, a])) };
}

function keyNames(index: KeyQuery['index']): { pk: string; sk: string } {
  if (!index) return { pk: TABLE_KEYS.partitionKey, sk: TABLE_KEYS.sortKey };
  const def = TABLE_KEYS.indexes.find((ix) => ix.name === index);
  if (!def) throw new Error(`Unknown index ${index}`);
  return { pk: def.partitionKey, sk: def.sortKey };
}

function keyCondition(names: { pk: string; sk: string }, pk: string, sk: SortCondition | undefined): Expr {
  const base = { names: { '#kpk': names.pk, '#ksk': names.sk }, values: { ':kpk': pk } as Record<string, unknown> };
  const partition = '#kpk = :kpk';
  if (!sk) return { expression: partition, names: { '#kpk': names.pk }, values: base.values };
  if ('between' in sk)
    return {
      expression: `${partition} AND #ksk BETWEEN :ksk1 AND :ksk2`,
      names: base.names,
      values: { ...base.values, ':ksk1': sk.between[0], ':ksk2': sk.between[1] },
    };
  if ('beginsWith' in sk)
    return { expression: `${partition} AND begins_with(#ksk, :ksk)`, names: base.names, values: { ...base.values, ':ksk': sk.beginsWith } };
  const [op, value] = 'eq' in sk ? ['=', sk.eq] : 'lt' in sk ? ['<', sk.lt] : 'lte' in sk ? ['<=', sk.lte] : 'gt' in sk ? ['>', sk.gt] : ['>=', sk.gte];
  return { expression: `${partition} AND #ksk ${op} :ksk`, names: base.names, values: { ...base.values, ':ksk': value } };
}

/** The merged placeholders of several expressions that go into one command. */
function placeholders(exprs: Expr[]) {
  const names = Object.assign({}, ...exprs.map((e) => e.names ?? {})) as Record<string, string>;
  const values = Object.assign({}, ...exprs.map((e) => e.values ?? {})) as Record<string, unknown>;
  return {
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
}

/** One expression in `field`, with the placeholders of it and of the expressions that accompany it. */
function expressionParams(exprs: Expr[], field: 'KeyConditionExpression' | 'ConditionExpression') {
  return { [field]: exprs[0]!.expression, ...placeholders(exprs) };
}

/**
 * One UpdateItem answering the attributes it changed, as stored after it (a counter handing out
 * values: ADD, then the new value). A failed condition throws ConditionFailed.
 */
export async function updateReturning(key: ItemKey, update: Expr, condition?: Expr): Promise<Item> {
  try {
    const out = await docClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: update.expression,
        ...(condition ? { ConditionExpression: condition.expression } : {}),
        ...placeholders(condition ? [update, condition] : [update]),
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return out.Attributes ?? {};
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) throw new ConditionFailed();
    throw err;
  }
}

const INVALID_CURSOR = 'Invalid cursor';

export function encodeCursor(lastEvaluatedKey: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(lastEvaluatedKey), 'utf8').toString('base64url');
}

/**
 * Decode a cursor and check it belongs to this query: exactly the key attributes of the table (and
 * the index), all strings, in the queried partition. A forged or stale cursor is a 400, never a
 * read of another partition.
 */
export function decodeCursor(cursor: string, query: KeyQuery): Record<string, string> {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ValidationFailed(INVALID_CURSOR);
  }
  const expected = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
  if (query.index) {
    const names = keyNames(query.index);
    expected.add(names.pk).add(names.sk);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ValidationFailed(INVALID_CURSOR);
  const entries = Object.entries(parsed);
  const valid =
    entries.length === expected.size &&
    entries.every(([k, v]) => expected.has(k) && typeof v === 'string') &&
    (parsed as Record<string, string>)[keyNames(query.index).pk] === query.pk;
  if (!valid) throw new ValidationFailed(INVALID_CURSOR);
  return parsed as Record<string, string>;
}

// ---------------------------------------------------------------------------------------------
// Transactions with idempotency

export type TxItem =
  | { kind: 'put'; item: Item; condition?: Expr; orFail?: () => Error }
  | { kind: 'update'; key: ItemKey; update: Expr; condition?: Expr; orFail?: () => Error; merge?: Mergeable }
  | { kind: 'check'; key: ItemKey; condition: Expr; orFail?: () => Error }
  | { kind: 'delete'; key: ItemKey; condition?: Expr; orFail?: () => Error };

/**
 * A counter's upsert (ADDs, SETs, opening values; no condition) that another of the same item can join:
 * `with` makes the one update that does both, or undefined when they cannot be one (a SET of
 * different values). A batch of the projector's counting writes sums its records' ADDs to one cell this way.
 */
export interface Mergeable {
  with(other: Mergeable): TxItem | undefined;
}

export interface TransactOptions {
  /** Makes the write happen at most once: a second call with the key changes nothing. */
  idempotencyKey?: string;
  /** How long the key is remembered (default 30 days). */
  idempotencyTtlDays?: number;
  /** Stored with the key and handed back to duplicates (e.g. the id and balance of the first write). */
  result?: unknown;
  /** A digest of the request, so a key reused for a different request can be told apart. */
  fingerprint?: string;
}

export type TransactOutcome =
  | { status: 'committed' }
  | { status: 'duplicate'; storedResult: unknown; fingerprint?: string };

const DEFAULT_IDEMPOTENCY_TTL_DAYS = 30;
/** Idempotency records (written and read only here): the first result of a keyed write, kept for a TTL. */
export const idempotencyKey = (key: string): ItemKey => ({ pk: `IDEMPOTENCY#${key}`, sk: 'IDEMPOTENCY' });
/** DynamoDB's limit on the items of one TransactWriteItems. */
export const MAX_TRANSACTION_ITEMS = 100;

/**
 * Write all items or none. With an idempotency key a Put of the record `IDEMPOTENCY#{key}` (under
 * attribute_not_exists) joins the same transaction, so the record exists exactly when the write
 * happened. A duplicate key returns the stored result; a failed condition throws the item's orFail
 * error (or ConditionFailed); a concurrent transaction on the same items throws TransactionConflict.
 */
export async function transactWrite(items: TxItem[], opts: TransactOptions = {}): Promise<TransactOutcome> {
  const all = [...items];
  if (opts.idempotencyKey) all.push(idempotencyPut(opts));
  if (all.length > MAX_TRANSACTION_ITEMS) throw new Error(`A transaction takes at most ${MAX_TRANSACTION_ITEMS} items`);
  try {
    await docClient().send(new TransactWriteCommand({ TransactItems: all.map(toTransactItem) }));
    return { status: 'committed' };
  } catch (err) {
    if (!(err instanceof TransactionCanceledException)) throw err;
    const reasons = (err.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
    if (opts.idempotencyKey && reasons[all.length - 1] === 'ConditionalCheckFailed')
      return readDuplicate(opts.idempotencyKey);
    const failed = reasons.findIndex((code) => code === 'ConditionalCheckFailed');
    if (failed >= 0) throw all[failed]!.orFail?.() ?? new ConditionFailed();
    if (reasons.includes('TransactionConflict')) throw new TransactionConflict();
    throw err;
  }
}

function idempotencyPut(opts: TransactOptions): TxItem {
  const now = Date.now();
  const ttlDays = opts.idempotencyTtlDays ?? DEFAULT_IDEMPOTENCY_TTL_DAYS;
  return {
    kind: 'put',
    item: {
      ...idempotencyKey(opts.idempotencyKey!),
      entity: 'Idempotency',
      schemaVersion: 1,
      createdAt: new Date(now).toISOString(),
      ttl: Math.floor(now / 1000) + ttlDays * 86_400,
      result: opts.result,
      fingerprint: opts.fingerprint,
    },
    condition: notExists,
  };
}

/** The first result stored under an idempotency key, if a write with that key happened. */
export async function findIdempotent(key: string, ahead?: ReadAhead): Promise<{ storedResult: unknown; fingerprint?: string } | undefined> {
  const itemKey = idempotencyKey(key);
  const item = ahead?.has(itemKey) ? ahead.item(itemKey) : (await docClient().send(new GetCommand({ TableName: tableName(), Key: itemKey, ConsistentRead: true }))).Item;
  if (!item) return undefined;
  const fingerprint = item.fingerprint as string | undefined;
  return { storedResult: item.result, ...(fingerprint ? { fingerprint } : {}) };
}

/** The idempotency record as a reference for getMany, so a write can read it with its other items. */
export function idempotencyRef(key: string) {
  return {
    key: idempotencyKey(key),
    entity: 'Idempotency',
    parse: (raw: Item): { storedResult: unknown; fingerprint?: string } => ({
      storedResult: raw.result,
      ...(typeof raw.fingerprint === 'string' ? { fingerprint: raw.fingerprint } : {}),
    }),
  };
}

async function readDuplicate(key: string): Promise<TransactOutcome> {
  // The record was written in the same transaction as the first write, so a consistent read sees it.
  const found = await findIdempotent(key);
  return { status: 'duplicate', storedResult: found?.storedResult, ...(found?.fingerprint ? { fingerprint: found.fingerprint } : {}) };
}

/**
 * An item a request puts carries the request's correlation id (platform/logger.ts), so the projector's
 * lines about its stream record carry the same id. Not part of any entity's schema (reads drop it).
 */
export function withCorrelation<T extends Record<string, unknown>>(item: T): T {
  const correlationId = currentCorrelationId();
  return correlationId ? { ...item, correlationId } : item;
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

function toTransactItem(tx: TxItem): TransactItem {
  const TableName = tableName();
  const condition = (exprs: Expr[]) => (exprs.length ? expressionParams(exprs, 'ConditionExpression') : {});
  switch (tx.kind) {
    case 'put':
      return { Put: { TableName, Item: withCorrelation(tx.item), ...condition(tx.condition ? [tx.condition] : []) } };
    case 'delete':
      return { Delete: { TableName, Key: tx.key, ...condition(tx.condition ? [tx.condition] : []) } };
    case 'check':
      return { ConditionCheck: { TableName, Key: tx.key, ConditionExpression: tx.condition.expression, ...placeholders([tx.condition]) } };
    case 'update': {
      // The update and its condition share one placeholder namespace.
      const exprs = tx.condition ? [tx.update, tx.condition] : [tx.update];
      return {
        Update: {
          TableName,
          Key: { pk: tx.key.pk, sk: tx.key.sk },
          UpdateExpression: tx.update.expression,
          ...(tx.condition ? { ConditionExpression: tx.condition.expression } : {}),
          ...placeholders(exprs),
        },
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Bulk reads and writes

const MAX_BATCH_GET = 100;

/**
 * Items read together ahead of the reads that need them: one consistent BatchGet at the start of a
 * request for keys that its later steps would each read in a round trip of their own (a vendor's post:
 * core/leads/vendor-intake.ts `postAhead`). A later read of a key it holds (`batchGet`, `getMany`, an entity's `get`,
 * `findIdempotent`) is answered from it, found or known absent, as of the moment it was read, which is
 * the moment that read would have been made; keys it does not hold are read as usual.
 */
export class ReadAhead {
  private constructor(private readonly items: ReadonlyMap<string, Item | undefined>) {}

  /** The items of `keys` (at most 100), read consistently in one BatchGet. */
  static async of(keys: readonly ItemKey[]): Promise<ReadAhead> {
    const items = new Map<string, Item | undefined>(keys.map((k) => [aheadKey(k), undefined]));
    for (const item of await batchGet([...keys], { consistent: true })) items.set(aheadKey(item), item);
    return new ReadAhead(items);
  }

  /** Whether `key` was read ahead (its item may be absent). */
  has(key: ItemKey): boolean {
    return this.items.has(aheadKey(key));
  }

  /** The item read ahead under `key` (none: absent, or not read ahead). */
  item(key: ItemKey): Item | undefined {
    return this.items.get(aheadKey(key));
  }
}

const aheadKey = (k: { pk?: unknown; sk?: unknown }) => `${String(k.pk)}\u0000${String(k.sk)}`;
const MAX_BATCH_ROUNDS = 10;

/** Read up to 100 items by key in one round trip (retrying unprocessed keys); missing items are absent. */
export async function batchGet(keys: ItemKey[], opts: { consistent?: boolean; projection?: readonly string[]; ahead?: ReadAhead | undefined } = {}): Promise<Item[]> {
  if (keys.length > MAX_BATCH_GET) throw new Error(`batchGet takes at most ${MAX_BATCH_GET} keys`);
  const { ahead } = opts;
  const found: Item[] = ahead ? keys.flatMap((k) => (ahead.has(k) && ahead.item(k) ? [ahead.item(k)!] : [])) : [];
  let pending = keys.filter((k) => !ahead?.has(k)).map((k) => ({ pk: k.pk, sk: k.sk }));
  for (let round = 0; pending.length > 0; round++) {
    if (round === MAX_BATCH_ROUNDS) throw new Error(`BatchGet left ${pending.length} keys unprocessed`);
    if (round > 0) await sleep(Math.min(1000, 25 * 2 ** round) * Math.random());
    const out = await docClient().send(
      new BatchGetCommand({
        RequestItems: {
          [tableName()]: {
            Keys: pending,
            ConsistentRead: opts.consistent,
            ...(opts.projection ? { ProjectionExpression: projectionExpr(opts.projection).expression, ExpressionAttributeNames: projectionExpr(opts.projection).names } : {}),
          },
        },
      }),
    );
    found.push(...(out.Responses?.[tableName()] ?? []));
    pending = (out.UnprocessedKeys?.[tableName()]?.Keys ?? []) as typeof pending;
  }
  return found;
}

const BATCH_SIZE = 25;

/**
 * Put many items in batches of 25, `concurrency` batches at a time, re-sending unprocessed items
 * with backoff. Not transactional: for seeding and imports.
 */
export async function batchPut(items: Item[], opts: { concurrency?: number } = {}): Promise<void> {
  const batches: Item[][] = [];
  for (let i = 0; i < items.length; i += BATCH_SIZE) batches.push(items.slice(i, i + BATCH_SIZE));
  let next = 0;
  let failed = false;
  const worker = async () => {
    try {
      while (!failed && next < batches.length) await putBatch(batches[next++]!);
    } catch (err) {
      failed = true;
      throw err;
    }
  };
  // After a failure no worker starts another batch, and the error is thrown only once every batch in
  // flight has settled: a caller cleaning up what was written must not race writes still under way.
  const results = await Promise.allSettled(Array.from({ length: Math.min(opts.concurrency ?? 1, batches.length) }, worker));
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/** A filtered Scan of the whole table for a one-off job (a rebuild): what it keeps. */
export interface ScanInput {
  filter: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
  /** Parallel segments (8 by default). */
  segments?: number;
}

/**
 * Scans the table in `segments` parallel segments, calling `each` for every item the filter keeps
 * (one at a time within a segment). Answers how many items were scanned. For rebuilds, never a request's path.
 */
export async function scanSegments(input: ScanInput, each: (item: Item) => Promise<void>): Promise<{ scanned: number }> {
  const segments = input.segments ?? 8;
  let scanned = 0;
  await Promise.all(
    Array.from({ length: segments }, async (_v, segment) => {
      let start: Item | undefined;
      do {
        const page = await docClient().send(
          new ScanCommand({
            TableName: tableName(),
            Segment: segment,
            TotalSegments: segments,
            FilterExpression: input.filter,
            ExpressionAttributeNames: input.names,
            ExpressionAttributeValues: input.values,
            ...(start ? { ExclusiveStartKey: start } : {}),
          }),
        );
        scanned += page.ScannedCount ?? 0;
        for (const item of page.Items ?? []) await each(item);
        start = page.LastEvaluatedKey;
      } while (start);
    }),
  );
  return { scanned };
}

/** Delete many items by key in batches of 25 (re-sending unprocessed ones). Not transactional: cleanup. */
export async function batchDelete(keys: ItemKey[]): Promise<void> {
  for (let i = 0; i < keys.length; i += BATCH_SIZE)
    await writeBatch(keys.slice(i, i + BATCH_SIZE).map((k) => ({ DeleteRequest: { Key: { pk: k.pk, sk: k.sk } } })));
}

async function putBatch(batch: Item[]): Promise<void> {
  await writeBatch(batch.map((Item) => ({ PutRequest: { Item } })));
}

type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };

async function writeBatch(requests: WriteRequest[]): Promise<void> {
  let pending = requests;
  for (let round = 0; pending.length > 0; round++) {
    if (round === MAX_BATCH_ROUNDS) throw new Error(`BatchWrite left ${pending.length} items unprocessed`);
    if (round > 0) await sleep(Math.min(1000, 25 * 2 ** round) * Math.random());
    const out = await docClient().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
    pending = (out.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
