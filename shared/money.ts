// Money: integer cents inside the server, dollars with two decimals at the API edge and on screen.
// Parsing works on the decimal text, never on float arithmetic, so "10.1" is exactly 1010 cents.
import { z } from 'zod';

export const INVALID_DOLLAR_AMOUNT = 'Invalid dollar amount';

/** Thrown when a value is not a dollar amount with at most two decimals. */
export class InvalidDollarAmount extends Error {
  constructor(readonly input: unknown) {
    super(INVALID_DOLLAR_AMOUNT);
    this.name = 'InvalidDollarAmount';
  }
}

const DOLLARS = /^(-)?(\d+)(?:\.(\d{0,2}))?$/;

/**
 * Dollars (a string such as "10.1" or "1234.50", or a number such as 0.29) to integer cents.
 * More than two decimals, exponents, thousands separators or anything non-numeric is refused.
 */
export function dollarsToCents(value: string | number): number {
  // String(0.29) is "0.29": JavaScript prints the shortest text that reads back as the same double,
  // so a number typed with two decimals keeps them, and a drifted sum (0.1 + 0.2) shows its extra digits.
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = DOLLARS.exec(text);
  if (!match) throw new InvalidDollarAmount(value);
  const [, minus, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new InvalidDollarAmount(value);
  return minus && cents !== 0 ? -cents : cents;
}

/** Integer cents to a number of dollars for JSON answers (1010 → 10.1, which JSON prints as 10.1). */
export function centsToDollars(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

/** "$1,234.50", "-$5.00": the display form the spec uses for balances and prices. */
export function formatUsd(cents: number): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${whole}.${fraction}`;
}

/** A request field in dollars (string or number), parsed to cents; failures carry the spec's message. */
export const dollarsSchema = z.union([z.string(), z.number()]).transform((value, ctx) => {
  try {
    return dollarsToCents(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: INVALID_DOLLAR_AMOUNT });
    return z.NEVER;
  }
});

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an integer number of cents: ${cents}`);
}
