// How many public-form leads a source (contract) received on a reporting day (#92a): the Internal
// Leads report's TotalCount and its skip to a page, without reading the source's leads. A view: ADDed
// by the projector from each stored lead (core/views/internal-lead-days-view.ts).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { lower } from '#platform/item-key.ts';

export const InternalLeadDay = defineEntity({
  entity: 'InternalLeadDay',
  version: 1,
  schema: z.object({
    /** The contract number as the lead carries it (the key uses it trimmed and in lower case, as the leads' index does). */
    source: z.string(),
    /** YYYY-MM-DD on the reporting calendar (Central). */
    day: z.string(),
    count: z.number().int().nonnegative(),
  }),
  /** a source's leads of one day */
  key: (d: { source: string; day: string }) => ({ pk: `INTERNAL_LEAD_DAYS#${lower(d.source)}`, sk: d.day }),
  queries: {
    /** a source's days from the first to the last, both included */
    ofSource: (source: string, fromDay: string, toDay: string) => ({ pk: `INTERNAL_LEAD_DAYS#${lower(source)}`, sk: { between: [fromDay, toDay] as const } }),
  },
});
export type InternalLeadDay = z.infer<typeof InternalLeadDay.schema>;
