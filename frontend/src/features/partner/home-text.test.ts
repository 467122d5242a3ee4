import { describe, expect, it } from 'vitest';
import type { PartnerFigures } from '#shared/api/partner-data.ts';
import { headline, lastDays, outcomesCaption, revenueCaption } from './home-text.ts';

const figures = (over: Partial<PartnerFigures> = {}): PartnerFigures => ({
  Posted: 1204, Sold: 812, Unsold: 250, CallCenter: 80, Duplicate: 40, Rejected: 22, RejectedDoNotCall: 0, Returned: 14, SoldRevenue: 24_360, ReturnedRevenue: 420, Revenue: 23_940, ...over,
});

describe('partner Home words', () => {
  it('sums the range up in one sentence', () => {
    expect(headline(figures(), 30)).toBe('Last 30 days: 1,204 leads posted, 812 sold (67 %), 14 returned, revenue $23,940.00.');
    expect(headline(figures({ Posted: 0 }), 7)).toBe('Last 7 days: no leads posted.');
  });

  it('says what became of the leads, each outcome with its share', () => {
    expect(outcomesCaption(figures(), 30)).toBe(
      'Of 1,204 leads posted in the last 30 days, 812 sold (67 %), 250 unsold (21 %), 80 sent to the call center (7 %), 40 duplicate (3 %), 22 rejected (2 %); 14 of the sold leads were returned.',
    );
    expect(outcomesCaption(figures({ RejectedDoNotCall: 5 }), 30)).toContain('22 rejected (2 %, 5 of them rejected: do not call)');
  });

  it('names the revenue, what returns took back and the best day', () => {
    const days = [
      { ...figures({ Revenue: 100 }), Day: '2026-03-01' },
      { ...figures({ Revenue: 250.5 }), Day: '2026-03-02' },
    ];
    expect(revenueCaption(figures(), days)).toBe(
      'Revenue $23,940.00 in the last 2 days: $24,360.00 for 812 leads sold at your vendor price, less $420.00 for 14 leads returned; the best day was 03/02/2026 with $250.50.',
    );
  });

  it('counts the last days on the Central calendar, today included', () => {
    // 03:00 UTC on March 10 is still March 9 in Chicago.
    expect(lastDays(7, new Date('2026-03-10T03:00:00Z'))).toEqual({ from: '2026-03-03', to: '2026-03-09' });
  });
});
