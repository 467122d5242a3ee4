import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsSchema, dollarsToCents, formatUsd, InvalidDollarAmount } from './money.ts';

describe('dollarsToCents', () => {
  it.each([
    ['10.1', 1010],
    ['10.10', 1010],
    ['10', 1000],
    ['10.', 1000],
    ['0.29', 29],
    ['1234.56', 123456],
    [' 50.00 ', 5000],
    ['-5.25', -525],
    ['-0', 0],
  ])('parses the string %j to %i cents', (input, cents) => {
    expect(dollarsToCents(input)).toBe(cents);
  });

  it.each([
    [0.29, 29],
    [10.1, 1010],
    [1234.5, 123450],
    [19.99, 1999],
    [1000, 100000],
  ])('parses the number %d to %i cents without float drift', (input, cents) => {
    expect(dollarsToCents(input)).toBe(cents);
  });

  it.each(['10.123', '', 'abc', '1,000.00', '$5', '1e3', '.5', '+5', '5..0'])('refuses the string %j', (input) => {
    expect(() => dollarsToCents(input)).toThrow(InvalidDollarAmount);
  });

  it.each([0.1 + 0.2, 1.001, Number.NaN, Number.POSITIVE_INFINITY, 1e21])('refuses the number %d', (input) => {
    expect(() => dollarsToCents(input)).toThrow('Invalid dollar amount');
  });
});

describe('centsToDollars', () => {
  it('turns cents into a dollar number with two decimals at most', () => {
    expect(centsToDollars(1010)).toBe(10.1);
    expect(centsToDollars(29)).toBe(0.29);
    expect(centsToDollars(-525)).toBe(-5.25);
    expect(JSON.stringify({ CurrentBalance: centsToDollars(123450) })).toBe('{"CurrentBalance":1234.5}');
  });

  it('refuses a fractional number of cents', () => {
    expect(() => centsToDollars(10.5)).toThrow(RangeError);
  });
});

describe('formatUsd', () => {
  it.each([
    [123450, '$1,234.50'],
    [0, '$0.00'],
    [5, '$0.05'],
    [100000000, '$1,000,000.00'],
    [-500, '-$5.00'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });
});

describe('dollarsSchema', () => {
  it('parses request amounts to cents', () => {
    expect(dollarsSchema.parse('25.5')).toBe(2550);
    expect(dollarsSchema.parse(25.5)).toBe(2550);
  });

  it("reports 'Invalid dollar amount' for a bad amount", () => {
    const result = dollarsSchema.safeParse('12.345');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Invalid dollar amount']);
  });
});
