import { describe, expect, it } from 'vitest';
import { criteriaOf, formatPingTime, pingHistorySearchSchema } from './ping-history-search.ts';

describe('Ping History search', () => {
  it('asks for nothing until a campaign, a vendor and both days were submitted', () => {
    expect(criteriaOf(pingHistorySearchSchema.parse({ campaign: 'HLT', start: '2026-05-01', end: '2026-05-02' }))).toBeUndefined();
    expect(criteriaOf(pingHistorySearchSchema.parse({ campaign: 'HLT', vendor: 'BLUE', start: '2026-05-01', end: '2026-05-02' }))).toEqual({
      campaignCode: 'HLT', vendorCode: 'BLUE', startDate: '2026-05-01', endDate: '2026-05-02', page: 1, sort: 'Timestamp', desc: false,
    });
  });

  it('drops a code or a day that is not one instead of failing the page', () => {
    const search = pingHistorySearchSchema.parse({ campaign: 'a/b', vendor: 'BLUE', start: 'yesterday', end: '2026-05-02' });
    expect(search.campaign).toBeUndefined();
    expect(search.start).toBeUndefined();
  });

  it('shows a ping time as MM/DD/YYYY h:mm:ss AM in Central time', () => {
    expect(formatPingTime('2026-05-01T14:05:09.000Z')).toBe('05/01/2026 9:05:09 AM');
  });
});
