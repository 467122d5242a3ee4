// The phones live-transfer calls ring, fed from the external agent systems; Home shows them.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { agentPk } from './agent-profile.ts';

export const PHONE_STATUSES = ['Active', 'VerificationInProgress', 'VerificationFailed', 'Suspended'] as const;

export const LiveTransferPhone = defineEntity({
  entity: 'LiveTransferPhone',
  version: 1,
  schema: z.object({
    agentId: z.string(),
    primaryPhoneNumber: z.string(),
    secondaryPhoneNumber: z.string().optional(),
    statusPrimary: z.enum(PHONE_STATUSES),
    statusSecondary: z.enum(PHONE_STATUSES).optional(),
  }),
  key: (p: { agentId: string }) => ({ pk: agentPk(p.agentId), sk: 'LTPHONE' }),
});
export type LiveTransferPhone = z.infer<typeof LiveTransferPhone.schema>;
