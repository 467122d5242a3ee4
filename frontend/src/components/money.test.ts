import { describe, expect, it } from 'vitest';
import { formatAxisDollars, formatDollars } from './money.ts';

describe('dollar display', () => {
  it('shows USD with two decimals and thousands commas', () => {
    expect(formatDollars(1234567.5)).toBe('$1,234,567.50');
    expect(formatDollars(0.29)).toBe('$0.29');
    expect(formatDollars(-12)).toBe('-$12.00');
  });

  it('absorbs the binary error of a summed amount', () => {
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
  });

  it('writes a chart tick with thousands commas and cents only where the tick has them', () => {
    expect(formatAxisDollars(1500)).toBe('$1,500');
    expect(formatAxisDollars(120000)).toBe('$120,000');
    expect(formatAxisDollars(0)).toBe('$0');
    expect(formatAxisDollars(2.5)).toBe('$2.5');
  });
});
