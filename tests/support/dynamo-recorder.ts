// Records every DynamoDB call this process sends through the platform's one document client, and
// measures what DynamoDB Local cannot show: the items of each transaction, the index entries each
// write changes (a GSI's key attribute set or removed), the write units they cost in AWS and the
// requests made outside the transaction. Used by the write-cost benchmark (tests/bench/) and by
// tests that judge calls (engine-table-rights).
import { currentFaultScope, type FaultScope } from '#platform/faults.ts';
import { TABLE_KEYS } from '#platform/table-definition.ts';

export interface RecordedCall {
  command: string;
  input: Record<string, unknown>;
  /** Whose call it was: the in-process projector's ('projector') or a request's or test's ('requests'). */
  scope: FaultScope;
}

type Send = (command: { input: Record<string, unknown> }, ...rest: unknown[]) => Promise<unknown>;

export interface DynamoRecorder {
  /** The calls sent while `run` ran (calls of other work in flight at the same time are included). */
  during(run: () => Promise<unknown>): Promise<RecordedCall[]>;
  restore(): void;
}

/** Wraps the client's `send` (pass `docClient()` once the environment points at the table). */
export function recordDynamoCalls(client: unknown): DynamoRecorder {
  const target = client as { send: Send };
  const send = target.send.bind(target);
  let recorded: RecordedCall[] | undefined;
  target.send = (command, ...rest) => {
    recorded?.push({ command: command.constructor.name, input: command.input, scope: currentFaultScope() });
    return send(command, ...rest);
  };
  return {
    async during(run) {
      recorded = [];
      const calls = recorded;
      try {
        await run();
      } finally {
        recorded = undefined;
      }
      return calls;
    },
    restore() {
      target.send = send;
    },
  };
}

/** The calls sent while `run` ran, counted by command without "Command" (TransactWrite, Get, Query, ...); the client is as before after. */
export async function callsByCommand(client: unknown, run: () => Promise<unknown>): Promise<Record<string, number>> {
  const recorder = recordDynamoCalls(client);
  try {
    const counts: Record<string, number> = {};
    for (const { command } of await recorder.during(run)) {
      const name = command.replace(/Command$/, '');
      counts[name] = (counts[name] ?? 0) + 1;
    }
    return counts;
  } finally {
    recorder.restore();
  }
}

/** One item a write touches: its partition key, and the index keys the write sets or removes. */
export interface ItemWrite {
  kind: 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
  pk: string;
  sk: string;
  /** The GSIs whose entry the write changes (a ConditionCheck and a Delete of an unknown item change none that is known). */
  indexes: { name: string; pk?: string }[];
  /** Approximate size in bytes of what the write sends (an Update's item may be bigger). */
  bytes: number;
}

export interface WriteCost {
  /** One entry per TransactWriteItems: the items in it. */
  transactions: ItemWrite[][];
  /** Writes sent outside any transaction (PutItem, UpdateItem, DeleteItem, BatchWriteItem's requests). */
  otherWrites: ItemWrite[];
  /** Every other request, by command (reads). */
  reads: Record<string, number>;
}

const indexNames = TABLE_KEYS.indexes.map((ix) => ({ name: ix.name, pk: ix.partitionKey, sk: ix.sortKey }));
const str = (v: unknown) => (v === undefined ? '' : String(v));
const sizeOf = (v: unknown) => Buffer.byteLength(JSON.stringify(v ?? {}));

/** The attribute names an update expression sets or removes (names resolved through ExpressionAttributeNames). */
function namesIn(expression: unknown, names: unknown): Set<string> {
  const map = (names ?? {}) as Record<string, string>;
  const out = new Set<string>();
  for (const token of str(expression).match(/#?[A-Za-z_][\w]*/g) ?? []) out.add(token.startsWith('#') ? (map[token] ?? token) : token);
  return out;
}

function itemWrite(kind: string, body: Record<string, unknown>): ItemWrite {
  const key = (body.Item ?? body.Key ?? {}) as Record<string, unknown>;
  const base = { pk: str(key.pk), sk: str(key.sk), bytes: sizeOf(body.Item ?? body) };
  switch (kind) {
    case 'Put': {
      const item = body.Item as Record<string, unknown>;
      return { kind: 'Put', ...base, indexes: indexNames.filter((ix) => item[ix.pk] !== undefined).map((ix) => ({ name: ix.name, pk: str(item[ix.pk]) })) };
    }
    case 'Update': {
      const touched = namesIn(body.UpdateExpression, body.ExpressionAttributeNames);
      const values = (body.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
      return {
        kind: 'Update',
        ...base,
        indexes: indexNames
          .filter((ix) => touched.has(ix.pk) || touched.has(ix.sk))
          // The partition the entry goes to, when the expression sets it from a value (`#k = :v`).
          .map((ix) => ({ name: ix.name, pk: partitionSet(body, ix.pk, values) })),
      };
    }
    case 'Delete':
      return { kind: 'Delete', ...base, indexes: [] };
    default:
      return { kind: 'ConditionCheck', ...base, indexes: [] };
  }
}

/** The value an update expression gives `attribute` (`#n = :v` or `attribute = :v`), if it sets one. */
function partitionSet(body: Record<string, unknown>, attribute: string, values: Record<string, unknown>): string | undefined {
  const names = (body.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const aliases = [attribute, ...Object.entries(names).filter(([, n]) => n === attribute).map(([alias]) => alias)];
  for (const alias of aliases) {
    const m = new RegExp(`(?:^|[\\s,])${alias.replace('#', '\\#')}\\s*=\\s*(:\\w+)`).exec(str(body.UpdateExpression));
    if (m) return str(values[m[1]!]);
  }
  return undefined;
}

/** What the recorded calls wrote, transaction by transaction, and what else they sent. */
export function writeCostOf(calls: RecordedCall[]): WriteCost {
  const cost: WriteCost = { transactions: [], otherWrites: [], reads: {} };
  for (const { command, input } of calls) {
    switch (command) {
      case 'TransactWriteCommand':
        cost.transactions.push(
          (input.TransactItems as Record<string, Record<string, unknown>>[]).map((t) => {
            const [kind, body] = Object.entries(t)[0]!;
            return itemWrite(kind, body);
          }),
        );
        break;
      case 'PutCommand':
        cost.otherWrites.push(itemWrite('Put', input));
        break;
      case 'UpdateCommand':
        cost.otherWrites.push(itemWrite('Update', input));
        break;
      case 'DeleteCommand':
        cost.otherWrites.push(itemWrite('Delete', input));
        break;
      case 'BatchWriteCommand':
        for (const requests of Object.values(input.RequestItems as Record<string, { PutRequest?: { Item: unknown }; DeleteRequest?: { Key: unknown } }[]>))
          for (const r of requests) cost.otherWrites.push(r.PutRequest ? itemWrite('Put', { Item: r.PutRequest.Item }) : itemWrite('Delete', { Key: r.DeleteRequest!.Key }));
        break;
      default:
        cost.reads[command.replace('Command', '')] = (cost.reads[command.replace('Command', '')] ?? 0) + 1;
    }
  }
  return cost;
}

/**
 * Write units in AWS (on-demand): a transactional write costs 2 per KB of its item and a standard
 * write 1, and each index entry it changes 1 more per KB (2 when an entry moves, counted once here:
 * a lower bound). Sizes of Updates are what the request sends, also a lower bound.
 */
export function writeUnitsOf(write: ItemWrite, transactional: boolean): number {
  const kb = Math.max(1, Math.ceil(write.bytes / 1024));
  if (write.kind === 'ConditionCheck') return transactional ? 2 * kb : kb;
  return (transactional ? 2 : 1) * kb + write.indexes.length * kb;
}

/** One line per operation: the transaction's items, the index writes, write units, the other writes and the reads. */
export function describeWriteCost(name: string, cost: WriteCost): string {
  const tx = cost.transactions.map((items) => items.length);
  const indexWrites = cost.transactions.flat().reduce((n, w) => n + w.indexes.length, 0) + cost.otherWrites.reduce((n, w) => n + w.indexes.length, 0);
  const units = cost.transactions.flat().reduce((n, w) => n + writeUnitsOf(w, true), 0) + cost.otherWrites.reduce((n, w) => n + writeUnitsOf(w, false), 0);
  const reads = Object.entries(cost.reads).map(([c, n]) => `${n} ${c}`).join(', ') || 'none';
  return `${name.padEnd(22)} transactions: ${tx.length ? tx.join(' + ') : 'none'} items; index writes: ${indexWrites}; write units ≥ ${units}; writes outside a transaction: ${cost.otherWrites.length}${cost.otherWrites.length ? ` (${[...new Set(cost.otherWrites.map((w) => w.pk.replace(/#.*/, '#…')))].join(', ')})` : ''}; reads: ${reads}`;
}

/** Every write's partition keys, of the table and of each index entry it changes (for partition-heat reports). */
export function partitionsWritten(cost: WriteCost): { key: string; units: number }[] {
  const out: { key: string; units: number }[] = [];
  const add = (w: ItemWrite, transactional: boolean) => {
    const kb = Math.max(1, Math.ceil(w.bytes / 1024));
    if (w.kind !== 'ConditionCheck') out.push({ key: `table ${w.pk}`, units: (transactional ? 2 : 1) * kb });
    for (const ix of w.indexes) out.push({ key: `${ix.name} ${ix.pk ?? '(moved)'}`, units: kb });
  };
  for (const w of cost.transactions.flat()) add(w, true);
  for (const w of cost.otherWrites) add(w, false);
  return out;
}
