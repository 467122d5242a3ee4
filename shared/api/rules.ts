// The API contract of routing rules (part 3 §2, §3, §4, §7): lists pipe-joined on the wire.
import { z } from 'zod';
import { ruleCreateSchema, ruleSwapSchema, ruleUpdateSchema } from '../rules.ts';
import { areaContract, built, idParam, noContent } from './define.ts';
import { auditFieldsSchema } from './revision.ts';
import { ruleSimulationApi } from './rule-simulation.ts';

/** A routing rule as GET rules shows it (part 3 §3 Routing rule). */
export const ruleSchema = z
  .object({
    RuleId: z.string(),
    Name: z.string(),
    Description: z.string(),
    Active: z.boolean(),
    /** The POST target's share, percent. */
    PPPercent: z.number(),
    CallCenterPercent: z.number(),
    /** Zips (5 digits) and SCFs (3 digits), pipe-joined. */
    ZipCodes: z.string(),
    /** State codes, pipe-joined. */
    States: z.string(),
    LinesOfBusiness: z.string(),
    /** Campaign ids, pipe-joined. */
    Campaigns: z.string(),
    DefaultRule: z.boolean(),
    /** The rule's place, 1 first; the default rule is always last (number of rules). */
    Priority: z.number(),
    CreatedDate: z.string(),
    LastModifiedDate: z.string(),
    /** Leads this rule sent to the call center and to the POST target. */
    CallCenterCount: z.number(),
    PPCount: z.number(),
  })
  .extend(auditFieldsSchema.shape);
export type RuleDto = z.infer<typeof ruleSchema>;

/** Every rule in order: by priority, the default rule last. */
export const ruleListSchema = z.array(ruleSchema);

export const rulesApi = areaContract<'rules'>()({
  'rules.list': built({ response: ruleListSchema }),
  'rules.create': built({ body: ruleCreateSchema, response: ruleSchema, status: 201 }),
  'rules.update': built({ body: ruleUpdateSchema, response: ruleSchema }),
  /** Answers the whole list in its new order (every rule's Revision may have moved). */
  'rules.swap': built({ body: ruleSwapSchema, response: ruleListSchema }),
  'rules.delete': built({ params: z.object({ ruleId: idParam('Rule id') }), response: noContent, status: 204 }),
  /** The simulation of a rule change (issue 12), in its own file. */
  ...ruleSimulationApi,
});
