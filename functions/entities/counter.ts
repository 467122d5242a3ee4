// A named counter (user-facing order and lead numbers, the routing rules' next place).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { updateReturning } from '#platform/db.ts';
import { tableName } from '#platform/dynamo.ts';
import { kept } from '#platform/held.ts';

const COUNTER_NAMES = ['ORDER_NUMBER', 'LEAD_NUMBER', 'RULE_PRIORITY'] as const;
export type CounterName = (typeof COUNTER_NAMES)[number];

export const Counter = defineEntity({
  entity: 'Counter',
  version: 1,
  schema: z.object({ name: z.enum(COUNTER_NAMES), value: z.number().int().nonnegative() }),
  key: (c: { name: CounterName }) => ({ pk: `COUNTER#${c.name}`, sk: 'COUNTER' }),
});
export type Counter = z.infer<typeof Counter.schema>;

/**
 * Take the next value of a counter (ADD 1, answering the new value): two callers never get the same
 * one. A missing counter starts at `atLeast` (the first value handed out is then atLeast + 1).
 */
export async function nextCounterValue(name: CounterName, atLeast = 0): Promise<number> {
  return addToCounter(name, atLeast, 1);
}

/** ADD `n` to a counter (from `atLeast` when missing), answering the new value. */
async function addToCounter(name: CounterName, atLeast: number, n: number): Promise<number> {
  const key = Counter.key({ name });
  const out = await updateReturning(key, {
    expression: 'SET #value = if_not_exists(#value, :start) + :n, #entity = :entity, #schemaVersion = :version, #name = :name',
    names: { '#value': 'value', '#entity': 'entity', '#schemaVersion': 'schemaVersion', '#name': 'name' },
    values: { ':start': atLeast, ':n': n, ':entity': Counter.entity, ':version': Counter.version, ':name': name },
  });
  return Number(out.value);
}

/** Blocks taken by this process, by table and counter: the next value to hand out and the last. */
const blocks = kept(new Map<string, { next: number; last: number }>());
const taking = kept(new Map<string, Promise<void>>());

/**
 * The next value of a counter from a block of `size` this process took with one ADD: unique like
 * `nextCounterValue`, one write per block instead of per value, but values are not handed out in
 * order across processes, and what a process leaves of its block when it ends is never used (gaps).
 * For numbers that only need to be unique (a lead's number: the engine takes one per lead).
 */
export async function nextCounterValueFromBlock(name: CounterName, atLeast: number, size: number): Promise<number> {
  const key = `${tableName()}|${name}`;
  for (;;) {
    const block = blocks.get(key);
    if (block && block.next <= block.last) return block.next++;
    let took = taking.get(key);
    if (!took) {
      took = addToCounter(name, atLeast, size)
        .then((last) => void blocks.set(key, { next: last - size + 1, last }))
        .finally(() => taking.delete(key));
      taking.set(key, took);
    }
    await took;
  }
}
