import { describe, expect, it } from 'vitest';
import { leadArrivedDetail, leadSoldDetail } from './lead-events.ts';

const arrived = {
  eventId: 'lead-arrived:L1',
  leadId: 'L1',
  userFacingLeadId: 100001,
  source: 'vendor',
  campaignId: 'C1',
  vendorId: 'V1',
  result: 'sold',
  status: 'Sold',
  occurredAt: '2026-01-01T10:00:00.000Z',
} as const;

const sold = {
  eventId: 'lead-sold:L1:A1',
  leadId: 'L1',
  userFacingLeadId: 100001,
  campaignId: 'C1',
  vendorId: 'V1',
  fundId: 'F1',
  orderId: 'O1',
  agentId: 'A1',
  recipientAgentId: 'A2',
  priceCents: 2500,
  retryAttempt: 0,
  occurredAt: '2026-01-01T10:00:00.000Z',
} as const;

describe('the lead events', () => {
  it('accept ids, campaign, vendor, status and price', () => {
    expect(leadArrivedDetail.parse(arrived)).toEqual(arrived);
    expect(leadSoldDetail.parse(sold)).toEqual(sold);
  });

  it('refuse anything personal added to them', () => {
    for (const extra of [{ firstName: 'Pat' }, { primaryPhone: '3125550100' }, { email: 'pat@example.com' }, { ip: '203.0.113.5' }]) {
      expect(leadArrivedDetail.safeParse({ ...arrived, ...extra }).success).toBe(false);
      expect(leadSoldDetail.safeParse({ ...sold, ...extra }).success).toBe(false);
    }
  });

  it('refuse a price that is not whole cents', () => {
    expect(leadSoldDetail.safeParse({ ...sold, priceCents: 25.5 }).success).toBe(false);
  });
});
