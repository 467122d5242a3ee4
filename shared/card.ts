// Adding lead money by credit card (spec part 1 §2.7, §4, §5, §8, §9): the amount rule with its exact
// messages, the provider's failure-code catalogue, the dialog texts, and the request shapes of
// POST account/creditDebit and account/creditfail, shared by the browser and the server.
import { z } from 'zod';
import { dollarsSchema, formatUsd, INVALID_DOLLAR_AMOUNT } from './money.ts';

export const CARD_AMOUNT_LABEL = 'Limit $50 - $1000';
export const CARD_MIN_CENTS = 5_000;
export const CARD_MAX_CENTS = 100_000;
export const CARD_AMOUNT_TOO_HIGH = 'Amount cannot be greater than $1,000.00';
export const CARD_AMOUNT_TOO_LOW = 'Amount cannot be less than $50.00';
export { INVALID_DOLLAR_AMOUNT };

/** The amount form's field: dollars in, cents out, with the spec's three messages. */
export const cardAmountSchema = dollarsSchema.superRefine((cents, ctx) => {
  const problem = cardAmountProblem(cents);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The message for an amount outside $50 to $1,000, or undefined when it fits. */
export function cardAmountProblem(cents: number): string | undefined {
  if (cents > CARD_MAX_CENTS) return CARD_AMOUNT_TOO_HIGH;
  if (cents < CARD_MIN_CENTS) return CARD_AMOUNT_TOO_LOW;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The provider's failure codes (spec part 1 §8), word for word, the spec's spelling included.

export const CARD_FAILURE_MESSAGES = {
  decline: 'Insufficient funds on the card',
  avs: 'Address entered did not match credit card account',
  cvv: 'Security code submitted does not match the card',
  call: 'The Card must be authrorized manually over the phone',
  expiredcard: 'The card has expired',
  carderror: 'Credit card number is not valid',
  authexpired: 'Attempt to Postauth an expired Preauth',
  fraud: 'fraud score below threshold',
  blacklist: 'blacklist value triggered',
  velocity: 'velocity control triggered',
  STATUS: 'Card failed to authenticate',
  'merchantcantaccept+cc': 'This card type is not supported',
} as const;

export type CardFailureCode = keyof typeof CARD_FAILURE_MESSAGES;
export const CARD_FAILURE_CODES = Object.keys(CARD_FAILURE_MESSAGES) as CardFailureCode[];

/** Several codes in one provider answer are separated by a bar. */
export const CARD_CODE_SEPARATOR = '|';

export function isCardFailureCode(code: string): code is CardFailureCode {
  return Object.hasOwn(CARD_FAILURE_MESSAGES, code);
}

/**
 * 'decline|avs' → ['Insufficient funds on the card (decline)', 'Address entered did not match
 * credit card account (avs)']. A code outside the catalogue is still shown, so support can see what
 * the provider said.
 */
export function cardFailureMessages(codes: string): string[] {
  return codes
    .split(CARD_CODE_SEPARATOR)
    .map((c) => c.trim())
    .filter((c) => c.length > 0)
    .map((c) => `${isCardFailureCode(c) ? CARD_FAILURE_MESSAGES[c] : 'Unrecognized card error'} (${c})`);
}

// ---------------------------------------------------------------------------------------------
// Dialog texts (spec part 1 §2.7, §4, §8)

export const CARD_FAILURE_TITLE = 'Unable to charge credit card';
export const CARD_FAILURE_TEXT = 'Please verify your credit card information.';
export const TRANSACTION_CANCELED = 'Transaction Canceled';
export const INVALID_CVC_TITLE = 'CVC Code entered is invalid';
export const INVALID_CVC_TEXT = 'Invalid CVC code entered';
export const FUNDING_ERROR_TITLE = 'Error Funding Account';
export const SYSTEM_UNAVAILABLE_TITLE = 'System Unavailable';
export const SYSTEM_UNAVAILABLE_TEXT =
  'Adding lead money is unavailable right now. Please refresh the page and try again; if it still fails, contact support.';

/** 'Error Funding Account': the card was charged but the account was not funded. */
export function fundingErrorText(p: { chargedCents: number; fundedCents: number; transactionId: string }): string {
  return (
    `Your card was charged but your account was not funded. Please contact support with these details: ` +
    `amount charged ${formatUsd(p.chargedCents)}, amount funded ${formatUsd(p.fundedCents)}, transaction id ${p.transactionId}.`
  );
}

// ---------------------------------------------------------------------------------------------
// POST account/creditDebit (spec part 1 §7: {agentId, type, amount, referenceId, description})

export const CARD_PAYMENT_TYPE = 'CreditCardPayment';
/** The pre-check is the same call with this referenceId; it credits nothing. */
export const PRECHECK_REFERENCE_ID = 'TEST';
export const PRECHECK_DESCRIPTION = 'precheck';

const agentIdField = z.string().trim().min(1, 'Agent is required.').max(64);
/** Provider transaction ids are short tokens; anything else cannot be one and is refused up front. */
const referenceIdField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, 'Invalid transaction id');

/**
 * The pre-check (referenceId 'TEST') carries the amount entered in the form, checked with the form's
 * rule; the crediting call carries the provider's transid and the amount it returned, which the
 * server only compares with the amount the provider confirms.
 */
export const creditDebitSchema = z
  .object({
    agentId: agentIdField,
    type: z.literal(CARD_PAYMENT_TYPE, { error: `Type must be ${CARD_PAYMENT_TYPE}` }),
    amount: dollarsSchema,
    referenceId: referenceIdField,
    description: z.string().max(200).default(''),
  })
  .superRefine((request, ctx) => {
    if (request.referenceId !== PRECHECK_REFERENCE_ID) return;
    const problem = cardAmountProblem(request.amount);
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
  });
export type CreditDebitRequest = z.output<typeof creditDebitSchema>;

export function isPrecheck(request: CreditDebitRequest): boolean {
  return request.referenceId === PRECHECK_REFERENCE_ID;
}

/** POST account/creditfail: the provider's error text, logged (masked) and kept for support. */
export const creditFailSchema = z.object({
  agentId: agentIdField,
  error: z.string().trim().min(1, 'Error text is required.').max(1000),
  referenceId: z.string().trim().max(64).optional(),
  amount: dollarsSchema.optional(),
});
export type CreditFailRequest = z.output<typeof creditFailSchema>;

// ---------------------------------------------------------------------------------------------
// The hosted form's return: the provider sends the frame to the return URL with these parameters.

/** Where the provider sends the payment frame back to, on the site's own origin. */
export const CARD_RETURN_PATH = '/addFundsCC/return';

export const cardReturnSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('approved'), transid: z.string().min(1), amount: z.string().min(1) }),
  z.object({ status: z.literal('declined'), transid: z.string().min(1), amount: z.string().min(1), declinetype: z.string().min(1) }),
  z.object({ status: z.literal('canceled') }),
  z.object({ status: z.literal('invalidcvc') }),
]);
export type CardReturn = z.infer<typeof cardReturnSchema>;

/** What the Add Lead Money screen shows for a return that is not an approval. */
export interface CardDialog {
  title: string;
  text: string;
  /** The failure list (each message with its code), shown under the text. */
  items: string[];
}

export function cardReturnDialog(result: Exclude<CardReturn, { status: 'approved' }>): CardDialog {
  switch (result.status) {
    case 'declined':
      return { title: CARD_FAILURE_TITLE, text: CARD_FAILURE_TEXT, items: cardFailureMessages(result.declinetype) };
    case 'canceled':
      return { title: TRANSACTION_CANCELED, text: TRANSACTION_CANCELED, items: [] };
    case 'invalidcvc':
      return { title: INVALID_CVC_TITLE, text: INVALID_CVC_TEXT, items: [] };
  }
}

/** The text posted to account/creditfail for a return that is not an approval. */
export function cardReturnErrorText(result: Exclude<CardReturn, { status: 'approved' }>): string {
  switch (result.status) {
    case 'declined':
      return result.declinetype;
    case 'canceled':
      return TRANSACTION_CANCELED;
    case 'invalidcvc':
      return INVALID_CVC_TEXT;
  }
}
