// The retention job's mark on a lead whose personal fields it removed (functions/core/leads/retention.ts):
// beside the lead in its partition, written in the same transaction as the anonymised lead, so the job
// knows the lead is done without a field on the Lead item.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const LeadAnonymised = defineEntity({
  entity: 'LeadAnonymised',
  version: 1,
  schema: z.object({ leadId: z.string(), at: z.string() }),
  /** a lead's anonymisation mark */
  key: (m: { leadId: string }) => ({ pk: `LEAD#${m.leadId}`, sk: 'ANONYMISED' }),
});
export type LeadAnonymised = z.infer<typeof LeadAnonymised.schema>;
