// The card amount rule, the failure catalogue and the request shapes shared by browser and server.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CARD_FAILURE_CODES,
  cardAmountSchema,
  cardFailureMessages,
  cardReturnDialog,
  cardReturnErrorText,
  cardReturnSchema,
  creditDebitSchema,
  fundingErrorText,
} from './card.ts';

const zodMessages = (error: z.ZodError) => error.issues.map((i) => i.message);

const messagesOf = (value: unknown) => {
  const parsed = cardAmountSchema.safeParse(value);
  return parsed.success ? [] : zodMessages(parsed.error);
};

describe('card amount', () => {
  it('accepts $50.00 to $1,000.00 and gives cents', () => {
    expect(cardAmountSchema.parse('50')).toBe(5000);
    expect(cardAmountSchema.parse('1000.00')).toBe(100000);
    expect(cardAmountSchema.parse(125.5)).toBe(12550);
  });

  it("refuses text with 'Invalid dollar amount'", () => {
    expect(messagesOf('abc')).toEqual(['Invalid dollar amount']);
    expect(messagesOf('10.123')).toEqual(['Invalid dollar amount']);
  });

  it("refuses $1,000.01 with 'Amount cannot be greater than $1,000.00'", () => {
    expect(messagesOf('1000.01')).toEqual(['Amount cannot be greater than $1,000.00']);
  });

  it("refuses $49.99 with 'Amount cannot be less than $50.00'", () => {
    expect(messagesOf('49.99')).toEqual(['Amount cannot be less than $50.00']);
  });
});

describe('card failure catalogue', () => {
  it('has the twelve codes of the spec, the spelling of its messages kept', () => {
    expect(CARD_FAILURE_CODES).toEqual([
      'decline', 'avs', 'cvv', 'call', 'expiredcard', 'carderror', 'authexpired', 'fraud', 'blacklist', 'velocity', 'STATUS', 'merchantcantaccept+cc',
    ]);
    expect(cardFailureMessages('call')).toEqual(['The Card must be authrorized manually over the phone (call)']);
  });

  it('turns a bar-separated answer into one message per code, each with its code', () => {
    expect(cardFailureMessages('decline|avs')).toEqual([
      'Insufficient funds on the card (decline)',
      'Address entered did not match credit card account (avs)',
    ]);
    expect(cardFailureMessages('merchantcantaccept+cc')).toEqual(['This card type is not supported (merchantcantaccept+cc)']);
  });

  it('still shows a code outside the catalogue', () => {
    expect(cardFailureMessages('newcode')).toEqual(['Unrecognized card error (newcode)']);
  });
});

describe('the hosted form return', () => {
  it('shows a declined payment under the headline with its code list', () => {
    const result = cardReturnSchema.parse({ status: 'declined', transid: 't1', amount: '60.00', declinetype: 'cvv' });
    expect(cardReturnDialog(result as Exclude<typeof result, { status: 'approved' }>)).toEqual({
      title: 'Unable to charge credit card',
      text: 'Please verify your credit card information.',
      items: ['Security code submitted does not match the card (cvv)'],
    });
  });

  it("shows 'Transaction Canceled' and the invalid CVC dialog", () => {
    expect(cardReturnDialog({ status: 'canceled' }).title).toBe('Transaction Canceled');
    expect(cardReturnDialog({ status: 'invalidcvc' })).toMatchObject({ title: 'CVC Code entered is invalid', text: 'Invalid CVC code entered' });
  });

  it('logs the provider codes, or the cancel and CVC texts, through creditfail', () => {
    expect(cardReturnErrorText({ status: 'declined', transid: 't1', amount: '60.00', declinetype: 'decline|avs' })).toBe('decline|avs');
    expect(cardReturnErrorText({ status: 'canceled' })).toBe('Transaction Canceled');
    expect(cardReturnErrorText({ status: 'invalidcvc' })).toBe('Invalid CVC code entered');
  });

  it('gives support the amounts and the transaction id when the account was not funded', () => {
    expect(fundingErrorText({ chargedCents: 12500, fundedCents: 0, transactionId: 'sbx-1' })).toContain(
      'amount charged $125.00, amount funded $0.00, transaction id sbx-1',
    );
  });
});

describe('creditDebit request', () => {
  const base = { agentId: 'A000002', type: 'CreditCardPayment', description: '' };

  it('checks the pre-check amount with the form rule', () => {
    const parsed = creditDebitSchema.safeParse({ ...base, amount: 20, referenceId: 'TEST' });
    expect(parsed.success ? [] : zodMessages(parsed.error)).toEqual(['Amount cannot be less than $50.00']);
  });

  it('takes a provider transaction id with the amount the provider returned', () => {
    expect(creditDebitSchema.parse({ ...base, amount: '125.00', referenceId: 'sbx-0a1b' })).toMatchObject({ amount: 12500, referenceId: 'sbx-0a1b' });
  });

  it('refuses any type other than CreditCardPayment', () => {
    expect(creditDebitSchema.safeParse({ ...base, type: 'LeadCredit', amount: 60, referenceId: 'x1' }).success).toBe(false);
  });
});
