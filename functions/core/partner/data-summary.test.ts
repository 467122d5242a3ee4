import { describe, expect, it } from 'vitest';
import { daysOf, summaryOf } from './data-summary.ts';

describe('partner Home summary', () => {
  it('lists every day of the range, both ends included, across a month end', () => {
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysOf('2026-03-05', '2026-03-05')).toEqual(['2026-03-05']);
  });

  it('sums the shards of a day, leaves days without cells at zero and cells outside the range out', () => {
    const summary = summaryOf(
      [
        { day: '2026-03-01', posted: 3, sold: 2, unsold: 1, soldCents: 1000 },
        { day: '2026-03-01', posted: 2, sold: 1, duplicate: 1, returned: 1, soldCents: 500, returnedCents: 500 },
        { day: '2026-03-03', posted: 1, rejected: 1 },
        { day: '2026-02-28', posted: 9, sold: 9, soldCents: 9000 },
      ],
      '2026-03-01',
      '2026-03-03',
    );
    expect(summary.Days.map((d) => [d.Day, d.Posted, d.Sold, d.Returned, d.Revenue])).toEqual([
      ['2026-03-01', 5, 3, 1, 10],
      ['2026-03-02', 0, 0, 0, 0],
      ['2026-03-03', 1, 0, 0, 0],
    ]);
    expect(summary.Totals).toEqual({ Posted: 6, Sold: 3, Unsold: 1, CallCenter: 0, Duplicate: 1, Rejected: 1, RejectedDoNotCall: 0, Returned: 1, SoldRevenue: 15, ReturnedRevenue: 5, Revenue: 10 });
  });

  it('counts revenue as the vendor price of the sold leads less that of the returned ones, in dollars', () => {
    const { Totals } = summaryOf([{ day: '2026-03-01', posted: 2, sold: 2, returned: 1, soldCents: 2 * 1234, returnedCents: 1234 }], '2026-03-01', '2026-03-01');
    expect([Totals.SoldRevenue, Totals.ReturnedRevenue, Totals.Revenue]).toEqual([24.68, 12.34, 12.34]);
  });

  it('adds a lead that moved from Unsold to Sold to the sold count only (its -1 unsold cancels its arrival)', () => {
    const { Totals } = summaryOf(
      [
        { day: '2026-03-01', posted: 1, unsold: 1 },
        { day: '2026-03-01', unsold: -1, sold: 1, soldCents: 700 },
      ],
      '2026-03-01',
      '2026-03-01',
    );
    expect([Totals.Posted, Totals.Unsold, Totals.Sold, Totals.Revenue]).toEqual([1, 0, 1, 7]);
  });
});
