// The transfer dialog's amount in its three written forms: the balance it is checked against, the
// confirm question's figure and the query string's dollars.
import { formatUsd } from '#shared/money.ts';
import { confirmTransferText } from '#shared/transfer.ts';

/** The balance the header shows (dollars) in cents, for the rule 'not above your current balance'. */
export const balanceCentsOf = (dollars: number) => Math.round(dollars * 100);

/** `?amount=` takes plain dollars with two decimals: 1000.5 dollars is "1000.50", never "1,000.50". */
export const amountQueryOf = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** 'Send $1,000.00 to Mary Smith?': the spec's question with the amount as the screen writes money. */
export const confirmQuestion = (cents: number, receiverName: string) => confirmTransferText(formatUsd(cents).slice(1), receiverName);
