// E-mail and SMS alerts (issue 23 part 2, beyond the spec): per agent, which channels are on (e-mail to
// the account's address, SMS to a verified mobile number), which events each channel tells, and quiet
// hours in the account's time zone during which alerts wait until the hours end ('queue') or are not
// sent at all ('drop'). A text message proves the number (a 6-digit code); every alert carries a link
// that turns its channel off without signing in. The words are ours: the spec has no such screen.
import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from './notifications.ts';
import { agentIdParam, built, ID_PATTERN, type RouteContract } from './define.ts';

export const ALERT_CHANNELS = ['email', 'sms'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/**
 * What the e-mail channel can tell. A low balance is not among them: the Low Balance Alert (Settings,
 * shared/api/balance-alerts.ts) already e-mails each crossing, and a second e-mail of the same news
 * would only be noise. Texts can tell all three.
 */
export const EMAIL_ALERT_EVENTS = ['LeadSold', 'DisputeDecided'] as const satisfies readonly NotificationKind[];
export const SMS_ALERT_EVENTS = NOTIFICATION_KINDS;
export type EmailAlertEvent = (typeof EMAIL_ALERT_EVENTS)[number];

export const ALERT_EVENT_LABELS: Record<NotificationKind, string> = {
  LeadSold: 'A lead is sold to me',
  DisputeDecided: 'A dispute of mine is decided',
  BalanceLow: 'My balance falls below my low-balance alert',
};

export const QUIET_MODES = ['queue', 'drop'] as const;
export type QuietMode = (typeof QUIET_MODES)[number];

/** What the agent sees before anything is saved: both channels off, quiet hours none. */
export const DEFAULT_EMAIL_EVENTS: readonly EmailAlertEvent[] = ['LeadSold', 'DisputeDecided'];
export const DEFAULT_SMS_EVENTS: readonly NotificationKind[] = ['LeadSold'];

/** The SMS verification code: its digits, how long it holds, how many guesses it takes, how often one is sent. */
export const SMS_CODE_DIGITS = 6;
export const SMS_CODE_MINUTES = 10;
export const SMS_CODE_TRIES = 5;
export const SMS_CODE_RESEND_SECONDS = 60;
export const SMS_CODES_PER_DAY = 5;

export const ALERT_SETTINGS_MESSAGES = {
  quietTime: 'Quiet hours start and end on the hour or the half hour (HH:MM, 00:00 to 23:30).',
  quietSame: 'Quiet hours must start and end at different times.',
  nothingToSave: 'Change at least one alert setting.',
  emailEvent: 'E-mail alerts can tell of a lead sold or a dispute decided (the Low Balance Alert sends its own e-mail).',
  smsEvent: 'Text alerts can tell of a lead sold, a dispute decided or a low balance.',
  quietMode: "In quiet hours alerts are either queued ('queue') or not sent ('drop').",
  phoneInvalid: 'Enter a 10-digit US mobile number.',
  codeInvalid: `Enter the ${SMS_CODE_DIGITS}-digit code from the text message.`,
  codeWrong: 'That code is not right. Check the text message and try again.',
  codeExpired: 'The code has expired. Send a new one.',
  codeTriesUsed: 'Too many wrong codes. Send a new one.',
  noCodePending: 'Send a code to your mobile number first.',
  resendTooSoon: 'A code was sent less than a minute ago. Wait a moment before sending another.',
  tooManyCodes: `At most ${SMS_CODES_PER_DAY} codes can be sent a day. Try again tomorrow.`,
  smsNotSent: 'The text message could not be sent. Check the number, or try again later.',
  smsNeedsNumber: 'Verify a mobile number before turning on text alerts.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;
const M = ALERT_SETTINGS_MESSAGES;

/** A half-hour boundary of the day, HH:MM. */
export const QUIET_TIME_PATTERN = /^([01]\d|2[0-3]):(00|30)$/;
const quietTime = z.string().regex(QUIET_TIME_PATTERN, M.quietTime);
export const quietHoursSchema = z
  .object({ Start: quietTime, End: quietTime })
  .refine((q) => q.Start !== q.End, { message: M.quietSame, path: ['End'], when: (payload) => payload.issues.length === 0 });

/** Each event once, in the order of NOTIFICATION_KINDS. */
const ordered = <T extends NotificationKind>(events: T[]): T[] => NOTIFICATION_KINDS.filter((k) => (events as NotificationKind[]).includes(k)) as T[];
const emailEvents = z.array(z.enum(EMAIL_ALERT_EVENTS, { error: M.emailEvent })).max(EMAIL_ALERT_EVENTS.length * 2, M.emailEvent).transform(ordered);
const smsEvents = z.array(z.enum(SMS_ALERT_EVENTS, { error: M.smsEvent })).max(SMS_ALERT_EVENTS.length * 2, M.smsEvent).transform(ordered);

/**
 * PATCH: only what the agent changed; what is left out stays as it is. The SMS number is set apart
 * (PUT .../smsNumber sends it a code), so it is not here.
 */
export const alertSettingsPatchBody = z
  .strictObject({
    Email: z.strictObject({ Enabled: z.boolean().optional(), Events: emailEvents.optional() }).optional(),
    Sms: z.strictObject({ Enabled: z.boolean().optional(), Events: smsEvents.optional() }).optional(),
    /** null: no quiet hours. */
    QuietHours: quietHoursSchema.nullable().optional(),
    QuietMode: z.enum(QUIET_MODES, { error: M.quietMode }).optional(),
  })
  .refine(
    (b) =>
      b.Email?.Enabled !== undefined ||
      b.Email?.Events !== undefined ||
      b.Sms?.Enabled !== undefined ||
      b.Sms?.Events !== undefined ||
      b.QuietHours !== undefined ||
      b.QuietMode !== undefined,
    { message: M.nothingToSave, when: (payload) => payload.issues.length === 0 },
  );
export type AlertSettingsPatchIn = z.input<typeof alertSettingsPatchBody>;
export type AlertSettingsPatch = z.output<typeof alertSettingsPatchBody>;

/** The 10 digits of a US number typed any common way: 312-555-0142, (312) 555 0142, +1 312 555 0142. */
export function usMobileDigits(text: string): string | undefined {
  if (!/^[\d\s().+-]{10,20}$/.test(text.trim())) return undefined;
  const digits = text.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  // North American numbering: area code and exchange start with 2-9.
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national) ? national : undefined;
}

/** PUT: a new mobile number, stored unverified and sent a code; answered in E.164 (+1XXXXXXXXXX). */
export const smsNumberBody = z.object({
  PhoneNumber: z
    .string(M.phoneInvalid)
    .max(20, M.phoneInvalid)
    .refine((v) => usMobileDigits(v) !== undefined, M.phoneInvalid)
    .transform((v) => `+1${usMobileDigits(v)!}`),
});
export type SmsNumberBodyIn = z.input<typeof smsNumberBody>;

export const smsCodeBody = z.object({
  Code: z
    .string(M.codeInvalid)
    .trim()
    .regex(new RegExp(`^\\d{${SMS_CODE_DIGITS}}$`), M.codeInvalid),
});
export type SmsCodeBodyIn = z.input<typeof smsCodeBody>;

export const alertSettingsSchema = z.object({
  AgentId: z.string(),
  /** The account's time zone quiet hours are read in (Central when the account names none). */
  TimeZone: z.string(),
  Email: z.object({
    Enabled: z.boolean(),
    Events: z.array(z.enum(EMAIL_ALERT_EVENTS)),
    /** Where e-mail alerts go: the account's own address. */
    Address: z.string(),
  }),
  Sms: z.object({
    Enabled: z.boolean(),
    Events: z.array(z.enum(SMS_ALERT_EVENTS)),
    /** E.164, or null before a number is given. */
    Number: z.string().nullable(),
    Verified: z.boolean(),
    /** A code was sent and is still good until this time (UTC ISO); null when none is waiting. */
    CodeExpiresAt: z.string().nullable(),
  }),
  QuietHours: z.object({ Start: z.string(), End: z.string() }).nullable(),
  QuietMode: z.enum(QUIET_MODES),
});
export type AlertSettingsDto = z.infer<typeof alertSettingsSchema>;

/**
 * The signed link of an alert: `{agentId}.{e|s}.{signature}`, the signature an HMAC-SHA256 (cut to 22
 * base64url characters, 132 bits) of the agent and channel under a server secret. Checked in shape here,
 * in signature by the server.
 */
export const UNSUBSCRIBE_TOKEN_PATTERN = new RegExp(`^${ID_PATTERN.source.slice(1, -1)}\\.[es]\\.[A-Za-z0-9_-]{22}$`);
export const unsubscribeQuery = z.object({ token: z.string(M.unsubscribeInvalid).max(120, M.unsubscribeInvalid).regex(UNSUBSCRIBE_TOKEN_PATTERN, M.unsubscribeInvalid) });
export const unsubscribeSchema = z.object({ Channel: z.enum(ALERT_CHANNELS), Unsubscribed: z.literal(true) });
export type UnsubscribeDto = z.infer<typeof unsubscribeSchema>;

/** The browser page an alert's unsubscribe link opens (it asks before turning the channel off). */
export const UNSUBSCRIBE_PAGE_PATH = '/alerts/unsubscribe';

const params = z.object({ agentId: agentIdParam });

export const alertSettingsApi = {
  'account.alertSettings': built({ params, response: alertSettingsSchema }),
  'account.updateAlertSettings': built({ params, body: alertSettingsPatchBody, response: alertSettingsSchema }),
  'account.setSmsNumber': built({ params, body: smsNumberBody, response: alertSettingsSchema }),
  'account.verifySmsNumber': built({ params, body: smsCodeBody, response: alertSettingsSchema }),
  // One-click: a mail client POSTs `List-Unsubscribe=One-Click` (RFC 8058) as a form; the body is ignored.
  'account.unsubscribeAlerts': built({ query: unsubscribeQuery, response: unsubscribeSchema }),
} satisfies Record<string, RouteContract>;
