import { describe, expect, it } from 'vitest';
import { balanceForecast, capOf7Days, daysEndingWith, fillRate, FORECAST_TEXTS, marginCents, starvingOrders } from './insights.ts';

describe('balanceForecast', () => {
  it('a $90.00 balance at $140.00 of lead spend in 14 days ($10.00 a day) lasts about 9 days', () => {
    expect(balanceForecast(9_000, 14_000)).toEqual({ kind: 'lasts', days: 9, text: "At your last 14 days' pace your balance lasts about 9 days." });
  });

  it('rounds down to whole days: $95.99 at $10.00 a day is about 9 days', () => {
    expect(balanceForecast(9_599, 14_000).days).toBe(9);
  });

  it('says "1 day" in the singular', () => {
    expect(balanceForecast(1_000, 14_000).text).toBe("At your last 14 days' pace your balance lasts about 1 day.");
  });

  it('a balance smaller than a day of spend lasts less than a day', () => {
    expect(balanceForecast(999, 14_000)).toEqual({ kind: 'lessThanADay', days: 0, text: FORECAST_TEXTS.lessThanADay });
  });

  it('beyond 365 days it says more than a year', () => {
    expect(balanceForecast(1_000_000, 100).text).toBe("At your last 14 days' pace your balance lasts more than a year.");
  });

  it('no lead spend in 14 days: the balance is not being used up', () => {
    expect(balanceForecast(5_000, 0)).toEqual({ kind: 'notUsed', days: null, text: 'You spent nothing on leads in the last 14 days, so your balance is not being used up.' });
  });

  it('a zero balance says so, whatever the spend', () => {
    expect(balanceForecast(0, 14_000).text).toBe('Your balance is $0.00: add funds to keep buying leads.');
    expect(balanceForecast(0, 0).kind).toBe('empty');
  });

  it('a negative balance (on the credit line) says so with the amount', () => {
    expect(balanceForecast(-1_250, 3_000).text).toBe('Your balance is -$12.50, below zero on your credit line: add funds to keep buying leads.');
  });

  it('refuses fractional cents and negative spend', () => {
    expect(() => balanceForecast(10.5, 100)).toThrow();
    expect(() => balanceForecast(100, -1)).toThrow();
  });
});

describe('fill rate and margin', () => {
  it('fill rate is sold ÷ received, null without leads', () => {
    expect(fillRate(3, 4)).toBe(0.75);
    expect(fillRate(1, 3)).toBe(0.3333);
    expect(fillRate(0, 0)).toBeNull();
  });

  it('margin is revenue minus vendor cost, negative when leads sell below cost', () => {
    expect(marginCents(5_000, 3_200)).toBe(1_800);
    expect(marginCents(1_000, 1_500)).toBe(-500);
  });
});

describe('capOf7Days', () => {
  const caps = (maxPerHour: number, maxPerDay: number, maxPerWeek: number, maxPerMonth: number) => ({ maxPerHour, maxPerDay, maxPerWeek, maxPerMonth });
  it('the weekly cap, or 7 daily caps, whichever is lower', () => {
    expect(capOf7Days(caps(0, 5, 0, 0))).toBe(35);
    expect(capOf7Days(caps(0, 5, 20, 0))).toBe(20);
    expect(capOf7Days(caps(0, 2, 20, 0))).toBe(14);
  });
  it('a monthly cap alone gives its 7/30 share, rounded up', () => {
    expect(capOf7Days(caps(0, 0, 0, 100))).toBe(24);
  });
  it('an hourly cap alone, or none, is not a 7-day cap', () => {
    expect(capOf7Days(caps(3, 0, 0, 0))).toBeNull();
    expect(capOf7Days(caps(0, 0, 0, 0))).toBeNull();
  });
});

describe('starvingOrders', () => {
  it('ranks the lowest share of the cap first, then fewer leads, then the bigger cap', () => {
    const ranked = starvingOrders(
      [
        { orderId: 'a', leadsLast7Days: 10, capLast7Days: 20 },
        { orderId: 'b', leadsLast7Days: 0, capLast7Days: 7 },
        { orderId: 'c', leadsLast7Days: 0, capLast7Days: 70 },
        { orderId: 'd', leadsLast7Days: 1, capLast7Days: 100 },
      ],
      3,
    );
    expect(ranked.map((o) => [o.orderId, o.fillPercent])).toEqual([
      ['c', 0],
      ['b', 0],
      ['d', 1],
    ]);
  });
});

describe('daysEndingWith', () => {
  it('gives the days oldest first across a month end', () => {
    expect(daysEndingWith('2026-03-02', 4)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
});
