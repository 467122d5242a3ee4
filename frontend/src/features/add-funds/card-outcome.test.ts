import { describe, expect, it } from 'vitest';
import { fundingOutcome, returnFailure, unreadableReturn } from './card-outcome.ts';

describe('a card payment that the provider refused', () => {
  it("lists every code of a decline under 'Unable to charge credit card' and logs the codes", () => {
    expect(returnFailure({ status: 'declined', transid: 'sbx-9', amount: '75.00', declinetype: 'decline|avs' })).toEqual({
      dialog: {
        title: 'Unable to charge credit card',
        text: 'Please verify your credit card information.',
        items: ['Insufficient funds on the card (decline)', 'Address entered did not match credit card account (avs)'],
      },
      report: { error: 'decline|avs', referenceId: 'sbx-9', amount: '75.00' },
    });
  });

  it("shows and logs 'Transaction Canceled' and the invalid CVC", () => {
    expect(returnFailure({ status: 'canceled' })).toEqual({
      dialog: { title: 'Transaction Canceled', text: 'Transaction Canceled', items: [] },
      report: { error: 'Transaction Canceled' },
    });
    expect(returnFailure({ status: 'invalidcvc' })).toMatchObject({
      dialog: { title: 'CVC Code entered is invalid', text: 'Invalid CVC code entered' },
      report: { error: 'Invalid CVC code entered' },
    });
  });

  it("answers an unreadable return with 'System Unavailable' and keeps the raw text for the log", () => {
    expect(unreadableReturn('status=odd')).toMatchObject({ dialog: { title: 'System Unavailable' }, report: { error: 'Unreadable card provider return: status=odd' } });
  });
});

describe('an approved card payment', () => {
  it('is funded when the account received the whole charge', () => {
    expect(fundingOutcome({ transactionId: 'sbx-1', chargedAmount: '125.00', credited: { amount: 125, balanceAfter: 300.5 } })).toEqual({
      kind: 'funded',
      amountCents: 12_500,
      balanceAfterCents: 30_050,
    });
  });

  it("is 'Error Funding Account' with charged, funded and transaction id when crediting failed", () => {
    const outcome = fundingOutcome({ transactionId: 'sbx-2', chargedAmount: '60.00', reason: 'The server answered 500.' });
    expect(outcome).toMatchObject({ kind: 'notFunded', dialog: { title: 'Error Funding Account' }, report: { error: 'Error Funding Account: The server answered 500.', referenceId: 'sbx-2', amount: '60.00' } });
    if (outcome.kind !== 'notFunded') throw new Error('expected a funding error');
    expect(outcome.dialog.text).toContain('amount charged $60.00, amount funded $0.00, transaction id sbx-2');
  });

  it('is a funding error when less than the charge was credited', () => {
    const outcome = fundingOutcome({ transactionId: 'sbx-3', chargedAmount: '100.00', credited: { amount: 50, balanceAfter: 50 } });
    expect(outcome.kind === 'notFunded' && outcome.dialog.text).toContain('amount charged $100.00, amount funded $50.00');
  });
});
