// An agent's e-mail and SMS alert settings (issue 23): which channels are on and which events each
// tells, the mobile number and whether a code proved it, the code waiting to be entered (only its
// salted hash), and the quiet hours in the account's time zone with what happens to alerts in them.
// One item in the agent partition, read with the profile; written only where the agent changed it.
import { z } from 'zod';
import { EMAIL_ALERT_EVENTS, QUIET_MODES, SMS_ALERT_EVENTS } from '#shared/api/alert-settings.ts';
import { defineEntity } from '#platform/entity.ts';
import { agentPk } from './agent-profile.ts';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const AlertSettings = defineEntity({
  entity: 'AlertSettings',
  version: 1,
  schema: z.object({
    agentId: z.string(),
    emailEnabled: z.boolean(),
    emailEvents: z.array(z.enum(EMAIL_ALERT_EVENTS)),
    smsEnabled: z.boolean(),
    smsEvents: z.array(z.enum(SMS_ALERT_EVENTS)),
    /** E.164 (+1XXXXXXXXXX). */
    smsNumber: z.string().optional(),
    /** A code sent to smsNumber was entered; texts go only to a verified number. */
    smsVerified: z.boolean(),
    /** The waiting code: sha256 of `{salt}:{code}`, never the code. Removed once entered or replaced. */
    smsCodeHash: z.string().optional(),
    smsCodeSalt: z.string().optional(),
    smsCodeSentAt: z.string().optional(),
    smsCodeExpiresAt: z.string().optional(),
    /** Guesses taken at the waiting code (each counted before it is checked). */
    smsCodeTries: z.number().int().nonnegative().optional(),
    /** Codes sent on `smsCodesDay` (the company's day, Central), for the daily limit. */
    smsCodesDay: z.string().optional(),
    smsCodesSent: z.number().int().nonnegative().optional(),
    /** Quiet hours, HH:MM in the account's zone; both or neither. */
    quietStart: hhmm.optional(),
    quietEnd: hhmm.optional(),
    quietMode: z.enum(QUIET_MODES),
    updatedAt: z.string(),
    updatedBy: z.string(),
  }),
  /** an agent's alert settings */
  key: (s: { agentId: string }) => ({ pk: agentPk(s.agentId), sk: 'ALERT_SETTINGS' }),
});
export type AlertSettings = z.infer<typeof AlertSettings.schema>;
