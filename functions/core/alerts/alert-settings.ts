// An agent's e-mail and SMS alert settings (issue 23): read with the defaults an agent who never saved
// any sees, changed field by field (a save writes only what the agent changed), a new mobile number
// proved by a 6-digit code sent to it (only the code's salted hash is kept, for 10 minutes and 5
// guesses, each guess counted before it is checked), and a channel turned off by the signed link
// every alert carries.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ALERT_SETTINGS_MESSAGES as M,
  DEFAULT_EMAIL_EVENTS,
  DEFAULT_SMS_EVENTS,
  SMS_CODE_DIGITS,
  SMS_CODE_MINUTES,
  SMS_CODE_RESEND_SECONDS,
  SMS_CODE_TRIES,
  SMS_CODES_PER_DAY,
  type AlertChannel,
  type AlertSettingsPatch,
} from '#shared/api/alert-settings.ts';
import { isKnownTimeZone, DEFAULT_TIME_ZONE } from '#shared/time-zones.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { AlertSettings } from '#entities/alert-settings.ts';
import { ConditionFailed } from '#platform/db.ts';
import { getMany, type Patch } from '#platform/entity.ts';
import { AppError, Forbidden, NotFound, TooManyRequests, ValidationFailed } from '#platform/errors.ts';
import { logger } from '#platform/logger.ts';
import { reportDay } from '#platform/report-day.ts';
import { SmsNotSent, type SmsSender } from '#platform/sms.ts';
import { ACCOUNT_NOT_FOUND } from '../money/ledger.ts';
import { smsCodeText } from './alert-messages.ts';
import { verifyUnsubscribeToken } from './alert-token.ts';

/** The settings as an agent sees them: their own, or the defaults before they saved any. */
export interface AgentAlertSettings {
  agentId: string;
  /** The account's address, where e-mail alerts go. */
  email: string;
  /** The account's time zone name (Central when it names none). */
  timeZone: string;
  settings: AlertSettings;
  /** The code still waiting to be entered expires then (undefined when none waits). */
  codeExpiresAt?: string;
}

/** What an agent who never saved alert settings has: both channels off, no quiet hours. */
export function defaultAlertSettings(agentId: string): AlertSettings {
  return {
    agentId,
    emailEnabled: false,
    emailEvents: [...DEFAULT_EMAIL_EVENTS],
    smsEnabled: false,
    smsEvents: [...DEFAULT_SMS_EVENTS],
    smsVerified: false,
    quietMode: 'queue',
    updatedAt: '',
    updatedBy: '',
  };
}

/** 502: the SMS provider did not take the verification text. */
export class SmsCodeNotSent extends AppError {
  readonly status = 502;
}

/** Attributes every stored item has: written only when the item is new (a save of one field makes a whole item). */
const REQUIRED_DEFAULTS = ['emailEnabled', 'emailEvents', 'smsEnabled', 'smsEvents', 'smsVerified', 'quietMode'] as const;

function defaultsMissingFrom(set: Partial<AlertSettings>, agentId: string): Partial<AlertSettings> {
  const defaults = defaultAlertSettings(agentId);
  return Object.fromEntries(REQUIRED_DEFAULTS.filter((name) => set[name] === undefined).map((name) => [name, defaults[name]])) as Partial<AlertSettings>;
}

export async function readAlertSettings(agentId: string, now = new Date()): Promise<AgentAlertSettings> {
  const read = await getMany({ profile: AgentProfile.ref({ agentId }), settings: AlertSettings.ref({ agentId }) }, { consistent: true });
  if (!read.profile) throw new NotFound(ACCOUNT_NOT_FOUND);
  const settings = read.settings ?? defaultAlertSettings(agentId);
  const waiting = settings.smsCodeHash && settings.smsCodeExpiresAt && Date.parse(settings.smsCodeExpiresAt) > now.getTime() && (settings.smsCodeTries ?? 0) < SMS_CODE_TRIES;
  return {
    agentId,
    email: read.profile.email,
    timeZone: isKnownTimeZone(read.profile.timeZone) ? read.profile.timeZone : DEFAULT_TIME_ZONE,
    settings,
    ...(waiting ? { codeExpiresAt: settings.smsCodeExpiresAt } : {}),
  };
}

/**
 * Saves what the agent changed, nothing else. Text alerts turn on only for a verified number: the
 * write is conditioned on it, so a number replaced meanwhile cannot be switched on unproved.
 */
export async function updateAlertSettings(change: { agentId: string; userId: string; patch: AlertSettingsPatch; now?: Date }): Promise<AgentAlertSettings> {
  const { agentId, patch } = change;
  const now = change.now ?? new Date();
  if (!(await AgentProfile.get({ agentId }))) throw new NotFound(ACCOUNT_NOT_FOUND);
  const set: Partial<AlertSettings> = {
    ...(patch.Email?.Enabled !== undefined ? { emailEnabled: patch.Email.Enabled } : {}),
    ...(patch.Email?.Events !== undefined ? { emailEvents: patch.Email.Events } : {}),
    ...(patch.Sms?.Enabled !== undefined ? { smsEnabled: patch.Sms.Enabled } : {}),
    ...(patch.Sms?.Events !== undefined ? { smsEvents: patch.Sms.Events } : {}),
    ...(patch.QuietHours ? { quietStart: patch.QuietHours.Start, quietEnd: patch.QuietHours.End } : {}),
    ...(patch.QuietMode !== undefined ? { quietMode: patch.QuietMode } : {}),
    updatedAt: now.toISOString(),
    updatedBy: change.userId,
  };
  const update: Patch<AlertSettings> = {
    set,
    setIfMissing: defaultsMissingFrom(set, agentId),
    ...(patch.QuietHours === null ? { remove: ['quietStart', 'quietEnd'] } : {}),
  };
  const smsOn = patch.Sms?.Enabled === true;
  try {
    await AlertSettings.patch({ agentId }, update, {
      upsert: true,
      ...(smsOn ? { condition: { expression: 'smsVerified = :yes AND attribute_exists(smsNumber)', values: { ':yes': true } } } : {}),
    });
  } catch (err) {
    if (smsOn && err instanceof ConditionFailed) throw new ValidationFailed(M.smsNeedsNumber);
    throw err;
  }
  return readAlertSettings(agentId, now);
}

const codeHash = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

/**
 * A new mobile number: kept unverified (text alerts off until it is proved) with a new code's hash,
 * then the code is texted to it. At most one code a minute and SMS_CODES_PER_DAY a day per agent; the
 * minute is held by a condition on the previous code's time, so two quick requests send one code.
 * The same number, already verified, is left as it is.
 */
export async function setSmsNumber(input: { agentId: string; userId: string; number: string; sms: SmsSender; now?: Date }): Promise<AgentAlertSettings> {
  const { agentId, number } = input;
  const now = input.now ?? new Date();
  const read = await getMany({ profile: AgentProfile.ref({ agentId }), settings: AlertSettings.ref({ agentId }) }, { consistent: true });
  if (!read.profile) throw new NotFound(ACCOUNT_NOT_FOUND);
  const current = read.settings;
  if (current?.smsNumber === number && current.smsVerified) return readAlertSettings(agentId, now);
  const lastSent = current?.smsCodeSentAt ? Date.parse(current.smsCodeSentAt) : undefined;
  const wait = lastSent === undefined ? 0 : Math.ceil((lastSent + SMS_CODE_RESEND_SECONDS * 1000 - now.getTime()) / 1000);
  if (wait > 0) throw new TooManyRequests(M.resendTooSoon, wait);
  // The company's day (Central), as every other daily limit counts (auto-recharge's three a day): the UTC day turned at 6 or 7 pm.
  const day = reportDay(now.toISOString());
  const sentToday = current?.smsCodesDay === day ? (current.smsCodesSent ?? 0) : 0;
  if (sentToday >= SMS_CODES_PER_DAY) throw new TooManyRequests(M.tooManyCodes);

  const code = String(randomInt(0, 10 ** SMS_CODE_DIGITS)).padStart(SMS_CODE_DIGITS, '0');
  const salt = randomBytes(16).toString('hex');
  const set: Partial<AlertSettings> = {
    smsNumber: number,
    smsVerified: false,
    smsEnabled: false,
    smsCodeHash: codeHash(salt, code),
    smsCodeSalt: salt,
    smsCodeSentAt: now.toISOString(),
    smsCodeExpiresAt: new Date(now.getTime() + SMS_CODE_MINUTES * 60_000).toISOString(),
    smsCodeTries: 0,
    smsCodesDay: day,
    smsCodesSent: sentToday + 1,
    updatedAt: now.toISOString(),
    updatedBy: input.userId,
  };
  try {
    await AlertSettings.patch(
      { agentId },
      { set, setIfMissing: defaultsMissingFrom(set, agentId) },
      {
        upsert: true,
        condition: current?.smsCodeSentAt
          ? { expression: 'smsCodeSentAt = :seen', values: { ':seen': current.smsCodeSentAt } }
          : { expression: 'attribute_not_exists(smsCodeSentAt)' },
      },
    );
  } catch (err) {
    if (err instanceof ConditionFailed) throw new TooManyRequests(M.resendTooSoon, SMS_CODE_RESEND_SECONDS);
    throw err;
  }
  try {
    await input.sms.send({ to: number, text: smsCodeText(code, SMS_CODE_MINUTES) });
  } catch (err) {
    // The code never arrived: it does not wait to be entered, and a new one may be asked for at once.
    await AlertSettings.patch({ agentId }, { remove: ['smsCodeHash', 'smsCodeSalt', 'smsCodeSentAt', 'smsCodeExpiresAt', 'smsCodeTries'] });
    if (err instanceof SmsNotSent) {
      logger.warn('SMS verification code not sent', { agentId, error: err.message });
      throw new SmsCodeNotSent(M.smsNotSent);
    }
    throw err;
  }
  logger.info('SMS verification code sent', { agentId });
  return readAlertSettings(agentId, now);
}

/**
 * The code the agent typed. The guess is counted first (a conditional ADD under the limit, on the
 * same code), then compared in constant time; the right code verifies the number and turns text
 * alerts on, and the code is gone.
 */
export async function verifySmsNumber(input: { agentId: string; userId: string; code: string; now?: Date }): Promise<AgentAlertSettings> {
  const { agentId } = input;
  const now = input.now ?? new Date();
  const current = await AlertSettings.get({ agentId }, { consistent: true });
  if (!current?.smsCodeHash || !current.smsCodeSalt || !current.smsCodeExpiresAt || !current.smsNumber) throw new ValidationFailed(M.noCodePending);
  const tries = current.smsCodeTries ?? 0;
  if (tries >= SMS_CODE_TRIES) throw new ValidationFailed(M.codeTriesUsed);
  if (Date.parse(current.smsCodeExpiresAt) <= now.getTime()) throw new ValidationFailed(M.codeExpired);
  const sameCode = { expression: 'smsCodeHash = :hash', values: { ':hash': current.smsCodeHash } };
  try {
    await AlertSettings.patch(
      { agentId },
      { add: { smsCodeTries: 1 } },
      { condition: { expression: `${sameCode.expression} AND (attribute_not_exists(smsCodeTries) OR smsCodeTries < :max)`, values: { ...sameCode.values, ':max': SMS_CODE_TRIES } } },
    );
  } catch (err) {
    // Another guess took the last try, or a new code replaced this one meanwhile.
    if (err instanceof ConditionFailed) throw new ValidationFailed(M.codeTriesUsed);
    throw err;
  }
  const expected = Buffer.from(current.smsCodeHash, 'hex');
  const given = Buffer.from(codeHash(current.smsCodeSalt, input.code), 'hex');
  if (!timingSafeEqual(given, expected)) throw new ValidationFailed(tries + 1 >= SMS_CODE_TRIES ? M.codeTriesUsed : M.codeWrong);
  try {
    await AlertSettings.patch(
      { agentId },
      {
        set: { smsVerified: true, smsEnabled: true, updatedAt: now.toISOString(), updatedBy: input.userId },
        remove: ['smsCodeHash', 'smsCodeSalt', 'smsCodeSentAt', 'smsCodeExpiresAt', 'smsCodeTries'],
      },
      { condition: { expression: `${sameCode.expression} AND smsNumber = :number`, values: { ...sameCode.values, ':number': current.smsNumber } } },
    );
  } catch (err) {
    if (err instanceof ConditionFailed) throw new ValidationFailed(M.noCodePending);
    throw err;
  }
  logger.info('SMS number verified', { agentId });
  return readAlertSettings(agentId, now);
}

/**
 * The unsubscribe link: its signature names one agent and one channel, which is turned off (nothing
 * else changes, and nothing is made for an agent with no settings). A link that is not the server's is refused.
 */
export async function unsubscribeByToken(token: string, secret: string, now = new Date()): Promise<{ agentId: string; channel: AlertChannel }> {
  const named = verifyUnsubscribeToken(secret, token);
  if (!named) throw new Forbidden(M.unsubscribeInvalid);
  const off: Partial<AlertSettings> = named.channel === 'email' ? { emailEnabled: false } : { smsEnabled: false };
  try {
    await AlertSettings.patch({ agentId: named.agentId }, { set: { ...off, updatedAt: now.toISOString(), updatedBy: 'unsubscribe-link' } });
  } catch (err) {
    if (!(err instanceof ConditionFailed)) throw err;
  }
  logger.info('Alert channel turned off by its unsubscribe link', { agentId: named.agentId, channel: named.channel });
  return named;
}
