import { describe, expect, it } from 'vitest';
import { notificationText, type NotificationDto } from './notifications.ts';

const sold: NotificationDto = {
  NotificationId: '2026-12-04T15:00:00.000Z#sale#L1#A1',
  Kind: 'LeadSold',
  At: '2026-12-04T15:00:00.000Z',
  LeadId: 'L1',
  LeadNumber: 100_001,
  LeadName: 'Sam Split',
  OrderName: 'Arizona team',
  Price: 35,
  DistributedTo: null,
  Decision: null,
  Balance: null,
  Threshold: null,
};

describe('a sold lead’s notification text', () => {
  it('names the lead, the order and the price', () => {
    expect(notificationText(sold)).toEqual({ title: 'New lead: Sam Split', message: 'Order Arizona team, $35.00' });
  });

  it('tells the buyer of a split order which agent received it', () => {
    expect(notificationText({ ...sold, DistributedTo: 'Carlos Captive' })).toEqual({ title: 'New lead: Sam Split', message: 'Order Arizona team, $35.00, distributed to Carlos Captive' });
  });
});
