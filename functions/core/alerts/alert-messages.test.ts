import { describe, expect, it } from 'vitest';
import type { NotificationDto } from '#shared/api/notifications.ts';
import { alertEmail, alertSms, phoneText } from './alert-messages.ts';

const links = { origin: 'https://portal.example.com', token: 'A000123.e.abcdefghijklmnopqrstuv' };
const sold: NotificationDto = {
  NotificationId: '2026-05-01T15:00:00.000Z#sale#L1#A000123',
  Kind: 'LeadSold',
  At: '2026-05-01T15:00:00.000Z',
  LeadId: 'L1',
  LeadNumber: 4321,
  LeadName: 'Dana Quick',
  OrderName: 'Wisconsin order',
  Price: 30,
  Decision: null,
  Balance: null,
  DistributedTo: null,
  Threshold: null,
};
/** Everything else a lead carries: none of it may reach a message. */
const lead = { phone: '3125550142', email: 'dana.quick@example.com', address1: '1 Main St', city: 'Milwaukee', birthDate: '1970-05-01', zipCode: '53203', notes: 'call after 5' };
const PRIVATE = [lead.email, lead.address1, lead.city, lead.birthDate, lead.zipCode, lead.notes, 'L1'];

describe('alert messages', () => {
  it('gives a sold lead name, phone and link, in the e-mail and the text, and nothing else of the lead', () => {
    const mail = alertEmail(sold, lead, links);
    const sms = alertSms(sold, lead, links);
    expect(mail.subject).toBe('New lead: Dana Quick');
    expect(mail.text).toContain('Order Wisconsin order, $30.00');
    expect(mail.text).toContain('Call: (312) 555-0142');
    expect(mail.text).toContain('Open the lead: https://portal.example.com/leads?leadId=4321');
    expect(sms).toBe(
      'Lead Portal: New lead: Dana Quick. Order Wisconsin order, $30.00. Call (312) 555-0142. https://portal.example.com/leads?leadId=4321 Stop texts: https://portal.example.com/alerts/unsubscribe?token=A000123.e.abcdefghijklmnopqrstuv',
    );
    for (const text of [mail.subject, mail.text, sms, ...Object.values(mail.headers)]) for (const value of PRIVATE) expect(text).not.toContain(value);
  });

  it('carries the one-click unsubscribe link in the body and in the List-Unsubscribe headers', () => {
    const mail = alertEmail(sold, lead, links);
    expect(mail.text).toContain('Stop e-mail alerts: https://portal.example.com/alerts/unsubscribe?token=A000123.e.abcdefghijklmnopqrstuv');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://portal.example.com/api/alerts/unsubscribe?token=A000123.e.abcdefghijklmnopqrstuv>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('leaves the phone out once the lead no longer has one', () => {
    expect(alertEmail(sold, { phone: '' }, links).text).not.toContain('Call');
    expect(alertSms(sold, undefined, links)).not.toContain('Call');
  });

  it('tells a dispute decision by lead number with its link, and a low balance with the page to add money, with no phone', () => {
    const dispute: NotificationDto = { ...sold, Kind: 'DisputeDecided', LeadName: null, OrderName: null, Price: null, Decision: 'Approved' };
    const low: NotificationDto = { ...sold, Kind: 'BalanceLow', LeadId: null, LeadNumber: null, LeadName: null, OrderName: null, Price: null, Balance: 12.5, Threshold: 50 };
    expect(alertSms(dispute, lead, links)).toBe(
      'Lead Portal: Dispute approved. The dispute of lead #4321 was approved and its price credited back. https://portal.example.com/leads?leadId=4321 Stop texts: https://portal.example.com/alerts/unsubscribe?token=A000123.e.abcdefghijklmnopqrstuv',
    );
    expect(alertEmail(low, lead, links).text).toContain('Add lead money: https://portal.example.com/addFundsCC');
    expect(alertSms(low, lead, links)).toContain('Your lead balance of $12.50 is below your alert threshold of $50.00.');
    expect(alertSms(low, lead, links)).not.toContain('555');
  });

  it('writes a phone number the way the portal shows it', () => {
    expect(phoneText('13125550142')).toBe('(312) 555-0142');
    expect(phoneText('12345')).toBe('12345');
  });
});
