// Crediting card payments: the pre-check that opens a hosted-form payment, and the one path through
// which a provider transaction becomes money, whether the browser's creditDebit or the provider's
// notification arrives first. Money moves only for a transaction the provider itself confirms whose
// order the pre-check issued, with that order's session id, agent and amount (within the card limits),
// into an active account, once per transaction id. The hosted form's URL is in the payer's hands, so
// nothing in it (amount, session id, order id) is trusted unless it matches the issued order.
import { randomBytes } from 'node:crypto';
import { NotFound, ValidationFailed } from '#platform/errors.ts';
import { CardOrder } from '#entities/card-order.ts';
import { logger } from '#platform/logger.ts';
import { CARD_FAILURE_TITLE, CARD_MAX_CENTS, CARD_MIN_CENTS, CARD_PAYMENT_TYPE, CARD_RETURN_PATH, cardFailureMessages } from '#shared/card.ts';
import { centsToDollars } from '#shared/money.ts';
import { loadAccount } from '../accounts.ts';
import { ACCOUNT_NOT_FOUND, postEntry } from '../ledger.ts';
import type { PaymentSettings } from './config.ts';
import type { ProviderTransaction } from './provider.ts';
import { cardOrderId, cardSessionId, parseCardSessionId } from './session-id.ts';

export const ACCOUNT_INACTIVE = 'This account is inactive and cannot be funded.';
export const PAYMENT_NOT_FOUND = 'The card payment could not be found with the card provider.';
export const PAYMENT_NOT_THIS_ACCOUNT = 'This card payment was not made for this account.';

/** A provider may report a payment days after the form was opened; support can look orders up for this long. */
const ORDER_KEEP_DAYS = 30;

/** What the pre-check issued: the only orders a credit is accepted for. */

/** The ledger's idempotency key of a card payment: one transaction id, at most one credit. */
export const cardPaymentKey = (transactionId: string) => `card-payment:${transactionId}`;

/** The hosted form the browser frames, for one payment. */
export interface HostedForm {
  url: string;
  orderId: string;
  sessionId: string;
  amount: number;
}

/** The credit record of spec part 1 §3 as written, with the balance right after it. */
export interface CardCredit {
  agentId: string;
  type: typeof CARD_PAYMENT_TYPE;
  amount: number;
  referenceId: string;
  description: string;
  balanceAfter: number;
}

/**
 * The card order a hosted form is opened for: its order id and session id, stored with who asked and
 * the amount, so the credit that comes back is matched to state the server issued.
 */
export async function putCardOrder(
  settings: PaymentSettings,
  input: { agentId: string; amountCents: number; userId: string; at: Date },
): Promise<{ orderId: string; sessionId: string }> {
  const { at } = input;
  const orderId = cardOrderId(at, randomBytes(4).toString('hex'));
  const sessionId = cardSessionId({ env: settings.sessionEnv, agentId: input.agentId, at });
  await CardOrder.put({
    orderId,
    sessionId,
    agentId: input.agentId,
    amountCents: input.amountCents,
    userId: input.userId,
    createdAt: at.toISOString(),
    ttl: Math.floor(at.getTime() / 1000) + ORDER_KEEP_DAYS * 86_400,
  });
  return { orderId, sessionId };
}

/** The pre-check: the agent may be funded and the provider answers; credits nothing. */
export async function prepareCardPayment(
  settings: PaymentSettings,
  input: { agentId: string; amountCents: number; userId: string; now?: Date },
): Promise<HostedForm> {
  const account = await loadAccount(input.agentId);
  if (!account) throw new NotFound(ACCOUNT_NOT_FOUND);
  if (account.profile.status !== 1) throw new ValidationFailed(ACCOUNT_INACTIVE);
  await settings.provider.checkAvailable();
  const { orderId, sessionId } = await putCardOrder(settings, { ...input, at: input.now ?? new Date() });
  const url = settings.provider.hostedFormUrl({
    amountCents: input.amountCents,
    orderId,
    sessionId,
    returnUrl: `${settings.appOrigin}${CARD_RETURN_PATH}`,
  });
  return { url, orderId, sessionId, amount: centsToDollars(input.amountCents) };
}

/** The browser's creditDebit: look the transaction up with the provider, then credit what it confirms. */
export async function creditCardPayment(
  settings: PaymentSettings,
  input: { agentId: string; transactionId: string; claimedCents: number },
): Promise<CardCredit> {
  const transaction = await settings.provider.findTransaction(input.transactionId);
  if (!transaction) {
    logger.warn('Card payment not known to the provider', { agentId: input.agentId, transactionId: input.transactionId });
    throw new ValidationFailed(PAYMENT_NOT_FOUND);
  }
  const order = await issuedOrderOf(settings, transaction);
  if (order.agentId !== input.agentId) {
    refuse('Card payment claimed for another account', transaction, { claimedBy: input.agentId, owner: order.agentId });
  }
  if (transaction.status !== 'approved') throw new ValidationFailed([CARD_FAILURE_TITLE, ...cardFailureMessages(transaction.failureCodes.join('|'))]);
  if (input.claimedCents !== transaction.amountCents)
    logger.warn('Card payment amount claimed by the browser differs from the confirmed amount; crediting the confirmed amount', {
      agentId: order.agentId,
      transactionId: transaction.transactionId,
      claimedCents: input.claimedCents,
      confirmedCents: transaction.amountCents,
    });
  return credit(order, transaction);
}

/** The provider's notification (already verified): credit an approved payment, acknowledge a declined one. */
export async function creditNotifiedPayment(settings: PaymentSettings, transaction: ProviderTransaction): Promise<CardCredit | undefined> {
  if (transaction.status !== 'approved') {
    logger.info('Card payment declined', { transactionId: transaction.transactionId, orderId: transaction.orderId, codes: transaction.failureCodes.join('|') });
    return undefined;
  }
  return credit(await issuedOrderOf(settings, transaction), transaction);
}

/**
 * The order the pre-check issued for this transaction, when the transaction matches it in every part
 * the payer could have edited on the way: session id (so the agent), and an amount within the card
 * limits equal to the issued one. Anything else is refused and logged, and moves no money.
 */
async function issuedOrderOf(settings: PaymentSettings, transaction: ProviderTransaction): Promise<CardOrder> {
  const session = parseCardSessionId(transaction.sessionId);
  if (!session || session.env !== settings.sessionEnv) refuse('Card payment with a foreign session id', transaction);
  const order = await CardOrder.get({ orderId: transaction.orderId }, { consistent: true });
  if (!order) refuse('Card payment for an order the portal did not issue', transaction);
  if (order.sessionId !== transaction.sessionId || order.agentId !== session.agentId)
    refuse('Card payment whose session id differs from its order', transaction, { owner: order.agentId });
  if (transaction.status === 'approved' && (transaction.amountCents !== order.amountCents || transaction.amountCents < CARD_MIN_CENTS || transaction.amountCents > CARD_MAX_CENTS))
    refuse('Card payment whose amount differs from its order', transaction, { owner: order.agentId, issuedCents: order.amountCents });
  return order;
}

/** Logs a refused payment with its ids and amounts (never card data) and refuses it in the spec's words. */
function refuse(reason: string, transaction: ProviderTransaction, extra: Record<string, unknown> = {}): never {
  logger.warn(reason, {
    transactionId: transaction.transactionId,
    orderId: transaction.orderId,
    sessionId: transaction.sessionId,
    confirmedCents: transaction.amountCents,
    ...extra,
  });
  throw new ValidationFailed(PAYMENT_NOT_THIS_ACCOUNT);
}

async function credit(order: CardOrder, transaction: ProviderTransaction): Promise<CardCredit> {
  const { agentId } = order;
  const description = `Credit card payment ${transaction.transactionId}`;
  const account = await loadAccount(agentId);
  if (!account || account.profile.status !== 1) {
    logger.warn('Card payment for an inactive account refused', { agentId, transactionId: transaction.transactionId, amountCents: transaction.amountCents });
    throw new ValidationFailed(ACCOUNT_INACTIVE);
  }
  try {
    const posted = await postEntry({
      agentId,
      deltaCents: transaction.amountCents,
      type: CARD_PAYMENT_TYPE,
      description,
      idempotencyKey: cardPaymentKey(transaction.transactionId),
    });
    return {
      agentId,
      type: CARD_PAYMENT_TYPE,
      amount: centsToDollars(posted.deltaCents),
      referenceId: transaction.transactionId,
      description,
      balanceAfter: centsToDollars(posted.balanceCents),
    };
  } catch (err) {
    // Charged but not funded: what the 'Error Funding Account' dialog asks the agent to report; support needs these ids.
    logger.error('Card payment charged but not credited', {
      agentId,
      transactionId: transaction.transactionId,
      amountCents: transaction.amountCents,
      error: err instanceof Error ? err.message : String(err),
    });
    throw err;
  }
}
