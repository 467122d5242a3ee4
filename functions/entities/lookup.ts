// A lookup value (GET lookup?category=, lead types, CRM lines of business).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const Lookup = defineEntity({
  entity: 'Lookup',
  version: 1,
  schema: z.object({ category: z.string(), value: z.string(), name: z.string() }),
  key: (l: { category: string; value: string }) => ({ pk: `LOOKUP#${l.category}`, sk: l.value }),
  queries: {
    /** the values of a category */
    ofCategory: (category: string) => ({ pk: `LOOKUP#${category}` }),
  },
});
export type Lookup = z.infer<typeof Lookup.schema>;
