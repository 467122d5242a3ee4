// An authenticator app set-up in progress: a staff user refused a session for want of MFA may enrol
// for ten minutes with the access token of that sign-in, held here (never in the browser); expires by TTL.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const MfaEnrolment = defineEntity({
  entity: 'MfaEnrolment',
  version: 1,
  schema: z.object({
    /** Digest of the browser's cookie value: a database leak yields no usable cookie. */
    enrolmentId: z.string(),
    userId: z.string(),
    email: z.string(),
    accessToken: z.string(),
    ttl: z.number().int(),
  }),
  /** MFA set-up in flight by its cookie's digest */
  key: (e: { enrolmentId: string }) => ({ pk: `MFAENROL#${e.enrolmentId}`, sk: 'MFAENROL' }),
});
export type MfaEnrolment = z.infer<typeof MfaEnrolment.schema>;
