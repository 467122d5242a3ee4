import { describe, expect, it } from 'vitest';
import { END_BEFORE_START } from './define.ts';
import { PARTNER_DATA_MESSAGES, partnerLeadsQuery, partnerReturnsQuery, partnerSummaryQuery } from './partner-data.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe('partner data queries', () => {
  it('takes a range of up to 366 days and refuses a longer or reversed one with the message', () => {
    expect(partnerSummaryQuery.parse({ from: '2025-03-01', to: '2026-03-01' })).toEqual({ from: '2025-03-01', to: '2026-03-01' });
    expect(messages(partnerSummaryQuery.safeParse({ from: '2025-02-28', to: '2026-03-01' }))).toEqual([PARTNER_DATA_MESSAGES.range]);
    expect(messages(partnerSummaryQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' }))).toEqual([END_BEFORE_START]);
    expect(partnerSummaryQuery.safeParse({ from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
    expect(partnerSummaryQuery.safeParse({ to: '2026-03-01' }).success).toBe(false);
  });

  it('parses the leads query from text, with page 1 of 25 by default, at most 100 a page', () => {
    expect(partnerLeadsQuery.parse({ from: '2026-03-01', to: '2026-03-31', outcome: 'Returned', campaignId: '', page: '2' })).toEqual({ from: '2026-03-01', to: '2026-03-31', outcome: 'Returned', page: 2, pageSize: 25 });
    expect(messages(partnerLeadsQuery.safeParse({ from: '2026-03-01', to: '2026-03-31', pageSize: '101' }))).toEqual([PARTNER_DATA_MESSAGES.pageSize]);
    expect(messages(partnerLeadsQuery.safeParse({ from: '2026-03-01', to: '2026-03-31', outcome: 'Bought' }))).toEqual([PARTNER_DATA_MESSAGES.outcome]);
    expect(partnerLeadsQuery.safeParse({ from: '2026-03-01', to: '2026-03-31', campaignId: 'x'.repeat(65) }).success).toBe(false);
  });

  it('filters returns by a dispute status only', () => {
    expect(partnerReturnsQuery.parse({ from: '2026-03-01', to: '2026-03-31', status: 'Denied' })).toMatchObject({ status: 'Denied' });
    expect(messages(partnerReturnsQuery.safeParse({ from: '2026-03-01', to: '2026-03-31', status: 'Credited' }))).toEqual([PARTNER_DATA_MESSAGES.status]);
  });
});
