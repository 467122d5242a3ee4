import { describe, expect, it } from 'vitest';
import { matchRoute } from '../manifest.ts';
import { isAllowedStatusChange, ORDER_CARD_TEXTS, ORDER_LIMITS, ORDER_STATUS, slotLabel, toDayFlags, toDays } from './order.ts';
import { US_STATES } from '../lookups.ts';

describe('order statuses (2§4)', () => {
  it('toggles Active and Paused, cancels either, and reactivates a cancelled order to Paused only', () => {
    const { Active, Paused, Cancelled } = ORDER_STATUS;
    expect(isAllowedStatusChange(Active, Paused)).toBe(true);
    expect(isAllowedStatusChange(Paused, Active)).toBe(true);
    expect(isAllowedStatusChange(Active, Cancelled)).toBe(true);
    expect(isAllowedStatusChange(Paused, Cancelled)).toBe(true);
    expect(isAllowedStatusChange(Cancelled, Paused)).toBe(true);
    expect(isAllowedStatusChange(Cancelled, Active)).toBe(false);
    expect(isAllowedStatusChange(Active, Active)).toBe(false);
  });
});

describe('slots and days (2§9)', () => {
  it('labels half-hour slots in 12-hour time', () => {
    expect([slotLabel(0), slotLabel(27), slotLabel(48)]).toEqual(['12:00 AM', '1:30 PM', '12:00 AM']);
  });

  it('maps the campaign flow day booleans onto day names and back', () => {
    const flags = toDayFlags(['Monday', 'Sunday']);
    expect(toDays({ StartSlot: 0, EndSlot: 48, ...flags })).toEqual(['Monday', 'Sunday']);
  });
});

describe('one save fits one transaction', () => {
  it('keeps the worst save (every state replaced, every recipient replaced) within 100 items', () => {
    // header, geography, history, status history, the lead engine's change item, and the Open Orders
    // all-states list: its item (deleted and put again when the owner changes) and its count
    const fixed = 8;
    const recipientItems = 2 * (ORDER_LIMITS.recipientsMax - 1); // owners have no item; old and new all differ
    expect(fixed + recipientItems + US_STATES.length).toBeLessThanOrEqual(100);
  });
});

describe('card texts (2§2)', () => {
  it('keeps the warnings word for word', () => {
    expect(ORDER_CARD_TEXTS.Reassigned).toBe('Order has been reassigned');
    expect(ORDER_CARD_TEXTS.Terminated).toBe('Downline Agent has been terminated');
    expect(ORDER_CARD_TEXTS.FundsInactive).toBe('Order funds are no longer active');
    expect(ORDER_CARD_TEXTS.count(3, 7)).toBe('Displaying 3 of 7 orders');
  });
});

describe('routes', () => {
  it('sends POST agent/{id}/orders/export to the export, and a GET of it to an order with the id "export" (no export starts from a GET)', () => {
    expect(matchRoute('POST', '/agent/A1/orders/export')?.route.id).toBe('orders.openOrdersExport');
    expect(matchRoute('GET', '/agent/A1/orders/export')?.route.id).toBe('orders.get');
    expect(matchRoute('GET', '/agent/A1/orders/O-1')?.route.id).toBe('orders.get');
  });
});
