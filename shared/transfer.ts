// Lead-money transfer rules (spec part 1 §5, §9): the amount input filter and the one schema that the
// transfer dialog and the transfer routes both run, so the browser shows exactly the server's messages.
import { z } from 'zod';
import { dollarsToCents, INVALID_DOLLAR_AMOUNT } from './money.ts';

export const AMOUNT_REQUIRED = 'Amount is required.';
export const AMOUNT_BELOW_MINIMUM = 'Amount cannot be less than $10.00';
export const AMOUNT_ABOVE_MAXIMUM = 'Amount cannot be greater than $1000.00';
export const AMOUNT_ABOVE_BALANCE = 'Amount cannot be greater than your current balance';
export const RECEIVER_REQUIRED = 'Receiving agent is required.';

export const TRANSFER_MIN_CENTS = 1_000;
export const TRANSFER_MAX_CENTS = 100_000;
export const AMOUNT_INPUT_MAX_LENGTH = 8;
/** The agent search filters only from this many typed characters on. */
export const AGENT_SEARCH_MIN_CHARS = 3;

/** The dialog's confirm question, 'Send ${amount} to {agent}?'. */
export const confirmTransferText = (amountText: string, agentName: string) => `Send $${amountText} to ${agentName}?`;
export const TRANSFER_FAILED =
  'Sorry, unable to process balance transfer at this time. No money has been taken out of your account.';
export const TRANSFER_SUCCEEDED = 'Funds transferred successfully';

// Digits and one decimal point with at most two decimals, never starting with 0. Partial input such
// as "12." must pass, because the filter runs on every keystroke.
const AMOUNT_INPUT = /^(?:[1-9]\d*)?(?:\.\d{0,2})?$/;

/** The amount field's keystroke filter: true when `text` may stand in the field. */
export function isAllowedAmountInput(text: string): boolean {
  return text.length <= AMOUNT_INPUT_MAX_LENGTH && AMOUNT_INPUT.test(text);
}

export interface TransferRuleOptions {
  /** The sender's balance in cents, when known; the server leaves it out because the ledger enforces it atomically. */
  balanceCents?: number;
  /** Agent transfers name a receiver; point-and-click transfers do not. */
  receiverRequired: boolean;
}

/** The first amount rule `amountText` breaks, in the spec's order, or the amount in cents. */
function checkAmount(amountText: string | undefined, balanceCents: number | undefined): { cents: number } | { message: string } {
  const text = amountText?.trim() ?? '';
  if (text === '') return { message: AMOUNT_REQUIRED };
  let cents: number;
  try {
    // The field lets '.5' stand (the keystroke filter has no leading digit to require), so it means
    // $0.50 here; without the 0 it would fall to the card flow's 'Invalid dollar amount'.
    cents = dollarsToCents(text.startsWith('.') ? `0${text}` : text);
  } catch {
    return { message: INVALID_DOLLAR_AMOUNT };
  }
  // A transfer only ever moves money out of the sender's account.
  if (cents < 0) return { message: INVALID_DOLLAR_AMOUNT };
  // The spec's "a positive amount below $10": zero is no amount at all.
  if (cents === 0) return { message: AMOUNT_REQUIRED };
  if (cents < TRANSFER_MIN_CENTS) return { message: AMOUNT_BELOW_MINIMUM };
  if (cents > TRANSFER_MAX_CENTS) return { message: AMOUNT_ABOVE_MAXIMUM };
  if (balanceCents !== undefined && cents > balanceCents) return { message: AMOUNT_ABOVE_BALANCE };
  return { cents };
}

/**
 * The transfer form: `amount` as typed (dollars) and, for agent transfers, `receiverId`. Parses to
 * the amount in cents; each broken rule adds its spec message (at most one for the amount).
 */
export function transferSchema(options: TransferRuleOptions) {
  return z
    .object({ amount: z.string().optional(), receiverId: z.string().optional() })
    .transform((form, ctx) => {
      const amount = checkAmount(form.amount, options.balanceCents);
      if ('message' in amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: amount.message });
      const receiverId = form.receiverId?.trim() ?? '';
      if (options.receiverRequired && receiverId === '')
        ctx.addIssue({ code: 'custom', path: ['receiverId'], message: RECEIVER_REQUIRED });
      if ('message' in amount) return z.NEVER;
      return { amountCents: amount.cents, ...(receiverId ? { receiverId } : {}) };
    });
}

export type TransferForm = z.input<ReturnType<typeof transferSchema>>;
export type ValidTransfer = z.output<ReturnType<typeof transferSchema>>;
