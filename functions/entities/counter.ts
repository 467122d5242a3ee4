// A named counter (user-facing order and lead numbers, the agent count for TotalPages).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const Counter = defineEntity({
  entity: 'Counter',
  version: 1,
  schema: z.object({ name: z.enum(['ORDER_NUMBER', 'LEAD_NUMBER', 'AGENTS']), value: z.number().int().nonnegative() }),
  key: (c: { name: 'ORDER_NUMBER' | 'LEAD_NUMBER' | 'AGENTS' }) => ({ pk: `COUNTER#${c.name}`, sk: 'COUNTER' }),
});
export type Counter = z.infer<typeof Counter.schema>;
