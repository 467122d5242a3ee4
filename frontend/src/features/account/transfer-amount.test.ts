import { describe, expect, it } from 'vitest';
import { amountQueryOf, balanceCentsOf, confirmQuestion } from './transfer-amount.ts';

describe('the transfer amount', () => {
  it('turns the header balance into whole cents despite binary fractions', () => {
    expect(balanceCentsOf(1234.56)).toBe(123_456);
    expect(balanceCentsOf(0.29)).toBe(29);
  });

  it('writes the query amount as plain dollars with two decimals', () => {
    expect(amountQueryOf(100_000)).toBe('1000.00');
    expect(amountQueryOf(1_005)).toBe('10.05');
  });

  it("asks the spec's confirm question with the amount written as money", () => {
    expect(confirmQuestion(100_000, 'Mary Smith')).toBe('Send $1,000.00 to Mary Smith?');
    expect(confirmQuestion(1_050, 'Point and Click')).toBe('Send $10.50 to Point and Click?');
  });
});
