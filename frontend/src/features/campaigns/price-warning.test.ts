import { describe, expect, it } from 'vitest';
import { mayLoseMoney } from './price-warning.ts';

const row = (VendorPrice: number | null, CaptivePrice: number | null = null, BrokerPrice: number | null = null) => ({ VendorPrice, CaptivePrice, BrokerPrice });

describe('the may-lose-money warning', () => {
  it("a vendor price above a fund's captive or broker price warns", () => {
    expect(mayLoseMoney(row(26), [{ CaptivePrice: 25, BrokerPrice: 30 }])).toBe(true);
    expect(mayLoseMoney(row(31), [{ CaptivePrice: 40, BrokerPrice: 30 }])).toBe(true);
  });

  it("a vendor price above the row's own captive or broker price warns", () => {
    expect(mayLoseMoney(row(26, 25), [])).toBe(true);
  });

  it('a price at or below every price, or no price yet, does not warn', () => {
    expect(mayLoseMoney(row(25), [{ CaptivePrice: 25, BrokerPrice: 30 }])).toBe(false);
    expect(mayLoseMoney(row(null), [{ CaptivePrice: 25, BrokerPrice: 30 }])).toBe(false);
  });
});
