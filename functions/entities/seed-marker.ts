// The demo seed's marker: present once demo data exists.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

const isoTime = z.string();

export const SeedMarker = defineEntity({
  entity: 'SeedMarker',
  version: 1,
  schema: z.object({
    seededAt: isoTime,
    generatorVersion: z.number().int(),
    agents: z.number().int(),
    counts: z.record(z.string(), z.number().int()),
  }),
  key: () => ({ pk: 'SEED', sk: 'MARKER' }),
});
export type SeedMarker = z.infer<typeof SeedMarker.schema>;
