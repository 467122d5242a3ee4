// A counting view's receipt for one fact: written in the same transaction as the ADDs the fact makes,
// on condition that it is not there yet, so a record delivered again (or replayed by a rebuild over a
// view already kept) adds nothing. Kept as long as the fact (a rebuild over an intact view relies on it):
// a receipt of an expiring fact expires with it (`ttl`).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const ViewApplied = defineEntity({
  entity: 'ViewApplied',
  version: 1,
  schema: z.object({ view: z.string(), fact: z.string(), at: z.string(), ttl: z.number().int().optional() }),
  /** "receipt of a view for a fact": one partition per fact, so receipts are never hot */
  key: (r: { view: string; fact: string }) => ({ pk: `APPLIED#${r.fact}`, sk: r.view }),
});
export type ViewApplied = z.infer<typeof ViewApplied.schema>;
