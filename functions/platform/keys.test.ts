import { describe, expect, it } from 'vitest';
import { leadKeys, orderKeys, reportDay } from './keys.ts';

describe('reportDay', () => {
  it('counts days in the reporting time zone (Central), not UTC', () => {
    expect(reportDay('2024-05-02T04:59:59.000Z')).toBe('2024-05-01');
    expect(reportDay('2024-05-02T05:00:00.000Z')).toBe('2024-05-02');
    expect(reportDay('2024-01-02T05:59:59.000Z')).toBe('2024-01-01');
  });
});

describe('sparse indexes', () => {
  it('indexes an order target for routing only while the order is active', () => {
    const target = { orderId: 'o1', source: 'FUND' as const, sourceId: 'f1', state: 'IL', agentId: 'A1' };
    expect(orderKeys.target({ ...target, active: true })).toMatchObject({ gsi3pk: 'OPEN_ORDERS#FUND#f1', gsi3sk: 'IL#A1#o1' });
    expect(orderKeys.target({ ...target, active: false })).not.toHaveProperty('gsi3pk');
  });
});

describe('lead keys', () => {
  it('file leads under the reporting month of their time for All Leads', () => {
    expect(leadKeys.lead({ leadId: 'l1', agentId: 'A1', recipientAgentId: 'A2', at: '2024-06-01T02:00:00.000Z' }).gsi3pk).toBe('LEADS_MONTH#2024-05');
  });
});
