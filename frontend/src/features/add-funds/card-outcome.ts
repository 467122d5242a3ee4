// What Add Lead Money shows and logs for each way a card payment can end (spec part 1 §4, §8): the
// provider's failures, a payment the portal could not credit, and a credited one.
import {
  cardReturnDialog,
  cardReturnErrorText,
  FUNDING_ERROR_TITLE,
  fundingErrorText,
  SYSTEM_UNAVAILABLE_TEXT,
  SYSTEM_UNAVAILABLE_TITLE,
  type CardDialog,
  type CardReturn,
} from '#shared/card.ts';
import { dollarsToCents } from '#shared/money.ts';

/** The fields of a POST account/creditfail report besides the agent. */
export interface FailureReport {
  error: string;
  referenceId?: string;
  amount?: string;
}

export interface CardFailure {
  dialog: CardDialog;
  report: FailureReport;
}

export const SYSTEM_UNAVAILABLE: CardDialog = { title: SYSTEM_UNAVAILABLE_TITLE, text: SYSTEM_UNAVAILABLE_TEXT, items: [] };

/** A return that is not an approval: declined (with its codes), canceled, or an invalid CVC. */
export function returnFailure(result: Exclude<CardReturn, { status: 'approved' }>): CardFailure {
  const charged = result.status === 'declined' ? { referenceId: result.transid, amount: result.amount } : {};
  return { dialog: cardReturnDialog(result), report: { error: cardReturnErrorText(result), ...charged } };
}

/** A return whose parameters could not be read: nothing is known, so the user retries or calls support. */
export function unreadableReturn(raw: string): CardFailure {
  return { dialog: SYSTEM_UNAVAILABLE, report: { error: `Unreadable card provider return: ${raw || '(empty)'}` } };
}

export type FundingOutcome = { kind: 'funded'; amountCents: number; balanceAfterCents: number } | ({ kind: 'notFunded' } & CardFailure);

/**
 * An approved payment after the crediting call: funded when the account got everything the card was
 * charged, otherwise 'Error Funding Account' with the amount charged, the amount funded and the
 * transaction id. `credited` is undefined when the crediting call failed.
 */
export function fundingOutcome(input: {
  transactionId: string;
  /** The amount the provider's return says was charged, in dollars. */
  chargedAmount: string;
  credited?: { amount: number; balanceAfter: number };
  /** Why crediting failed, for the failure log. */
  reason?: string;
}): FundingOutcome {
  const chargedCents = dollarsToCents(input.chargedAmount);
  const fundedCents = input.credited ? Math.round(input.credited.amount * 100) : 0;
  if (input.credited && fundedCents >= chargedCents)
    return { kind: 'funded', amountCents: fundedCents, balanceAfterCents: Math.round(input.credited.balanceAfter * 100) };
  return {
    kind: 'notFunded',
    dialog: { title: FUNDING_ERROR_TITLE, text: fundingErrorText({ chargedCents, fundedCents, transactionId: input.transactionId }), items: [] },
    report: {
      error: `${FUNDING_ERROR_TITLE}${input.reason ? `: ${input.reason}` : ''}`,
      referenceId: input.transactionId,
      amount: input.chargedAmount,
    },
  };
}
