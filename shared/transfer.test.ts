import { describe, expect, it } from 'vitest';
import { INVALID_DOLLAR_AMOUNT } from './money.ts';
import {
  AMOUNT_ABOVE_BALANCE,
  AMOUNT_ABOVE_MAXIMUM,
  AMOUNT_BELOW_MINIMUM,
  AMOUNT_REQUIRED,
  confirmTransferText,
  isAllowedAmountInput,
  RECEIVER_REQUIRED,
  transferSchema,
} from './transfer.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('transferSchema', () => {
  const agentTransfer = transferSchema({ receiverRequired: true, balanceCents: 50_000 });

  it.each([
    [undefined, AMOUNT_REQUIRED],
    ['', AMOUNT_REQUIRED],
    ['  ', AMOUNT_REQUIRED],
    ['0', AMOUNT_REQUIRED],
    ['9.99', AMOUNT_BELOW_MINIMUM],
    ['0.01', AMOUNT_BELOW_MINIMUM],
    ['1000.01', AMOUNT_ABOVE_MAXIMUM],
    ['5000', AMOUNT_ABOVE_MAXIMUM],
    ['500.01', AMOUNT_ABOVE_BALANCE],
    ['10.123', INVALID_DOLLAR_AMOUNT],
    ['-20', INVALID_DOLLAR_AMOUNT],
    ['abc', INVALID_DOLLAR_AMOUNT],
  ])('refuses the amount %j with %j', (amount, message) => {
    expect(messagesOf(agentTransfer.safeParse({ amount, receiverId: 'A000002' }))).toEqual([message]);
  });

  it.each([
    ['.5', AMOUNT_BELOW_MINIMUM],
    ['.05', AMOUNT_BELOW_MINIMUM],
    ['.', AMOUNT_REQUIRED],
  ])("reads the field's leading point %j as dollars under one, refused with %j rather than 'Invalid dollar amount'", (amount, message) => {
    expect(messagesOf(agentTransfer.safeParse({ amount, receiverId: 'A000002' }))).toEqual([message]);
  });

  it('gives only the first broken amount rule: above $1000 wins over above the balance', () => {
    const poor = transferSchema({ receiverRequired: false, balanceCents: 100 });
    expect(messagesOf(poor.safeParse({ amount: '1500' }))).toEqual([AMOUNT_ABOVE_MAXIMUM]);
  });

  it("refuses a missing receiver with 'Receiving agent is required.' next to an amount message", () => {
    expect(messagesOf(agentTransfer.safeParse({ amount: '5', receiverId: ' ' }))).toEqual([AMOUNT_BELOW_MINIMUM, RECEIVER_REQUIRED]);
    expect(messagesOf(agentTransfer.safeParse({ amount: '50' }))).toEqual([RECEIVER_REQUIRED]);
  });

  it('parses the amount to cents at both ends of the range and up to the balance', () => {
    expect(agentTransfer.parse({ amount: '10', receiverId: 'A000002' })).toEqual({ amountCents: 1_000, receiverId: 'A000002' });
    expect(agentTransfer.parse({ amount: '500.00', receiverId: 'A000002' })).toEqual({ amountCents: 50_000, receiverId: 'A000002' });
    expect(transferSchema({ receiverRequired: false }).parse({ amount: '1000.00' })).toEqual({ amountCents: 100_000 });
  });

  it('leaves the balance rule out when no balance is given (the server, where the ledger enforces it)', () => {
    expect(transferSchema({ receiverRequired: false }).safeParse({ amount: '999.99' }).success).toBe(true);
  });
});

describe('isAllowedAmountInput', () => {
  it.each(['', '1', '10', '10.', '10.5', '10.55', '.5', '1000.00', '99999999'])('lets %j stand in the field', (text) => {
    expect(isAllowedAmountInput(text)).toBe(true);
  });

  it.each(['0', '05', '00.5', '10.555', '1a', '-5', '1,000', '10..5', '100000000', '9999999.9', ' 10'])('filters out %j', (text) => {
    expect(isAllowedAmountInput(text)).toBe(false);
  });
});

it("asks 'Send ${amount} to {agent}?' before a transfer", () => {
  expect(confirmTransferText('25.00', 'Carlos Captive')).toBe('Send $25.00 to Carlos Captive?');
});
