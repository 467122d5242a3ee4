// Fault injection in the platform's DynamoDB client, for tests and the local stack only: at a chosen
// call (the nth) of a chosen operation the client throttles, loses the answer of a write it applied,
// or fails a condition, as AWS can. It sits on the client's middleware stack above the SDK's retry
// step, so what it throws is what the application sees once the SDK's own retries are spent. The
// client installs it only when FAULT_INJECTION is on and the process is not a Lambda (config.ts's
// AWS schema has no such setting); with no plan installed it only counts.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  ConditionalCheckFailedException,
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';

/** DynamoDB operations by their API names (TransactWriteItems, UpdateItem, PutItem, GetItem, Query, BatchWriteItem, ...). */
export type Operation = string;

/**
 * throttle, lost-answer and condition are what the application sees from DynamoDB; kill-before and
 * kill-after end the whole process with SIGKILL just before the call is sent or just after its
 * answer came (a job's process killed mid-way: only for a child process a test spawned).
 */
export type FaultKind = 'throttle' | 'lost-answer' | 'condition' | 'kill-before' | 'kill-after';
/** The faults a DynamoDB answer can carry (the fault matrix's default). */
export const FAULT_KINDS: readonly FaultKind[] = ['throttle', 'lost-answer', 'condition'];

/** Operations with a condition to fail (the others are read or written unconditionally). */
export const CONDITIONED: ReadonlySet<Operation> = new Set(['TransactWriteItems', 'PutItem', 'UpdateItem', 'DeleteItem']);

/**
 * Who makes a call: the local projector applies stream records under the scope 'projector' (see
 * infra/local/projector.ts); everything else (requests through the gateway, jobs a test runs) is
 * 'requests'. A plan counts only the calls of its scope, so the projector running beside a request
 * does not move the request's nth call.
 */
export type FaultScope = 'requests' | 'projector';
const scopes = new AsyncLocalStorage<FaultScope>();

/** The scope of the work running now (a recorder of calls tells the projector's apart). */
export const currentFaultScope = (): FaultScope => scopes.getStore() ?? 'requests';

/** Run `fn` with its DynamoDB calls counted under `scope`. */
export function inFaultScope<T>(scope: FaultScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

export interface FaultPlan {
  operation: Operation;
  /** 1 for the first call of the operation after the plan is installed. */
  nth: number;
  fault: FaultKind;
  scope?: FaultScope;
}

/** One call made while recording: its operation, its place among the calls of that operation, and what it touched. */
export interface RecordedStep {
  operation: Operation;
  nth: number;
  /** The kind of item (its partition key's first part, e.g. BALANCE, LEAD) or the index read, for the table. */
  touches?: string;
}

/** The partition key prefixes of what a call reads or writes (marshalled or not), for the fault table. */
function touched(input: Record<string, unknown>): string {
  const pkOf = (v: unknown): string | undefined => {
    const pk = (v as { pk?: unknown } | undefined)?.pk;
    const text = typeof pk === 'string' ? pk : (pk as { S?: string } | undefined)?.S;
    return text?.split('#')[0];
  };
  const kinds = new Set<string>();
  const add = (v: unknown) => {
    const k = pkOf(v);
    if (k) kinds.add(k);
  };
  add(input.Key);
  add(input.Item);
  for (const t of (input.TransactItems as Record<string, { Key?: unknown; Item?: unknown }>[] | undefined) ?? []) for (const body of Object.values(t)) add(body.Key ?? body.Item);
  for (const table of Object.values((input.RequestItems as Record<string, unknown> | undefined) ?? {})) {
    const keys = Array.isArray(table) ? table.map((r: { PutRequest?: { Item: unknown }; DeleteRequest?: { Key: unknown } }) => r.PutRequest?.Item ?? r.DeleteRequest?.Key) : ((table as { Keys?: unknown[] }).Keys ?? []);
    for (const k of keys) add(k);
  }
  if (typeof input.IndexName === 'string') kinds.add(input.IndexName);
  const values = input.ExpressionAttributeValues as Record<string, unknown> | undefined;
  // A query's partition: the key-like values of its condition (KIND or KIND#..., not dates or ids).
  if (input.KeyConditionExpression && values)
    for (const v of Object.values(values)) {
      const text = typeof v === 'string' ? v : (v as { S?: string } | undefined)?.S;
      if (text && /^[A-Z][A-Z0-9_]*(#|$)/.test(text)) add({ pk: text });
    }
  return [...kinds].slice(0, 4).join('+');
}

interface Armed extends Required<FaultPlan> {
  seen: number;
  fired: boolean;
}

let armed: Armed | undefined;
let recording: { scope: FaultScope; steps: RecordedStep[]; counts: Map<Operation, number> } | undefined;

/** Make the plan's call fail once; `fired()` says whether that call happened. Replaces any plan installed before. */
export function injectFault(plan: FaultPlan): { fired(): boolean } {
  const current: Armed = { scope: 'requests', ...plan, seen: 0, fired: false };
  armed = current;
  return { fired: () => current.fired };
}

export function clearFaults(): void {
  armed = undefined;
}

/** The calls of `scope` made while `run` ran, in order, each numbered within its operation. */
export async function recordSteps(run: () => Promise<unknown>, scope: FaultScope = 'requests'): Promise<RecordedStep[]> {
  const session = { scope, steps: [] as RecordedStep[], counts: new Map<Operation, number>() };
  recording = session;
  try {
    await run();
  } finally {
    recording = undefined;
  }
  return session.steps;
}

const metadata = { httpStatusCode: 400, attempts: 5, totalRetryDelay: 0 };
type TransactItems = Record<string, { ConditionExpression?: string }>[];

function throttled(operation: Operation, items: TransactItems): Error {
  // A throttled transaction is cancelled with a ThrottlingError reason (the SDK does not retry a
  // cancelled transaction); a throttled single call fails once the SDK's retries are spent.
  if (operation === 'TransactWriteItems')
    return new TransactionCanceledException({
      message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [ThrottlingError]',
      $metadata: metadata,
      CancellationReasons: items.map((_, i) => (i === 0 ? { Code: 'ThrottlingError', Message: 'Throughput exceeds the current capacity of your table or index.' } : { Code: 'None' })),
    });
  return new ProvisionedThroughputExceededException({ message: 'The level of configured provisioned throughput for the table was exceeded.', $metadata: metadata });
}

function lostAnswer(): Error {
  // What the SDK's HTTP handler throws when no answer comes before its request timeout.
  const err = new Error('Connection timed out after 3000 ms (fault injection: the write was applied)');
  err.name = 'TimeoutError';
  return Object.assign(err, { $metadata: {} });
}

function conditionFailed(operation: Operation, items: TransactItems): Error {
  if (operation !== 'TransactWriteItems') return new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: metadata });
  // The first item that carries a condition is the one whose condition failed.
  const conditioned = items.findIndex((t) => Object.values(t)[0]?.ConditionExpression !== undefined);
  const failed = conditioned < 0 ? 0 : conditioned;
  return new TransactionCanceledException({
    message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed]',
    $metadata: metadata,
    CancellationReasons: items.map((_, i) => (i === failed ? { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' } : { Code: 'None' })),
  });
}

/** SIGKILL to this process: nothing after it runs, as when Lambda's sandbox is torn down mid-call. */
function killed(): Promise<never> {
  process.kill(process.pid, 'SIGKILL');
  return new Promise<never>(() => {});
}

/** Put the hook on the client's stack (the platform's client does so when fault injection is on). */
export function addFaultInjection(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const operation = String(context.commandName ?? '').replace(/Command$/, '');
      const scope = currentFaultScope();
      if (recording && recording.scope === scope) {
        const n = (recording.counts.get(operation) ?? 0) + 1;
        recording.counts.set(operation, n);
        recording.steps.push({ operation, nth: n, touches: touched(args.input as Record<string, unknown>) });
      }
      const plan = armed;
      if (!plan || plan.fired || plan.scope !== scope || plan.operation !== operation || ++plan.seen !== plan.nth) return next(args);
      plan.fired = true;
      const items = (args.input as { TransactItems?: TransactItems }).TransactItems ?? [];
      switch (plan.fault) {
        case 'throttle':
          throw throttled(operation, items);
        case 'condition':
          throw conditionFailed(operation, items);
        case 'lost-answer':
          await next(args);
          throw lostAnswer();
        case 'kill-after':
          await next(args);
          return killed();
        case 'kill-before':
          return killed();
      }
    },
    { step: 'initialize', name: 'faultInjection', priority: 'high' },
  );
}
