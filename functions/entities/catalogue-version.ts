// The catalogue's version (docs/data-model.md §8, "catalogue"): raised by the projector once per batch
// that applied a record of the catalogue the lead engine decides with (campaigns, their validation,
// vendors, campaign-vendor pairs and their funds, funds, routing rules, contract maps). The engine holds
// what it read of the catalogue in memory while this version stays (core/leads/validate.ts).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const CatalogueVersion = defineEntity({
  entity: 'CatalogueVersion',
  version: 1,
  schema: z.object({ version: z.number().int().nonnegative() }),
  /** the one version item (written by the projector after a batch with catalogue records: staff edits, not sales) */
  key: () => ({ pk: 'CATALOGUE', sk: 'VERSION' }),
});
export type CatalogueVersion = z.infer<typeof CatalogueVersion.schema>;
