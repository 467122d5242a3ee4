// One row of the account status audit (spec part 2 §3, part 3 §3): who switched which intake status.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { agentPk } from './agent-profile.ts';

export const STATUS_TYPES = ['Global', 'LiveTransfer', 'ThirdParty'] as const;

export const StatusAudit = defineEntity({
  entity: 'StatusAudit',
  version: 1,
  schema: z.object({
    agentId: z.string(),
    auditId: z.string(),
    updateDate: z.string(),
    statusType: z.enum(STATUS_TYPES),
    previousStatus: z.enum(['active', 'paused']),
    newStatus: z.enum(['active', 'paused']),
    updatedBy: z.string(),
  }),
  key: (a: { agentId: string; updateDate: string; statusType: string; auditId: string }) => ({
    pk: agentPk(a.agentId),
    sk: `STATUSAUDIT#${a.updateDate}#${a.statusType}#${a.auditId}`,
  }),
  queries: {
    /** account status audit by agent (newest first when read descending) */
    ofAgent: (agentId: string) => ({ pk: agentPk(agentId), sk: { beginsWith: 'STATUSAUDIT#' } }),
  },
});
export type StatusAudit = z.infer<typeof StatusAudit.schema>;
