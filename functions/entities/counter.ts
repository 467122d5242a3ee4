// A named counter (user-facing order and lead numbers, the agent count for TotalPages, the routing
// rules' next place).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { docClient, tableName } from '#platform/dynamo.ts';

const COUNTER_NAMES = ['ORDER_NUMBER', 'LEAD_NUMBER', 'AGENTS', 'RULE_PRIORITY'] as const;
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
  const key = Counter.key({ name });
  const out = await docClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #value = if_not_exists(#value, :start) + :one, #entity = :entity, #schemaVersion = :version, #name = :name',
      ExpressionAttributeNames: { '#value': 'value', '#entity': 'entity', '#schemaVersion': 'schemaVersion', '#name': 'name' },
      ExpressionAttributeValues: { ':start': atLeast, ':one': 1, ':entity': Counter.entity, ':version': Counter.version, ':name': name },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number((out.Attributes as { value: number }).value);
}
