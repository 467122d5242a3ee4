// The low-balance alert and auto-recharge (issue 12 Insights): the agent's settings, kept where the
// ledger sees them (thresholds on the balance item, under its version), and the handling of the
// crossings the projector writes from the balance's changes (functions/core/views/
// balance-crossings-view.ts): one e-mail per crossing, and one
// card top-up of the saved card per crossing, within a daily cap. Every step leaves its mark on the
// crossing (or the attempt) before or with its effect, so a retried job neither mails nor charges
// twice; money moves only through the card-payment credit (one transaction, keyed by the provider's
// transaction id), so the ledger still sums to the balance.
import { randomBytes } from 'node:crypto';
import { AgentProfile } from '#entities/agent-profile.ts';
import { AutoRecharge, RechargeAttempt, RechargeDay } from '#entities/auto-recharge.ts';
import { Balance } from '#entities/balance.ts';
import { BalanceCrossing } from '#entities/balance-crossing.ts';
import { CardOrder } from '#entities/card-order.ts';
import { ConditionFailed, sleep, transactWrite, TransactionConflict, type TxItem } from '#platform/db.ts';
import { getMany } from '#platform/entity.ts';
import { Conflict, NotFound, ValidationFailed } from '#platform/errors.ts';
import { reportDay } from '#platform/report-day.ts';
import { logger } from '#platform/logger.ts';
import type { Mailer } from '#platform/mailer.ts';
import { AUTO_RECHARGE_DAILY_CAP, BALANCE_ALERT_MESSAGES } from '#shared/api/balance-alerts.ts';
import { CARD_RETURN_PATH } from '#shared/card.ts';
import { formatUsd } from '#shared/money.ts';
import { ACCOUNT_NOT_FOUND } from './ledger.ts';
import { creditCardPayment, creditNotifiedPayment, putCardOrder, ACCOUNT_INACTIVE, PAYMENT_NOT_FOUND, PAYMENT_NOT_THIS_ACCOUNT } from './payments/card-payments.ts';
import type { PaymentSettings } from './payments/config.ts';
import { cardOrderId, cardSessionId, parseCardSessionId } from './payments/session-id.ts';

/** A claimed e-mail not marked sent after this long is taken to have failed, and is sent again. */
const MAIL_CLAIM_SECONDS = 300;
const ATTEMPT_KEEP_DAYS = 90;
/** The portal user recorded on the card orders auto-recharge opens. */
export const AUTO_RECHARGE_USER = 'auto-recharge';

export interface BalanceAlertSettings {
  agentId: string;
  balanceCents: number;
  lowBalanceAlertCents?: number;
  autoRecharge?: AutoRecharge;
}

export async function readBalanceAlerts(agentId: string): Promise<BalanceAlertSettings> {
  const read = await getMany({ balance: Balance.ref({ agentId }), recharge: AutoRecharge.ref({ agentId }) }, { consistent: true });
  if (!read.balance) throw new NotFound(ACCOUNT_NOT_FOUND);
  return {
    agentId,
    balanceCents: read.balance.balanceCents,
    ...(read.balance.lowBalanceAlertCents === undefined ? {} : { lowBalanceAlertCents: read.balance.lowBalanceAlertCents }),
    ...(read.recharge ? { autoRecharge: read.recharge } : {}),
  };
}

export interface BalanceAlertChange {
  agentId: string;
  userId: string;
  lowBalanceAlertCents: number | null;
  autoRecharge: { enabled: boolean; belowCents: number; amountCents: number } | null;
}

/**
 * Set both parts in one transaction: the thresholds on the balance item (with a version bump, so a
 * ledger write that read the old ones retries) and the auto-recharge item, keeping its saved card.
 * Turning auto-recharge on while the balance is already below its threshold starts a recharge a
 * moment later (the projector's crossing of the balance's change, functions/core/views/
 * balance-crossings-view.ts); setting an alert above the balance mails nothing (no balance
 * change crossed it), but the banner shows.
 */
export async function setBalanceAlerts(change: BalanceAlertChange): Promise<BalanceAlertSettings> {
  for (let attempt = 1; ; attempt++) {
    const read = await getMany({ balance: Balance.ref({ agentId: change.agentId }), recharge: AutoRecharge.ref({ agentId: change.agentId }) }, { consistent: true });
    const balance = read.balance;
    if (!balance) throw new NotFound(ACCOUNT_NOT_FOUND);
    const current = read.recharge;
    const at = new Date().toISOString();
    const wanted = change.autoRecharge;
    if (wanted?.enabled && !current?.cardToken) throw new ValidationFailed(BALANCE_ALERT_MESSAGES.cardRequired);
    const rechargeOn = wanted?.enabled === true;
    const items: TxItem[] = [
      Balance.patchTx(
        { agentId: change.agentId },
        {
          set: {
            version: balance.version + 1,
            ...(change.lowBalanceAlertCents === null ? {} : { lowBalanceAlertCents: change.lowBalanceAlertCents }),
            ...(rechargeOn ? { autoRechargeBelowCents: wanted.belowCents } : {}),
          },
          remove: [...(change.lowBalanceAlertCents === null ? (['lowBalanceAlertCents'] as const) : []), ...(rechargeOn ? [] : (['autoRechargeBelowCents'] as const))],
        },
        { condition: { expression: 'version = :expected', values: { ':expected': balance.version } }, orFail: () => new StaleSettings() },
      ),
    ];
    if (wanted) {
      const next: AutoRecharge = {
        agentId: change.agentId,
        enabled: wanted.enabled,
        belowCents: wanted.belowCents,
        amountCents: wanted.amountCents,
        ...(current?.cardToken ? { cardToken: current.cardToken } : {}),
        ...(current?.cardLast4 ? { cardLast4: current.cardLast4 } : {}),
        // The note that the card was declined stays until the agent turns it on again.
        ...(!wanted.enabled && current?.disabledReason ? { disabledReason: current.disabledReason } : {}),
        updatedAt: at,
        updatedBy: change.userId,
      };
      items.push(AutoRecharge.putTx(next));
    } else if (current) {
      // Off altogether: the saved card is forgotten too.
      items.push(AutoRecharge.deleteTx({ agentId: change.agentId }));
    }
    try {
      await transactWrite(items);
      return readBalanceAlerts(change.agentId);
    } catch (err) {
      if (!(err instanceof StaleSettings || err instanceof TransactionConflict) || attempt >= 10) throw err;
      await sleep(Math.random() * 20 * attempt);
    }
  }
}

class StaleSettings extends Conflict {
  constructor() {
    super('The balance changed while the settings were saved; please retry.');
  }
}

// ---------------------------------------------------------------------------------------------
// Saving a card: a card top-up on the provider's form with "save the card", then its token kept.

export interface RechargeCardForm {
  url: string;
  orderId: string;
  amountCents: number;
}

/** The pre-check of a top-up that also saves the card: the same issued order as Add Lead Money's. */
export async function openRechargeCardForm(settings: PaymentSettings, input: { agentId: string; userId: string; amountCents: number }): Promise<RechargeCardForm> {
  const profile = await AgentProfile.get({ agentId: input.agentId });
  if (!profile) throw new NotFound(ACCOUNT_NOT_FOUND);
  if (profile.status !== 1) throw new ValidationFailed(ACCOUNT_INACTIVE);
  await settings.provider.checkAvailable();
  const { orderId, sessionId } = await putCardOrder(settings, { agentId: input.agentId, amountCents: input.amountCents, userId: input.userId, at: new Date() });
  const url = settings.provider.hostedFormUrl({ amountCents: input.amountCents, orderId, sessionId, returnUrl: `${settings.appOrigin}${CARD_RETURN_PATH}`, saveCard: true });
  return { url, orderId, amountCents: input.amountCents };
}

/**
 * After the form: credit the top-up through the card-payment path (once per transaction id), then
 * keep the token the provider reports for that transaction, checked to be this agent's payment.
 */
export async function saveRechargeCard(settings: PaymentSettings, input: { agentId: string; userId: string; transactionId: string }): Promise<BalanceAlertSettings> {
  const transaction = await settings.provider.findTransaction(input.transactionId);
  if (!transaction) throw new ValidationFailed(PAYMENT_NOT_FOUND);
  if (parseCardSessionId(transaction.sessionId)?.agentId !== input.agentId) throw new ValidationFailed(PAYMENT_NOT_THIS_ACCOUNT);
  await creditCardPayment(settings, { agentId: input.agentId, transactionId: input.transactionId, claimedCents: transaction.amountCents });
  if (!transaction.cardToken) throw new ValidationFailed(BALANCE_ALERT_MESSAGES.cardNotSaved);
  const at = new Date().toISOString();
  const current = await AutoRecharge.get({ agentId: input.agentId }, { consistent: true });
  await AutoRecharge.put({
    agentId: input.agentId,
    // A new card does not turn auto-recharge on by itself; the agent does, in the same form.
    enabled: false,
    belowCents: current?.belowCents ?? 5_000,
    amountCents: current?.amountCents ?? 5_000,
    cardToken: transaction.cardToken,
    ...(transaction.cardLast4 ? { cardLast4: transaction.cardLast4 } : {}),
    updatedAt: at,
    updatedBy: input.userId,
  });
  if (current?.enabled) await switchOffWatch(input.agentId);
  return readBalanceAlerts(input.agentId);
}

/** Stop watching the auto-recharge threshold (the balance item's copy), under its version. */
async function switchOffWatch(agentId: string, extra: TxItem[] = []): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const balance = await Balance.get({ agentId }, { consistent: true });
    if (!balance) throw new NotFound(ACCOUNT_NOT_FOUND);
    try {
      await transactWrite([
        Balance.patchTx(
          { agentId },
          { set: { version: balance.version + 1 }, remove: ['autoRechargeBelowCents'] },
          { condition: { expression: 'version = :expected', values: { ':expected': balance.version } }, orFail: () => new StaleSettings() },
        ),
        ...extra,
      ]);
      return;
    } catch (err) {
      if (!(err instanceof StaleSettings || err instanceof TransactionConflict) || attempt >= 10) throw err;
      await sleep(Math.random() * 20 * attempt);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The job's side: handling pending crossings.

export interface CrossingDeps {
  mailer: Mailer;
  /** The card provider; undefined where none is configured (a recharge then waits for a later run). */
  payments: () => PaymentSettings;
  appOrigin: string;
  now?: () => Date;
}

export interface CrossingSummary {
  handled: number;
  mailed: number;
  recharged: number;
  declined: number;
  capped: number;
  failed: number;
}

/** Handle the pending crossings, oldest first, until none is left or the deadline passes. */
export async function handlePendingCrossings(deps: CrossingDeps, opts: { deadline: number; pageSize?: number }): Promise<CrossingSummary> {
  const summary: CrossingSummary = { handled: 0, mailed: 0, recharged: 0, declined: 0, capped: 0, failed: 0 };
  // Oldest first through the index; a crossing that fails stays pending behind the cursor, so the
  // ones after it are still reached in this run, and the next run tries it again.
  let cursor: string | undefined;
  do {
    const page = await BalanceCrossing.query.pending().page({ limit: opts.pageSize ?? 50, cursor });
    for (const crossing of page.items) {
      if (Date.now() >= opts.deadline) break;
      try {
        const outcome = await handleCrossing(crossing, deps);
        summary.handled += 1;
        if (outcome.mailed) summary.mailed += 1;
        if (outcome.recharge === 'credited') summary.recharged += 1;
        if (outcome.recharge === 'declined') summary.declined += 1;
        if (outcome.recharge === 'capped') summary.capped += 1;
      } catch (err) {
        // Left pending: the next run takes it again, and its marks keep the retry from repeating a step.
        summary.failed += 1;
        logger.error('Balance crossing not handled', { agentId: crossing.agentId, entryId: crossing.entryId, error: err instanceof Error ? err.message : String(err) });
      }
    }
    cursor = page.cursor;
  } while (cursor && Date.now() < opts.deadline);
  return summary;
}

/** One crossing: the recharge, then the alert e-mail, then done (out of the pending index). */
export async function handleCrossing(listed: BalanceCrossing, deps: CrossingDeps): Promise<{ mailed: boolean; recharge?: BalanceCrossing['recharge'] }> {
  // The index is read eventually consistently: the item itself decides what is left to do.
  const crossing = await BalanceCrossing.get({ agentId: listed.agentId, entryId: listed.entryId }, { consistent: true });
  if (!crossing || crossing.state === 'done') return { mailed: false };
  const id = { agentId: crossing.agentId, entryId: crossing.entryId };
  const now = deps.now?.() ?? new Date();
  // The recharge first: when it brings the balance back, the alert's news is stale and it is skipped.
  let recharge = crossing.recharge;
  if (crossing.rechargeBelowCents !== undefined && !recharge) {
    recharge = await runRecharge(crossing, deps, now);
    await BalanceCrossing.patch(id, { set: { recharge } });
  }
  let mailed = false;
  if (crossing.alertCents !== undefined && crossing.mail !== 'sent' && crossing.mail !== 'skipped') {
    const claimed = await claimMail(crossing, now);
    if (!claimed) return { mailed: false, ...(recharge ? { recharge } : {}) }; // another run is sending it right now
    const result = await sendAlertMail(crossing, deps);
    await BalanceCrossing.patch(id, { set: { mail: result } });
    mailed = result === 'sent';
  }
  await BalanceCrossing.patch(id, { set: { state: 'done' } }, { current: crossing });
  return { mailed, ...(recharge ? { recharge } : {}) };
}

/** Claim the e-mail (or take over a claim that has gone stale): only the claimant sends it. */
async function claimMail(crossing: BalanceCrossing, now: Date): Promise<boolean> {
  const staleBefore = new Date(now.getTime() - MAIL_CLAIM_SECONDS * 1000).toISOString();
  try {
    await BalanceCrossing.patch(
      { agentId: crossing.agentId, entryId: crossing.entryId },
      { set: { mail: 'claimed', mailClaimedAt: now.toISOString() } },
      {
        condition: {
          expression: 'attribute_not_exists(#mail) OR (#mail = :claimed AND mailClaimedAt < :stale)',
          names: { '#mail': 'mail' },
          values: { ':claimed': 'claimed', ':stale': staleBefore },
        },
      },
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionFailed) return false;
    throw err;
  }
}

async function sendAlertMail(crossing: BalanceCrossing, deps: CrossingDeps): Promise<'sent' | 'skipped'> {
  const read = await getMany({ profile: AgentProfile.ref({ agentId: crossing.agentId }), balance: Balance.ref({ agentId: crossing.agentId }) }, { consistent: true });
  const threshold = crossing.alertCents!;
  // Back at/above the threshold (or the alert turned off or changed) before the mail went: the news is stale.
  if (!read.profile || !read.balance || read.balance.lowBalanceAlertCents !== threshold || read.balance.balanceCents >= threshold) {
    logger.info('Low-balance alert skipped', { agentId: crossing.agentId, entryId: crossing.entryId });
    return 'skipped';
  }
  await deps.mailer.send({
    to: read.profile.email,
    subject: 'Your lead balance is low',
    text: [
      `Your lead balance is ${formatUsd(read.balance.balanceCents)}, below the alert threshold of ${formatUsd(threshold)} you set.`,
      '',
      `Add lead money: ${deps.appOrigin}/addFundsCC`,
      `Change or turn off this alert in Settings: ${deps.appOrigin}/settings`,
    ].join('\n'),
  });
  // Ids only: the address and the name stay out of the logs.
  logger.info('Low-balance alert sent', { agentId: crossing.agentId, entryId: crossing.entryId });
  return 'sent';
}

/**
 * One recharge per crossing. The attempt item (named by the crossing) is created with the day's
 * count, under the cap, and the card order, in one transaction; the provider charge carries the
 * attempt's order id, its idempotency key, so a retry after any failure charges at most once; the
 * credit is the card-payment credit (keyed by the provider's transaction id), the same one the
 * provider's notification of that charge would make.
 */
async function runRecharge(crossing: BalanceCrossing, deps: CrossingDeps, now: Date): Promise<NonNullable<BalanceCrossing['recharge']>> {
  const agentId = crossing.agentId;
  let attempt = await RechargeAttempt.get({ agentId, attemptId: crossing.entryId }, { consistent: true });
  const read = await getMany(
    { settings: AutoRecharge.ref({ agentId }), balance: Balance.ref({ agentId }), profile: AgentProfile.ref({ agentId }) },
    { consistent: true },
  );
  const settings = read.settings;
  if (!attempt) {
    if (!settings?.enabled || !settings.cardToken || !read.balance || !read.profile || read.profile.status !== 1) return 'skipped';
    if (read.balance.balanceCents >= settings.belowCents) return 'skipped';
    const payments = deps.payments();
    const day = reportDay(now.toISOString());
    const ttl = Math.floor(now.getTime() / 1000) + ATTEMPT_KEEP_DAYS * 86_400;
    const orderId = cardOrderId(now, randomBytes(4).toString('hex'));
    const sessionId = cardSessionId({ env: payments.sessionEnv, agentId, at: now });
    const created: RechargeAttempt = {
      agentId,
      attemptId: crossing.entryId,
      orderId,
      sessionId,
      amountCents: settings.amountCents,
      day,
      state: 'charging',
      createdAt: now.toISOString(),
      ttl,
    };
    try {
      await transactWrite([
        RechargeAttempt.createTx(created, { orFail: () => new AttemptExists() }),
        RechargeDay.patchTx(
          { agentId, day },
          { add: { count: 1 }, setIfMissing: { ttl } },
          {
            upsert: true,
            condition: { expression: 'attribute_not_exists(#count) OR #count < :cap', names: { '#count': 'count' }, values: { ':cap': AUTO_RECHARGE_DAILY_CAP } },
            orFail: () => new DailyCapReached(),
          },
        ),
        CardOrder.putTx({ orderId, sessionId, agentId, amountCents: settings.amountCents, userId: AUTO_RECHARGE_USER, createdAt: now.toISOString(), ttl }),
      ]);
      attempt = created;
    } catch (err) {
      if (err instanceof DailyCapReached) {
        logger.warn('Auto-recharge daily cap reached', { agentId, entryId: crossing.entryId, cap: AUTO_RECHARGE_DAILY_CAP });
        return 'capped';
      }
      if (!(err instanceof AttemptExists)) throw err;
      attempt = await RechargeAttempt.get({ agentId, attemptId: crossing.entryId }, { consistent: true });
      if (!attempt) throw err;
    }
  }
  if (attempt.state === 'credited') return 'credited';
  if (attempt.state === 'declined') return 'declined';
  // Charging: first time, or again after a failure (the provider answers the same order id with the first charge).
  const token = settings?.cardToken;
  if (!token) return 'skipped';
  const payments = deps.payments();
  const transaction = await payments.provider.chargeStoredCard({ cardToken: token, amountCents: attempt.amountCents, orderId: attempt.orderId, sessionId: attempt.sessionId });
  if (transaction.status === 'approved') {
    await creditNotifiedPayment(payments, transaction);
    await RechargeAttempt.patch({ agentId, attemptId: attempt.attemptId }, { set: { state: 'credited', transactionId: transaction.transactionId } });
    logger.info('Auto-recharge credited', { agentId, entryId: crossing.entryId, transactionId: transaction.transactionId, amountCents: transaction.amountCents });
    return 'credited';
  }
  await declineRecharge(attempt, transaction.transactionId, deps);
  return 'declined';
}

/**
 * A declined saved card: auto-recharge goes off (with the card forgotten) and the attempt is marked
 * declined in one transaction, conditioned on the attempt still charging; whoever wins it mails.
 */
async function declineRecharge(attempt: RechargeAttempt, transactionId: string, deps: CrossingDeps): Promise<void> {
  const { agentId } = attempt;
  const settings = await AutoRecharge.get({ agentId }, { consistent: true });
  try {
    await switchOffWatch(agentId, [
      RechargeAttempt.patchTx(
        { agentId, attemptId: attempt.attemptId },
        { set: { state: 'declined', transactionId } },
        { condition: { expression: '#state = :charging', names: { '#state': 'state' }, values: { ':charging': 'charging' } }, orFail: () => new AttemptExists() },
      ),
      ...(settings
        ? [AutoRecharge.patchTx({ agentId }, { set: { enabled: false, disabledReason: 'declined' as const, updatedAt: new Date().toISOString() }, remove: ['cardToken', 'cardLast4'] })]
        : []),
    ]);
  } catch (err) {
    if (err instanceof AttemptExists) return; // another run recorded the decline and mailed
    throw err;
  }
  logger.warn('Auto-recharge declined; turned off', { agentId, attemptId: attempt.attemptId, transactionId });
  const profile = await AgentProfile.get({ agentId });
  if (!profile) return;
  await deps.mailer.send({
    to: profile.email,
    subject: 'Auto-recharge is off: your card was declined',
    text: [
      `Your saved card was declined for an auto-recharge of ${formatUsd(attempt.amountCents)}, so auto-recharge has been turned off and the card removed.`,
      '',
      `Add lead money: ${deps.appOrigin}/addFundsCC`,
      `Save a card and turn auto-recharge on again in Settings: ${deps.appOrigin}/settings`,
    ].join('\n'),
  });
}

class AttemptExists extends Conflict {
  constructor() {
    super('This recharge attempt exists already.');
  }
}
class DailyCapReached extends Conflict {
  constructor() {
    super('The daily auto-recharge cap is reached.');
  }
}
