// E-mail and SMS alerts of an agent's notifications (issue 23). The projector's alert-delivery view
// hands each new notification here: for every channel the agent turned on for its kind, the alert is
// sent now (claimed first by creating its AlertDelivery item, so a stream record delivered again sends
// nothing), queued until the agent's quiet hours end, or dropped in them, as the agent chose. The
// alertQueue job sends what is due: queued alerts whose quiet hours are over, sends that failed (again
// after a back-off, up to ALERT_MAX_ATTEMPTS), and claims whose sender died before marking them (after
// ALERT_CLAIM_SECONDS; only then can an alert go twice). When the job sends it reads the settings again:
// a channel turned off or unsubscribed meanwhile sends nothing. The message is built when it is sent,
// from the notification and, for a sale, the lead's phone: nothing personal is kept in the outbox.
import type { AlertChannel } from '#shared/api/alert-settings.ts';
import type { NotificationKind } from '#shared/api/notifications.ts';
import { AgentProfile } from '#entities/agent-profile.ts';
import { ALERT_DUE_SHARDS, AlertDelivery, type AlertDeliveryState } from '#entities/alert-delivery.ts';
import { AlertSettings } from '#entities/alert-settings.ts';
import { Lead } from '#entities/lead.ts';
import { Notification, NOTIFICATION_KEEP_DAYS } from '#entities/notification.ts';
import { ConditionFailed } from '#platform/db.ts';
import { getMany } from '#platform/entity.ts';
import { logger } from '#platform/logger.ts';
import type { Mailer } from '#platform/mailer.ts';
import { emit } from '#platform/metrics.ts';
import type { SmsSender } from '#platform/sms.ts';
import { toNotificationDto } from '../notifications/notifications.ts';
import { alertEmail, alertSms } from './alert-messages.ts';
import { unsubscribeToken } from './alert-token.ts';
import { accountZone, inQuietHours, quietHoursEnd, type QuietHours } from './quiet-hours.ts';

/** A claimed alert not marked sent after this long is taken to have failed, and the job sends it. */
export const ALERT_CLAIM_SECONDS = 120;
/** Sends tried before an alert is given up ('failed'). */
export const ALERT_MAX_ATTEMPTS = 5;
/** The wait before the next try, after the n-th failed one. */
const RETRY_SECONDS = [60, 300, 900, 3600];
/** An alert not sent within this long of its notification is not sent at all (news of yesterday). */
export const ALERT_EXPIRY_HOURS = 24;
const KEEP_SECONDS = NOTIFICATION_KEEP_DAYS * 86_400;

export interface AlertDeps {
  mailer: Mailer;
  sms: SmsSender;
  /** The site origin, no trailing slash: the links in the messages. */
  appOrigin: string;
  /** The unsubscribe links' secret (alert-token.ts), asked for only when something is sent. */
  secret: () => Promise<string>;
  now?: () => Date;
}

type Key = Pick<AlertDelivery, 'agentId' | 'noteAt' | 'sourceId' | 'channel'>;
const keyOf = (d: AlertDelivery): Key => ({ agentId: d.agentId, noteAt: d.noteAt, sourceId: d.sourceId, channel: d.channel });
const isoPlus = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000).toISOString();

/** The channels an alert of this kind goes to: on, telling this kind, and for SMS a verified number. */
export function channelsFor(settings: AlertSettings, kind: NotificationKind): AlertChannel[] {
  const channels: AlertChannel[] = [];
  if (settings.emailEnabled && (settings.emailEvents as readonly NotificationKind[]).includes(kind)) channels.push('email');
  if (settings.smsEnabled && settings.smsVerified && settings.smsNumber && settings.smsEvents.includes(kind)) channels.push('sms');
  return channels;
}

export const quietHoursOf = (settings: AlertSettings): QuietHours | undefined =>
  settings.quietStart && settings.quietEnd ? { start: settings.quietStart, end: settings.quietEnd } : undefined;

/** Now, for these settings in this zone: send, hold until a time, or drop. */
export function timingOf(settings: AlertSettings, zone: string, now: Date): { action: 'send' } | { action: 'queue'; until: Date } | { action: 'drop' } {
  const quiet = quietHoursOf(settings);
  if (!quiet || !inQuietHours(quiet, now, zone)) return { action: 'send' };
  return settings.quietMode === 'drop' ? { action: 'drop' } : { action: 'queue', until: quietHoursEnd(quiet, now, zone) };
}

/** Creates the item unless the (notification, channel) already has one; true when this call made it. */
async function claim(item: AlertDelivery): Promise<boolean> {
  try {
    await AlertDelivery.create(item);
    return true;
  } catch (err) {
    if (err instanceof ConditionFailed) return false;
    throw err;
  }
}

/** The alerts of one new notification (the view's work). */
export async function deliverNotification(note: Notification, deps: AlertDeps): Promise<AlertDeliveryState[]> {
  const settings = await AlertSettings.get({ agentId: note.agentId });
  if (!settings) return [];
  const channels = channelsFor(settings, note.kind);
  if (channels.length === 0) return [];
  const profile = await AgentProfile.get({ agentId: note.agentId });
  if (!profile) return [];
  const now = deps.now?.() ?? new Date();
  const timing = timingOf(settings, accountZone(profile.timeZone), now);
  const ttl = Math.floor(Date.parse(note.at) / 1000) + KEEP_SECONDS;
  return Promise.all(
    channels.map(async (channel): Promise<AlertDeliveryState> => {
      const base = { agentId: note.agentId, noteAt: note.at, sourceId: note.sourceId, channel, kind: note.kind, createdAt: now.toISOString(), ttl };
      if (timing.action === 'drop') {
        await claim({ ...base, state: 'dropped', reason: 'quietHours', attempts: 0 });
        return 'dropped';
      }
      if (timing.action === 'queue') {
        await claim({ ...base, state: 'queued', dueAt: timing.until.toISOString(), attempts: 0 });
        return 'queued';
      }
      const claimed: AlertDelivery = { ...base, state: 'sending', dueAt: isoPlus(now, ALERT_CLAIM_SECONDS), attempts: 1 };
      if (!(await claim(claimed))) return 'skipped'; // this notification's alert is someone else's already
      return sendClaimed(claimed, { note, settings, email: profile.email }, deps, now);
    }),
  );
}

interface SendContext {
  note: Notification;
  settings: AlertSettings;
  email: string;
}

/** Sends a claimed alert and marks it sent; a failure is queued again (or given up), never thrown. */
async function sendClaimed(claimed: AlertDelivery, ctx: SendContext, deps: AlertDeps, now: Date): Promise<AlertDeliveryState> {
  const { note, settings } = ctx;
  try {
    const lead = note.kind === 'LeadSold' && note.leadId ? await Lead.get({ leadId: note.leadId }) : undefined;
    const contact = lead ? { phone: lead.primaryPhone } : undefined;
    const links = { origin: deps.appOrigin, token: unsubscribeToken(await deps.secret(), note.agentId, claimed.channel) };
    const dto = toNotificationDto(note);
    if (claimed.channel === 'email') {
      const mail = alertEmail(dto, contact, links);
      await deps.mailer.send({ to: ctx.email, subject: mail.subject, text: mail.text, headers: mail.headers });
    } else {
      await deps.sms.send({ to: settings.smsNumber!, text: alertSms(dto, contact, links) });
    }
  } catch (err) {
    return retryLater(claimed, now, err);
  }
  await finish(claimed, 'sent', { sentAt: (deps.now?.() ?? new Date()).toISOString() });
  // Ids only: the address, the number and the lead stay out of the logs.
  logger.info('Alert sent', { agentId: note.agentId, kind: note.kind, channel: claimed.channel, attempt: claimed.attempts });
  emit({ Channel: claimed.channel }, { alertSent: 1 });
  return 'sent';
}

/** The claim's end: a state outside the due index, conditioned on the claim still being this one. */
async function finish(claimed: AlertDelivery, state: Exclude<AlertDeliveryState, 'queued' | 'sending'>, extra: { sentAt?: string; reason?: string } = {}): Promise<void> {
  try {
    await AlertDelivery.patch(
      keyOf(claimed),
      { set: { state, ...extra }, remove: ['dueAt'] },
      { current: claimed, condition: { expression: '#state = :sending AND dueAt = :due', names: { '#state': 'state' }, values: { ':sending': 'sending', ':due': claimed.dueAt } } },
    );
  } catch (err) {
    // The job took the claim over (this sender was slower than ALERT_CLAIM_SECONDS): it has the alert now.
    if (!(err instanceof ConditionFailed)) throw err;
  }
}

/** A failed send: due again after a back-off, or given up after the last attempt. */
async function retryLater(claimed: AlertDelivery, now: Date, err: unknown): Promise<AlertDeliveryState> {
  const error = err instanceof Error ? err.name : 'unknown';
  const last = claimed.attempts >= ALERT_MAX_ATTEMPTS;
  logger.warn(last ? 'Alert not sent; given up' : 'Alert not sent; tried again later', { agentId: claimed.agentId, kind: claimed.kind, channel: claimed.channel, attempt: claimed.attempts, error });
  emit({ Channel: claimed.channel }, { alertFailures: 1 });
  if (last) {
    await finish(claimed, 'failed', { reason: error });
    return 'failed';
  }
  await requeue(claimed, new Date(now.getTime() + RETRY_SECONDS[Math.min(claimed.attempts, RETRY_SECONDS.length) - 1]! * 1000), error);
  return 'queued';
}

/** Back in the queue until `until`; `attempts` puts back a count the claim took for a send that was not tried. */
async function requeue(claimed: AlertDelivery, until: Date, reason?: string, attempts?: number): Promise<void> {
  try {
    await AlertDelivery.patch(
      keyOf(claimed),
      { set: { state: 'queued', dueAt: until.toISOString(), ...(reason ? { reason } : {}), ...(attempts !== undefined ? { attempts } : {}) } },
      { current: claimed, condition: { expression: '#state = :sending AND dueAt = :due', names: { '#state': 'state' }, values: { ':sending': 'sending', ':due': claimed.dueAt } } },
    );
  } catch (err) {
    if (!(err instanceof ConditionFailed)) throw err;
  }
}

export interface DueSummary {
  sent: number;
  /** Held again (quiet hours moved) or queued for a retry. */
  held: number;
  dropped: number;
  /** Not sent: the channel is off now, the notification is gone, or it waited past ALERT_EXPIRY_HOURS. */
  skipped: number;
  failed: number;
  /** Alerts this run could not handle (left due; the next run tries again). */
  errors: number;
}

/** The job's work: every due alert of every shard, oldest first, until none is left or the deadline passes. */
export async function sendDueAlerts(deps: AlertDeps, opts: { deadline: number; pageSize?: number }): Promise<DueSummary> {
  const summary: DueSummary = { sent: 0, held: 0, dropped: 0, skipped: 0, failed: 0, errors: 0 };
  const nowIso = (deps.now?.() ?? new Date()).toISOString();
  for (let shard = 0; shard < ALERT_DUE_SHARDS; shard++) {
    let cursor: string | undefined;
    do {
      const page = await AlertDelivery.query.due(shard, nowIso).page({ limit: opts.pageSize ?? 50, cursor });
      for (const listed of page.items) {
        if (Date.now() >= opts.deadline) return summary;
        try {
          const state = await sendDue(listed, deps);
          if (state === 'sent') summary.sent += 1;
          else if (state === 'queued') summary.held += 1;
          else if (state === 'dropped') summary.dropped += 1;
          else if (state === 'skipped') summary.skipped += 1;
          else if (state === 'failed') summary.failed += 1;
        } catch (err) {
          summary.errors += 1;
          logger.error('Due alert not handled', { agentId: listed.agentId, channel: listed.channel, error: err instanceof Error ? err.name : 'unknown' });
        }
      }
      cursor = page.cursor;
    } while (cursor && Date.now() < opts.deadline);
  }
  return summary;
}

/** One due alert: claimed (from queued, or from a stale claim), checked against today's settings, sent. */
export async function sendDue(listed: AlertDelivery, deps: AlertDeps): Promise<AlertDeliveryState | undefined> {
  const now = deps.now?.() ?? new Date();
  // The index is read eventually consistently: the item itself says whether it is still due.
  const current = await AlertDelivery.get(keyOf(listed), { consistent: true });
  if (!current || (current.state !== 'queued' && current.state !== 'sending') || !current.dueAt || current.dueAt > now.toISOString()) return undefined;
  const claimed: AlertDelivery = { ...current, state: 'sending', dueAt: isoPlus(now, ALERT_CLAIM_SECONDS), attempts: current.attempts + 1 };
  try {
    await AlertDelivery.patch(
      keyOf(current),
      { set: { state: 'sending', dueAt: claimed.dueAt, attempts: claimed.attempts } },
      { current, condition: { expression: '#state = :state AND dueAt = :due', names: { '#state': 'state' }, values: { ':state': current.state, ':due': current.dueAt } } },
    );
  } catch (err) {
    if (err instanceof ConditionFailed) return undefined; // another run has it
    throw err;
  }
  if (now.getTime() - Date.parse(current.noteAt) > ALERT_EXPIRY_HOURS * 3_600_000) {
    await finish(claimed, 'skipped', { reason: 'expired' });
    return 'skipped';
  }
  const read = await getMany(
    {
      settings: AlertSettings.ref({ agentId: current.agentId }),
      profile: AgentProfile.ref({ agentId: current.agentId }),
      note: Notification.ref({ agentId: current.agentId, at: current.noteAt, sourceId: current.sourceId }),
    },
    { consistent: true },
  );
  if (!read.settings || !read.profile || !read.note) {
    await finish(claimed, 'skipped', { reason: 'gone' });
    return 'skipped';
  }
  if (!channelsFor(read.settings, current.kind).includes(current.channel)) {
    await finish(claimed, 'skipped', { reason: 'channelOff' });
    return 'skipped';
  }
  const timing = timingOf(read.settings, accountZone(read.profile.timeZone), now);
  if (timing.action === 'drop') {
    await finish(claimed, 'dropped', { reason: 'quietHours' });
    return 'dropped';
  }
  if (timing.action === 'queue') {
    await requeue(claimed, timing.until, undefined, current.attempts);
    return 'queued';
  }
  return sendClaimed(claimed, { note: read.note, settings: read.settings, email: read.profile.email }, deps, now);
}
