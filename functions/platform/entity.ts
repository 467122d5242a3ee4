// The entity layer: each stored item kind declares, in one module under functions/entities/, its zod
// schema, its primary key and its indexes named after the access patterns they serve; this file
// turns that declaration into typed reads (get, query by named pattern, count), writes (put,
// create, patch, delete) and their transaction items. Patches validate what they set and rewrite
// or remove the index keys whose attributes they change, so no caller maintains a sparse index by
// hand. docs/entities.md explains why this grew here instead of taking ElectroDB or dynamodb-toolbox.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { z } from 'zod';
import { batchGet, ConditionFailed, notExists, queryCount, queryPage, type Expr, type Page, type PageOptions, type Mergeable, type ReadAhead, type TxItem, withCorrelation, type WriteOptions } from './db.ts';
import { docClient, tableName } from './dynamo.ts';
import type { ItemKey, ItemKeys, KeyQuery, SortCondition } from './item-key.ts';
import { TABLE_KEYS, type IndexName } from './table-definition.ts';

type Item = Record<string, unknown>;

/** A partition and an optional sort-key test: what a named access pattern resolves to. */
export interface KeyCondition {
  pk: string;
  sk?: SortCondition;
}

export interface IndexDef<T, F extends TableQuery = TableQuery> {
  /** The overloaded global secondary index that stores this pattern's keys. */
  index: IndexName;
  /**
   * Every attribute the key (and `when`) is built from: a patch that sets or removes one of them
   * rewrites this index's keys, and must therefore know all of them (from the patch or `current`).
   */
  attributes: readonly (keyof T & string)[];
  /** Sparse index: the item is in it only while this holds. */
  when?: (item: T) => boolean;
  key: (item: T) => { pk: string; sk: string };
  /** The key condition of a query of this pattern, from the arguments it is called with. */
  query: F;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each pattern declares its own arguments
type TableQuery = (...args: any[]) => KeyCondition;

export interface EntityDef<S extends z.ZodObject, K, I extends Record<string, TableQuery>, Q extends Record<string, TableQuery>> {
  /** Stored in `entity` on every item: which schema the item follows. */
  entity: string;
  /**
   * Stored in `schemaVersion` (not `version`, which the balance item uses for optimistic
   * concurrency): bump it when the schema changes shape.
   */
  version: number;
  schema: S;
  /** The primary key from the attributes that identify one item. */
  key: (id: K) => ItemKey;
  /** Indexed access patterns, by name. */
  indexes?: { [N in keyof I]: IndexDef<z.infer<S>, I[N]> };
  /** Access patterns on the table's own key (ranges of one partition), by name. */
  queries?: Q;
}

/** A named access pattern, ready to run. */
export interface EntityQuery<T> {
  readonly key: KeyQuery;
  page(opts?: PageOptions): Promise<Page<T>>;
  /**
   * Every match, following pages; for bounded sets (a catalogue, one agent's downline). `pageSize`: items
   * a request reads at most (pages of DynamoDB's 1 MB when absent), for a read that should hold no
   * request long.
   */
  all(opts?: Omit<PageOptions, 'cursor' | 'limit'> & { pageSize?: number }): Promise<T[]>;
  first(opts?: Omit<PageOptions, 'cursor' | 'limit'>): Promise<T | undefined>;
  count(opts?: Omit<PageOptions, 'cursor'>): Promise<{ count: number; cursor?: string }>;
  /** The same partition (and index) with another sort-key condition: a slice of the pattern. */
  within(sk: SortCondition | undefined): EntityQuery<T>;
}

type NumberKeys<T> = { [P in keyof T]-?: NonNullable<T[P]> extends number ? P : never }[keyof T];
type OptionalKeys<T> = { [P in keyof T]-?: undefined extends T[P] ? P : never }[keyof T];

/** What a patch changes; each part is validated against the entity's schema. */
export interface Patch<T> {
  set?: Partial<T>;
  /** Only optional attributes can be removed. */
  remove?: OptionalKeys<T>[];
  /** Atomic increments (counters, sums). */
  add?: Partial<Record<NumberKeys<T>, number>>;
  /** Written only when the attribute is absent (an opening value). */
  setIfMissing?: Partial<T>;
}

/** Two patches of one item as one: ADDs summed, SETs equal, the first opening value kept (a SET that differs: none). */
function joinedPatch<T>(a: Patch<T>, b: Patch<T>): Patch<T> | undefined {
  const set = { ...(a.set ?? {}) } as Record<string, unknown>;
  for (const [k, v] of Object.entries((b.set ?? {}) as Record<string, unknown>)) {
    if (k in set && JSON.stringify(set[k]) !== JSON.stringify(v)) return undefined;
    set[k] = v;
  }
  const add = { ...(a.add ?? {}) } as Record<string, number>;
  for (const [k, v] of Object.entries((b.add ?? {}) as Record<string, number>)) add[k] = (add[k] ?? 0) + v;
  return { set: set as Partial<T>, add: add as Patch<T>['add'], setIfMissing: { ...(b.setIfMissing ?? {}), ...(a.setIfMissing ?? {}) } };
}

/** The merge of a patch made into a transaction item by `make`. */
function mergeablePatch<T>(patch: Patch<T>, make: (patch: Patch<T>) => TxItem): Mergeable & { patch: Patch<T>; make: typeof make } {
  return {
    patch,
    make,
    with(other: Mergeable): TxItem | undefined {
      const o = other as Partial<ReturnType<typeof mergeablePatch<T>>>;
      if (!o.patch || o.make === undefined) return undefined;
      const joined = joinedPatch(patch, o.patch);
      return joined && make(joined);
    },
  };
}

export interface PatchOptions<T> extends WriteOptions {
  /** Create the item when it does not exist (counters, day sums); by default a patch never creates. */
  upsert?: boolean;
  /** The item as read, when the patch changes an index attribute but not every attribute of that key. */
  current?: T;
}

export type DeleteOptions = WriteOptions;

/** A typed reference to one item: what `getMany` reads in one round trip. */
export interface Ref<T> {
  key: ItemKey;
  entity: string;
  parse: (raw: Item) => T;
}

/** Declare an entity once; get typed reads, writes and transaction items. */
export function defineEntity<
  S extends z.ZodObject,
  K,
  I extends Record<string, TableQuery> = Record<never, TableQuery>,
  Q extends Record<string, TableQuery> = Record<never, TableQuery>,
>(def: EntityDef<S, K, I, Q>) {
  type T = z.infer<S>;
  const indexes = Object.entries(def.indexes ?? {}) as [string, IndexDef<T>][];
  const shape = def.schema.shape as Record<string, z.ZodType>;

  const keys = (data: T): ItemKeys => {
    const all: Item = { ...def.key(data as unknown as K) };
    for (const [, ix] of indexes) {
      if (ix.when && !ix.when(data)) continue;
      const k = ix.key(data);
      const names = indexNames(ix.index);
      all[names.pk] = k.pk;
      all[names.sk] = k.sk;
    }
    return all as unknown as ItemKeys;
  };

  /** The stored form: validated attributes plus keys, `entity` and `schemaVersion`. */
  const toItem = (value: T): Item => {
    const data = def.schema.parse(value) as T;
    return { ...data, ...keys(data), entity: def.entity, schemaVersion: def.version };
  };

  const parse = (raw: Item): T => {
    if (raw.entity !== def.entity)
      throw new Error(`Expected a ${def.entity} item at ${String(raw.pk)}/${String(raw.sk)}, found ${String(raw.entity)}`);
    // zod objects drop unknown keys, so the key attributes and stamps do not leak into the result.
    return def.schema.parse(raw) as T;
  };

  const run = (key: KeyQuery): EntityQuery<T> => ({
    key,
    async page(opts = {}) {
      const page = await queryPage({ ...key, ...opts });
      return { items: page.items.map(parse), ...(page.cursor ? { cursor: page.cursor } : {}) };
    },
    async all({ pageSize, ...opts } = {}) {
      const all: T[] = [];
      let cursor: string | undefined;
      do {
        const page = await queryPage({ ...key, ...opts, cursor, limit: pageSize });
        all.push(...page.items.map(parse));
        cursor = page.cursor;
      } while (cursor);
      return all;
    },
    async first(opts = {}) {
      const page = await queryPage({ ...key, ...opts, limit: 1 });
      return page.items[0] ? parse(page.items[0]) : undefined;
    },
    count(opts = {}) {
      return queryCount({ ...key, ...opts });
    },
    within(sk) {
      const { sk: _ignored, ...partition } = key;
      return run(sk ? { ...partition, sk } : partition);
    },
  });

  type Queries = { [N in keyof I]: (...args: Parameters<I[N]>) => EntityQuery<T> } & {
    [N in keyof Q]: (...args: Parameters<Q[N]>) => EntityQuery<T>;
  };
  const query = {} as Record<string, (...args: unknown[]) => EntityQuery<T>>;
  for (const [name, ix] of indexes) query[name] = (...args) => run({ index: ix.index, ...ix.query(...args) });
  for (const [name, q] of Object.entries(def.queries ?? {})) query[name] = (...args) => run(q(...args));

  /** The Update of a patch: SET/REMOVE/ADD clauses, index keys kept in step, placeholders prefixed. */
  const updateOf = (id: K, patch: Patch<T>, opts: PatchOptions<T>): { update: Expr; condition?: Expr } => {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    let n = 0;
    const name = (attr: string) => {
      const ph = `#u${n++}`;
      names[ph] = attr;
      return ph;
    };
    const value = (v: unknown) => {
      const ph = `:u${n++}`;
      values[ph] = v;
      return ph;
    };
    const checked = (attr: string, v: unknown) => {
      const field = shape[attr];
      if (!field) throw new Error(`${def.entity} has no attribute ${attr}`);
      return field.parse(v);
    };
    const sets: string[] = [];
    const removes: string[] = [];
    const adds: string[] = [];
    const set = { ...(patch.set ?? {}) } as Item;
    const removed = new Set<string>((patch.remove ?? []) as string[]);
    for (const attr of removed) {
      if (!shape[attr]?.safeParse(undefined).success) throw new Error(`${def.entity}.${attr} is required and cannot be removed`);
      removes.push(name(attr));
    }
    if (opts.upsert) Object.assign(set, id as Item, { entity: def.entity, schemaVersion: def.version });
    for (const [attr, v] of Object.entries(set)) {
      if (v === undefined) continue;
      const stored = attr === 'entity' || attr === 'schemaVersion' ? v : checked(attr, v);
      sets.push(`${name(attr)} = ${value(stored)}`);
    }
    for (const [attr, v] of Object.entries((patch.setIfMissing ?? {}) as Item)) {
      const a = name(attr);
      sets.push(`${a} = if_not_exists(${a}, ${value(checked(attr, v))})`);
    }
    for (const [attr, v] of Object.entries((patch.add ?? {}) as Item)) {
      if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new Error(`${def.entity}.${attr}: ADD takes an integer`);
      adds.push(`${name(attr)} ${value(v)}`);
    }

    // Index keys: rewritten (or removed, for a sparse index no longer applying) when their attributes change.
    const merged = { ...(opts.current ?? {}), ...(id as Item), ...set } as Item;
    for (const attr of removed) delete merged[attr];
    for (const [ixName, ix] of indexes) {
      if (!ix.attributes.some((a) => a in set || removed.has(a))) continue;
      const unknown = ix.attributes.filter((a) => merged[a] === undefined && !removed.has(a) && !opts.current);
      if (unknown.length)
        throw new Error(`A patch of ${def.entity} changes index ${ixName}: give ${unknown.join(', ')} in the patch or the current item`);
      const data = merged as T;
      const k = indexNames(ix.index);
      if (ix.when && !ix.when(data)) removes.push(name(k.pk), name(k.sk));
      else {
        const key = ix.key(data);
        sets.push(`${name(k.pk)} = ${value(key.pk)}`, `${name(k.sk)} = ${value(key.sk)}`);
      }
    }
    const clauses = [
      sets.length ? `SET ${sets.join(', ')}` : '',
      removes.length ? `REMOVE ${removes.join(', ')}` : '',
      adds.length ? `ADD ${adds.join(', ')}` : '',
    ].filter(Boolean);
    if (!clauses.length) throw new Error(`An empty patch of ${def.entity}`);
    const update: Expr = { expression: clauses.join(' '), names, values };
    const exists = opts.upsert ? undefined : 'attribute_exists(pk)';
    const parts = [exists, opts.condition && `(${opts.condition.expression})`].filter(Boolean);
    const condition = parts.length
      ? { expression: parts.join(' AND '), names: opts.condition?.names, values: opts.condition?.values }
      : undefined;
    return { update, ...(condition ? { condition } : {}) };
  };

  const patchTx = (id: K, patch: Patch<T>, opts: PatchOptions<T> = {}): TxItem => {
    const { update, condition } = updateOf(id, patch, opts);
    const item: TxItem = { kind: 'update', key: def.key(id), update, ...(condition ? { condition } : {}), ...(opts.orFail ? { orFail: opts.orFail } : {}) };
    // A counter's upsert with nothing but ADDs, SETs and opening values can join another of its item.
    const mergeable = opts.upsert && !condition && !opts.current && !opts.orFail && !patch.remove?.length;
    return mergeable ? { ...item, merge: mergeablePatch(patch, (joined) => patchTx(id, joined, opts)) } : item;
  };

  return {
    entity: def.entity,
    version: def.version,
    schema: def.schema,
    query: query as unknown as Queries,
    /** The primary key of one item. */
    key: (id: K): ItemKey => def.key(id),
    /** Every key the item carries: primary and the indexes that apply to it. */
    keys,
    toItem,
    parse,
    ref: (id: K): Ref<T> => ({ key: def.key(id), entity: def.entity, parse }),
    /** One item; `ahead`: answered from what was read ahead when it holds the key. */
    async get(id: K, opts: { consistent?: boolean; ahead?: ReadAhead | undefined } = {}): Promise<T | undefined> {
      const key = def.key(id);
      const item = opts.ahead?.has(key) ? opts.ahead.item(key) : (await docClient().send(new GetCommand({ TableName: tableName(), Key: keyOnly(key), ConsistentRead: opts.consistent }))).Item;
      return item ? parse(item) : undefined;
    },
    async put(value: T, opts: WriteOptions = {}): Promise<void> {
      await send(() => new PutCommand({ TableName: tableName(), Item: withCorrelation(toItem(value)), ...conditionParams(opts.condition) }), opts);
    },
    /** Put only when no item has that key yet. */
    create(value: T, opts: Omit<WriteOptions, 'condition'> = {}): Promise<void> {
      return this.put(value, { ...opts, condition: notExists });
    },
    /** Change attributes of an existing item (or create it with `upsert`); throws orFail (or ConditionFailed) when it fails. */
    async patch(id: K, patch: Patch<T>, opts: PatchOptions<T> = {}): Promise<void> {
      const { update, condition } = updateOf(id, patch, opts);
      await send(
        () =>
          new UpdateCommand({
            TableName: tableName(),
            Key: keyOnly(def.key(id)),
            UpdateExpression: update.expression,
            ...(condition ? { ConditionExpression: condition.expression } : {}),
            ...placeholderParams([update, ...(condition ? [condition] : [])]),
          }),
        opts,
      );
    },
    /** Delete one item; with `returnOld` the deleted item comes back (undefined when there was none). */
    async delete(id: K, opts: DeleteOptions & { returnOld?: boolean } = {}): Promise<T | undefined> {
      const out = await send(
        () =>
          new DeleteCommand({
            TableName: tableName(),
            Key: keyOnly(def.key(id)),
            ...conditionParams(opts.condition),
            ...(opts.returnOld ? { ReturnValues: 'ALL_OLD' as const } : {}),
          }),
        opts,
      );
      return out?.Attributes ? parse(out.Attributes) : undefined;
    },
    putTx(value: T, opts: WriteOptions = {}): TxItem {
      return { kind: 'put', item: toItem(value), ...opts };
    },
    createTx(value: T, opts: Omit<WriteOptions, 'condition'> = {}): TxItem {
      return { kind: 'put', item: toItem(value), condition: notExists, ...opts };
    },
    patchTx,
    deleteTx(id: K, opts: DeleteOptions = {}): TxItem {
      return { kind: 'delete', key: def.key(id), ...opts };
    },
    /** A condition on an item the transaction does not change (e.g. "the receiver exists"). */
    checkTx(id: K, condition: Expr, orFail?: () => Error): TxItem {
      return { kind: 'check', key: def.key(id), condition, ...(orFail ? { orFail } : {}) };
    },
  };
}

export type Entity = ReturnType<typeof defineEntity>;

/**
 * Read items of several entities by key in one round trip (BatchGetItem), each parsed by its own
 * entity: `getMany({ sender: AgentProfile.ref({ agentId }), balance: Balance.ref({ agentId }) })`.
 */
export async function getMany<R extends Record<string, Ref<unknown>>>(
  refs: R,
  opts: { consistent?: boolean; ahead?: ReadAhead | undefined } = {},
): Promise<{ [N in keyof R]: (R[N] extends Ref<infer T> ? T : never) | undefined }> {
  const entries = Object.entries(refs);
  const unique = new Map(entries.map(([, r]) => [`${r.key.pk}\u0000${r.key.sk}`, r.key]));
  const found = new Map<string, Item>();
  const keys = [...unique.values()];
  const chunks: ItemKey[][] = [];
  for (let i = 0; i < keys.length; i += 100) chunks.push(keys.slice(i, i + 100));
  // DynamoDB takes 100 keys per BatchGetItem; larger reads go out side by side.
  for (const items of await Promise.all(chunks.map((chunk) => batchGet(chunk, opts))))
    for (const item of items) found.set(`${String(item.pk)}\u0000${String(item.sk)}`, item);
  const out: Record<string, unknown> = {};
  for (const [name, r] of entries) {
    const item = found.get(`${r.key.pk}\u0000${r.key.sk}`);
    out[name] = item ? r.parse(item) : undefined;
  }
  return out as { [N in keyof R]: (R[N] extends Ref<infer T> ? T : never) | undefined };
}

/** The members of a collection: entities whose items share one partition. */
type Members = Record<string, { entity: string; parse: (raw: Item) => unknown }>;

/**
 * A collection: the items of several entities that live in one partition (an order with its
 * recipients, slots and targets), read by one Query and handed back grouped by member. Items of
 * entities that are not members are skipped, so a partition can hold more than a screen reads.
 */
export function defineCollection<M extends Members, A extends unknown[]>(def: { name: string; members: M; partition: (...args: A) => KeyCondition }) {
  const byEntity = new Map(Object.entries(def.members).map(([name, m]) => [m.entity, { name, m }]));
  return {
    name: def.name,
    async read(...args: A): Promise<{ [N in keyof M]: ReturnType<M[N]['parse']>[] }> {
      const out = Object.fromEntries(Object.keys(def.members).map((name) => [name, [] as unknown[]]));
      const key = def.partition(...args);
      let cursor: string | undefined;
      do {
        const page = await queryPage({ ...key, cursor, consistent: true });
        for (const item of page.items) {
          const member = byEntity.get(String(item.entity));
          if (member) out[member.name]!.push(member.m.parse(item));
        }
        cursor = page.cursor;
      } while (cursor);
      return out as { [N in keyof M]: ReturnType<M[N]['parse']>[] };
    },
  };
}

// ---------------------------------------------------------------------------------------------

function indexNames(index: IndexName): { pk: string; sk: string } {
  const def = TABLE_KEYS.indexes.find((ix) => ix.name === index)!;
  return { pk: def.partitionKey, sk: def.sortKey };
}

const keyOnly = (key: ItemKey): ItemKey => ({ pk: key.pk, sk: key.sk });

function placeholderParams(exprs: Expr[]) {
  const names = Object.assign({}, ...exprs.map((e) => e.names ?? {})) as Record<string, string>;
  const values = Object.assign({}, ...exprs.map((e) => e.values ?? {})) as Record<string, unknown>;
  return {
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
}

function conditionParams(condition: Expr | undefined) {
  return condition ? { ConditionExpression: condition.expression, ...placeholderParams([condition]) } : {};
}

async function send<C extends GetCommand | PutCommand | UpdateCommand | DeleteCommand>(
  command: () => C,
  opts: WriteOptions,
): Promise<{ Attributes?: Item } | undefined> {
  try {
    return (await docClient().send(command() as never)) as { Attributes?: Item };
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) throw opts.orFail?.() ?? new ConditionFailed();
    throw err;
  }
}
