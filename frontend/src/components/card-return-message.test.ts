import { describe, expect, it } from 'vitest';
import { cardReturnMessage, readCardReturnMessage } from './card-return-message.ts';

describe('the card return message', () => {
  it('carries an approval from the return page to Add Lead Money', () => {
    const message = cardReturnMessage('?status=approved&transid=sbx-1&amount=125.00');
    expect(readCardReturnMessage(message)).toEqual({ kind: 'result', result: { status: 'approved', transid: 'sbx-1', amount: '125.00' } });
  });

  it('carries a decline with its codes', () => {
    const message = cardReturnMessage('status=declined&transid=sbx-2&amount=60.00&declinetype=decline%7Cavs');
    expect(readCardReturnMessage(message)).toMatchObject({ kind: 'result', result: { status: 'declined', declinetype: 'decline|avs' } });
  });

  it('ignores messages that are not a card return', () => {
    expect(readCardReturnMessage({ type: 'something-else' })).toEqual({ kind: 'other' });
    expect(readCardReturnMessage('status=approved')).toEqual({ kind: 'other' });
  });

  it('flags a return whose parameters make no sense, keeping them for the failure log', () => {
    expect(readCardReturnMessage(cardReturnMessage('status=approved&amount=10.00'))).toEqual({
      kind: 'unreadable',
      raw: 'status=approved&amount=10.00',
    });
  });
});
