// How many agents one stretch (bucket) of a directory order holds: the rank information that lets a
// page deep inside an order start counting keys at its bucket, not at an end of the directory
// (docs/data-model.md #24b). A bucket is the first few characters of the order's sort key.
// A count may read below zero only while an order is not counted yet (the busy paths move counts
// -1/+1 before a rebuild wrote them): readers then do not trust the order (orderBuckets).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const DirectoryBucket = defineEntity({
  entity: 'DirectoryBucket',
  version: 1,
  schema: z.object({ order: z.string(), bucket: z.string(), count: z.number().int() }),
  /** a bucket of an order */
  key: (b: { order: string; bucket: string }) => ({ pk: `DIRCOUNT#${b.order}`, sk: `BUCKET#${b.bucket}` }),
  queries: {
    /** every bucket of an order, in key order */
    ofOrder: (order: string) => ({ pk: `DIRCOUNT#${order}`, sk: { beginsWith: 'BUCKET#' } }),
  },
});
export type DirectoryBucket = z.infer<typeof DirectoryBucket.schema>;
