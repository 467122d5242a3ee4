// The catalogue's version (docs/data-model.md §8, "catalogue"): raised by the projector once per batch
// that applied a record of the catalogue the lead engine decides with (campaigns, their validation,
// vendors, campaign-vendor pairs and their funds, funds, routing rules, contract maps). The engine holds
// what it read of the catalogue in memory while this version stays (core/leads/validate.ts). The item
// also carries the active do-not-call lists as the projector read them last (issue 24), so a vendor's
// post learns them from the version it reads anyway, and the scrub costs at most one read.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const CatalogueVersion = defineEntity({
  entity: 'CatalogueVersion',
  version: 1,
  schema: z.object({
    version: z.number().int().nonnegative(),
    /** The active do-not-call lists (id, name, version), by name; absent until a list first changed. */
    dncLists: z.array(z.object({ listId: z.string(), name: z.string(), version: z.number().int().positive() })).optional(),
    /** The latest `updatedAt` of the lists when `dncLists` was read: an older read never overwrites a newer. */
    dncAsOf: z.string().optional(),
  }),
  /** the one version item (written by the projector after a batch with catalogue records: staff edits, not sales) */
  key: () => ({ pk: 'CATALOGUE', sk: 'VERSION' }),
});
export type CatalogueVersion = z.infer<typeof CatalogueVersion.schema>;
