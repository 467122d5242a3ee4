// Crediting card payments: the pre-check that opens a hosted-form payment, and the one path through
// which a provider transaction becomes money, whether the browser's creditDebit or the provider's
// notification arrives first. Money moves only for a transaction the provider itself confirms, in the
// amount it confirms, to the agent its session id names, once per transaction id.
import { randomBytes } from 'node:crypto';
import { NotFound, ValidationFailed } from '#platform/errors.ts';
import { logger } from '#platform/logger.ts';
import { CARD_FAILURE_TITLE, CARD_PAYMENT_TYPE, CARD_RETURN_PATH, cardFailureMessages } from '#shared/card.ts';
import { centsToDollars } from '#shared/money.ts';
import { loadAccount } from '../accounts.ts';
import { ACCOUNT_NOT_FOUND, postEntry } from '../ledger.ts';
import type { PaymentSettings } from './config.ts';
import type { ProviderTransaction } from './provider.ts';
import { cardOrderId, cardSessionId, parseCardSessionId } from './session-id.ts';

export const ACCOUNT_INACTIVE = 'This account is inactive and cannot be funded.';
export const PAYMENT_NOT_FOUND = 'The card payment could not be found with the card provider.';
export const PAYMENT_NOT_THIS_ACCOUNT = 'This card payment was not made for this account.';

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

/** The pre-check: the agent may be funded and the provider answers; credits nothing. */
export async function prepareCardPayment(
  settings: PaymentSettings,
  input: { agentId: string; amountCents: number; now?: Date },
): Promise<HostedForm> {
  const account = await loadAccount(input.agentId);
  if (!account) throw new NotFound(ACCOUNT_NOT_FOUND);
  if (account.profile.status !== 1) throw new ValidationFailed(ACCOUNT_INACTIVE);
  await settings.provider.checkAvailable();
  const at = input.now ?? new Date();
  const orderId = cardOrderId(at, randomBytes(4).toString('hex'));
  const sessionId = cardSessionId({ env: settings.sessionEnv, agentId: input.agentId, at });
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
  const agentId = ownerOf(settings, transaction);
  if (agentId !== input.agentId) {
    logger.warn('Card payment claimed for another account', { agentId: input.agentId, owner: agentId, transactionId: input.transactionId });
    throw new ValidationFailed(PAYMENT_NOT_THIS_ACCOUNT);
  }
  if (transaction.status !== 'approved') throw new ValidationFailed([CARD_FAILURE_TITLE, ...cardFailureMessages(transaction.failureCodes.join('|'))]);
  if (input.claimedCents !== transaction.amountCents)
    logger.warn('Card payment amount differs from the confirmed amount; crediting the confirmed amount', {
      agentId,
      transactionId: transaction.transactionId,
      claimedCents: input.claimedCents,
      confirmedCents: transaction.amountCents,
    });
  return credit(agentId, transaction);
}

/** The provider's notification (already verified): credit an approved payment, acknowledge a declined one. */
export async function creditNotifiedPayment(settings: PaymentSettings, transaction: ProviderTransaction): Promise<CardCredit | undefined> {
  const agentId = ownerOf(settings, transaction);
  if (transaction.status !== 'approved') {
    logger.info('Card payment declined', { agentId, transactionId: transaction.transactionId, codes: transaction.failureCodes.join('|') });
    return undefined;
  }
  return credit(agentId, transaction);
}

/** The agent named by the session id we sent with the form; a payment made elsewhere credits no one. */
function ownerOf(settings: PaymentSettings, transaction: ProviderTransaction): string {
  const session = parseCardSessionId(transaction.sessionId);
  if (!session || session.env !== settings.sessionEnv) {
    logger.warn('Card payment with a foreign session id', { transactionId: transaction.transactionId });
    throw new ValidationFailed(PAYMENT_NOT_THIS_ACCOUNT);
  }
  return session.agentId;
}

async function credit(agentId: string, transaction: ProviderTransaction): Promise<CardCredit> {
  const description = `Credit card payment ${transaction.transactionId}`;
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
