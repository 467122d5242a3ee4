// The record that a backfill of an index's keys over items written before the index existed has run
// to the end: readers that would miss unindexed items use the index only once it is there.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

// PING_COUNTS: every Ping carries its gsi1-3 keys and is counted in its PingCount items (#93b).
const BACKFILLS = ['PING_COUNTS'] as const;
export type BackfillName = (typeof BACKFILLS)[number];

export const IndexBackfill = defineEntity({
  entity: 'IndexBackfill',
  version: 1,
  schema: z.object({
    name: z.enum(BACKFILLS),
    completedAt: z.string(),
    /** Items that got their keys in the run that completed it (0 on a table written with them from the start). */
    itemsUpdated: z.number().int().nonnegative(),
  }),
  key: (b: { name: BackfillName }) => ({ pk: `INDEX_BACKFILL#${b.name}`, sk: 'INDEX_BACKFILL' }),
});
export type IndexBackfill = z.infer<typeof IndexBackfill.schema>;
