import { describe, expect, it } from 'vitest';
import { digitsValue } from './digits.ts';

describe('digits-only fields', () => {
  it('keeps digits up to the length, refuses anything else', () => {
    expect(digitsValue('12', 2)).toBe(12);
    expect(digitsValue('123', 2)).toBeUndefined();
    expect(digitsValue('1a', 4)).toBeUndefined();
    expect(digitsValue('', 4)).toBe('');
  });

  it('caps min score and dedupe days at 1000', () => {
    expect(digitsValue('5000', 4, 1000)).toBe(1000);
  });
});
