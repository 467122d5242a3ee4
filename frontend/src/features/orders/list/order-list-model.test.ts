import { describe, expect, it } from 'vitest';
import { orderListSearchSchema, attentionEntries, attentionReasons, countLine, gaugesOf, loadsActiveOnly, visibleOrders } from './order-list-model.ts';
import { orderSummary } from './order-fixtures.ts';

const fund = (id: string, Created: string, extra = {}) => orderSummary({ OrderId: id, Description: `Fund ${id}`, Created, ...extra });
const campaign = (id: string, Created: string, extra = {}) => orderSummary({ OrderId: id, Description: `Campaign ${id}`, Created, IsFundOrder: false, ...extra });

const ORDERS = [
  fund('f1', '2026-01-01T00:00:00Z'),
  fund('f2', '2026-03-01T00:00:00Z', { Status: 2 }),
  fund('f3', '2026-02-01T00:00:00Z', { Status: 0 }),
  campaign('c1', '2026-04-01T00:00:00Z'),
];
const ids = (orders: { OrderId: string }[]) => orders.map((o) => o.OrderId);

describe('My Orders list', () => {
  it('the URL search defaults to active orders, cancelled hidden, no search text', () => {
    expect(orderListSearchSchema.parse({})).toEqual({ showCancelled: false, all: false, q: '' });
  });

  it('asks for every order (activeOnly false) only when cancelled ones are shown or loaded', () => {
    expect(loadsActiveOnly({ showCancelled: false, all: false })).toBe(true);
    expect(loadsActiveOnly({ showCancelled: true, all: false })).toBe(false);
    expect(loadsActiveOnly({ showCancelled: false, all: true })).toBe(false);
  });

  it('the fund list shows only fund orders, newest first by Created, cancelled ones hidden', () => {
    const visible = visibleOrders(ORDERS, 'fund', { showCancelled: false, q: '' });
    expect(ids(visible.shown)).toEqual(['f3', 'f1']);
    expect(countLine(visible)).toBe('Displaying 2 of 3 orders');
  });

  it('the older list removes fund orders', () => {
    expect(ids(visibleOrders(ORDERS, 'campaign', { showCancelled: false, q: '' }).shown)).toEqual(['c1']);
  });

  it('Show Cancelled shows cancelled orders in their place', () => {
    const visible = visibleOrders(ORDERS, 'fund', { showCancelled: true, q: '' });
    expect(ids(visible.shown)).toEqual(['f2', 'f3', 'f1']);
    expect(countLine(visible)).toBe('Displaying 3 of 3 orders');
  });

  it('the search matches the name, number, fund and recipient, ignoring case', () => {
    const orders = [fund('a', '2026-01-01T00:00:00Z', { Description: 'Ohio Life', UserFacingOrderId: 77 }), fund('b', '2026-01-02T00:00:00Z')];
    const search = (q: string) => ids(visibleOrders(orders, 'fund', { showCancelled: false, q }).shown);
    expect(search('ohio')).toEqual(['a']);
    expect(search('77')).toEqual(['a']);
    expect(search('health exclusive')).toEqual(['b', 'a']);
    expect(search('tina')).toEqual(['b', 'a']);
    expect(search('nothing like it')).toEqual([]);
    expect(countLine(visibleOrders(orders, 'fund', { showCancelled: false, q: 'nothing' }))).toBe('Displaying 0 of 2 orders');
  });
});

describe('orders that need attention', () => {
  it('joins the server reasons with the terminated and reassigned lists, in the spec order', () => {
    const listed = [fund('f1', '2026-01-01T00:00:00Z', { AttentionReasons: ['FundsInactive'] }), fund('f3', '2026-02-01T00:00:00Z')];
    const reasons = attentionReasons(listed, [listed[0]!], [fund('f3', '2026-02-01T00:00:00Z')]);
    expect(reasons.get('f1')).toEqual(['Terminated', 'FundsInactive']);
    expect(reasons.get('f3')).toEqual(['Reassigned']);
  });

  it('a cancelled order needs no attention', () => {
    const cancelled = fund('f2', '2026-03-01T00:00:00Z', { Status: 2, AttentionReasons: ['Terminated'] });
    expect(attentionReasons([cancelled], [{ ...cancelled, Status: 1 }], []).has('f2')).toBe(false);
  });

  it('the banner lists the orders of the list kind only, newest first', () => {
    const termed = [fund('f1', '2026-01-01T00:00:00Z'), campaign('c1', '2026-04-01T00:00:00Z')];
    const reassigned = [fund('f9', '2026-05-01T00:00:00Z')];
    expect(attentionEntries([], termed, reassigned, 'fund').map((e) => [e.order.OrderId, e.reasons])).toEqual([
      ['f9', ['Reassigned']],
      ['f1', ['Terminated']],
    ]);
    expect(attentionEntries([], termed, reassigned, 'campaign').map((e) => e.order.OrderId)).toEqual(['c1']);
  });
});

describe('lead intake gauges', () => {
  it('one gauge per cap above zero, used/max as a rounded percentage', () => {
    const gauges = gaugesOf(orderSummary({ MaxPerHour: 0, MaxPerDay: 3, UsedPerDay: 1, MaxPerWeek: 40, UsedPerWeek: 13, MaxPerMonth: 0, UsedPerMonth: 20 }));
    expect(gauges.map((g) => [g.label, g.used, g.max, g.percent])).toEqual([
      ['Daily', 1, 3, 33],
      ['Weekly', 13, 40, 33],
    ]);
  });
});
