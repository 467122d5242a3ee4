import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodKeys, usedIn } from '#core/orders/periods.ts';
import type { Fund } from '#entities/fund.ts';
import { USAGE_PERIODS } from '#entities/order.ts';
import { DAYS } from '#shared/orders/order.ts';
import { TIME_ZONE_NAMES } from '#shared/time-zones.ts';
import { byRank, CAPS, decide, PASSED, routeTo, zoneOf, type CandidateRow, type CatalogueContext, type DecisionLead } from './decide.ts';
import { localTime, scheduleCovers } from './rules.ts';

const FUND: Fund = {
  fundId: 'F1', name: 'Fund', description: '', code: 'F1', lineOfBusiness: 2, category: 1, channel: 6, captivePriceCents: 2_500, brokerPriceCents: 3_000,
  isActive: true, isLiveTransfer: false, startDate: '2020-01-01T00:00:00.000Z', endDate: '2099-01-01T00:00:00.000Z', specifiedAgentIds: [], createdAt: '2020-01-01T00:00:00.000Z', revision: 1, modifiedBy: 't', lastUpdated: '2020-01-01T00:00:00.000Z',
};
const CTX: CatalogueContext = {
  campaign: { campaignId: 'C1', channel: 'Both', isLiveTransfer: false, category: 1 },
  pairs: [{ campaignId: 'C1', vendorId: 'V1', captivePriceCents: 2_500, brokerPriceCents: 3_000 }],
  fundPriority: new Map([['F1', 1]]),
  funds: new Map([['F1', FUND]]),
  allowCreditLine: true,
};
const LEAD: DecisionLead = { campaignId: 'C1', vendorId: 'V1', stateCode: 'IL', zipCode: '60601', place: { latitude: 41.88, longitude: -87.62 } };
const AT = new Date('2026-03-04T15:10:00.000Z');
const ALL_WEEK = [{ slotId: 's', startSlot: 0, endSlot: 48, days: [...DAYS] }];

function row(n: number, over: { order?: Partial<CandidateRow['order']>; owner?: Partial<CandidateRow['owner']>; balanceCents?: number; target?: Partial<CandidateRow['target']>; recipientsActive?: Record<string, boolean> } = {}): CandidateRow {
  const agentId = `A${n}`;
  return {
    order: {
      orderId: `O${String(n).padStart(3, '0')}`, userFacingOrderId: n, agentId, status: 1, isFundOrder: true, selectedFundIds: ['F1'], campaigns: [],
      recipients: [{ agentId, firstName: 'a', lastName: 'b', percentage: 100 }], slots: ALL_WEEK, maxPerHour: 0, maxPerDay: 0, maxPerWeek: 0, maxPerMonth: 0,
      receivedCounts: {}, leadCount: 0, revision: 1, ...over.order,
    },
    target: { zips: [], fundIds: ['F1'], campaignVendors: [], active: true, revision: 1, ...over.target },
    owner: { agentId, status: 1, orderStatus: 1, type: 0, priority: 5, timeZone: 'Central', liveTransferStatus: 1, thirdPartyLeadStatus: true, ...over.owner },
    balance: { agentId, balanceCents: over.balanceCents ?? 10_000, creditLineCents: 0, version: 1, updatedAt: '2026-01-01T00:00:00.000Z' },
    recipientsActive: over.recipientsActive ?? {},
  };
}

describe("a fund's dates in the decision", () => {
  // Stored as midnight UTC, a fund ending 31 May reads '2026-05-31T00:00:00.000Z': that instant is 7 pm
  // Central on 30 May. Compared with the lead's instant, the fund stopped taking leads then; its days
  // are the company's (Central) days.
  const endsMay31 = { ...CTX, funds: new Map([['F1', { ...FUND, startDate: '2026-05-01T00:00:00.000Z', endDate: '2026-05-31T00:00:00.000Z' }]]) };
  const sells = (at: string) => decide(LEAD, new Date(at), endsMay31, [row(1)]).offers.length === 1;

  it('takes leads through its end day in Central time, and not after it', () => {
    expect(sells('2026-05-31T00:30:00.000Z')).toBe(true); // 30 May, 7:30 pm Central
    expect(sells('2026-06-01T04:30:00.000Z')).toBe(true); // 31 May, 11:30 pm Central
    expect(sells('2026-06-01T05:30:00.000Z')).toBe(false); // 1 June, 12:30 am Central
  });

  it('takes none before its start day in Central time', () => {
    expect(sells('2026-05-01T04:30:00.000Z')).toBe(false); // 30 April, 11:30 pm Central
    expect(sells('2026-05-01T05:30:00.000Z')).toBe(true); // 1 May, 12:30 am Central
  });
});

describe('the decision over a snapshot', () => {
  it('ranks by agent priority, then the nearest agent, then the order served least recently, then the order id', () => {
    const near = { latitude: 41.9, longitude: -87.6 };
    const far = { latitude: 40, longitude: -89 };
    const snapshot = [
      row(1, { owner: { priority: 5, place: near } }),
      row(2, { owner: { priority: 1, place: far } }),
      row(3, { owner: { priority: 5, place: far } }),
      row(4, { owner: { priority: 5, place: near }, order: { lastLeadAt: '2026-03-01T00:00:00.000Z' } }),
      row(5, { owner: { priority: 5, place: near }, order: { lastLeadAt: '2026-02-01T00:00:00.000Z' } }),
    ];
    expect(decide(LEAD, AT, CTX, snapshot).offers.map((o) => o.row.order.orderId)).toEqual(['O002', 'O001', 'O005', 'O004', 'O003']);
  });

  it('passes over each candidate with why, and leaves out orders that do not take the zip or the campaign', () => {
    const snapshot = [
      row(1, { order: { status: 0 } }),
      row(2, { owner: { status: 0 } }),
      row(3, { owner: { orderStatus: 0 } }),
      row(4, { balanceCents: 100 }),
      row(5, { order: { maxPerDay: 2, usage: { days: { '2026-03-04': 2 } } } }),
      row(6, { order: { slots: [{ slotId: 's', startSlot: 0, endSlot: 2, days: ['Monday'] }] } }),
      row(7, { target: { zips: ['60602'] } }),
      row(8, { target: { fundIds: ['F9'] } }),
      row(9, { order: { recipients: [{ agentId: 'R9', firstName: 'r', lastName: 'r', percentage: 100 }] }, recipientsActive: { R9: false } }),
      row(10),
    ];
    const { offers, passed } = decide(LEAD, AT, CTX, snapshot);
    expect(offers.map((o) => [o.row.order.orderId, o.fundId, o.priceCents, o.recipientId])).toEqual([['O010', 'F1', 2_500, 'A10']]);
    expect(passed).toEqual([
      { orderId: 'O001', agentId: 'A1', passedOver: PASSED.notActive },
      { orderId: 'O002', agentId: 'A2', passedOver: PASSED.agentInactive },
      { orderId: 'O003', agentId: 'A3', passedOver: PASSED.agentPaused },
      { orderId: 'O004', agentId: 'A4', passedOver: PASSED.balance },
      { orderId: 'O005', agentId: 'A5', passedOver: 'The day cap of 2 is reached.' },
      { orderId: 'O006', agentId: 'A6', passedOver: "The schedule does not cover Wednesday 09:10 in the agent's time zone." },
      { orderId: 'O009', agentId: 'A9', passedOver: PASSED.recipient },
    ]);
  });

  it('splits a routing rule within one lead of its percentage', () => {
    const toCallCenter = Array.from({ length: 100 }, (_v, i) => routeTo({ callCenterPercent: 30, seq: i + 1 })).filter((to) => to === 'callCenter');
    expect(toCallCenter).toHaveLength(30);
  });
});

// Property-based: random snapshots (statuses, caps and usage, schedules in every zone, balances, zips,
// recipients), random moments; the invariants hold for every offer the decision makes.
const ZONES = [...TIME_ZONE_NAMES];
const rowArb = (n: number) =>
  fc
    .record({
      status: fc.constantFrom(0, 1, 1, 1, 2),
      ownerStatus: fc.constantFrom(0, 1, 1, 1),
      orderStatus: fc.constantFrom(0, 1, 1, 1),
      leadsStopped: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      priority: fc.integer({ min: 1, max: 3 }),
      zone: fc.constantFrom(...ZONES),
      place: fc.option(fc.record({ latitude: fc.integer({ min: 30, max: 45 }), longitude: fc.integer({ min: -110, max: -80 }) }), { nil: undefined }),
      slot: fc.option(fc.record({ start: fc.integer({ min: 0, max: 47 }), len: fc.integer({ min: 1, max: 48 }), days: fc.subarray([...DAYS], { minLength: 1 }) }), { nil: undefined }),
      caps: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }),
      used: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 4, maxLength: 4 }),
      usageCurrent: fc.boolean(),
      balanceCents: fc.integer({ min: 0, max: 6_000 }),
      creditLineCents: fc.constantFrom(0, 0, 1_000),
      zips: fc.constantFrom([], ['60601'], ['60602'], ['60601', '60603']),
      lastLeadAt: fc.option(fc.constantFrom('2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z'), { nil: undefined }),
      sharer: fc.option(fc.record({ percentage: fc.integer({ min: 0, max: 100 }), active: fc.boolean() }), { nil: undefined }),
    })
    .map((r): CandidateRow => {
      const agentId = `A${n}`;
      const at = AT;
      const keys = periodKeys(at, zoneOf({ timeZone: r.zone }));
      const usage = r.usageCurrent
        ? { HOUR: { key: keys.HOUR, count: r.used[0]! }, WEEK: { key: keys.WEEK, count: r.used[2]! }, MONTH: { key: keys.MONTH, count: r.used[3]! }, days: { [keys.DAY]: r.used[1]! } }
        : { HOUR: { key: '2000-01-01T00', count: 9 }, days: { '2000-01-01': 9 } };
      const recipients = [{ agentId, firstName: 'a', lastName: 'b', percentage: r.sharer ? 100 - r.sharer.percentage : 100 }, ...(r.sharer ? [{ agentId: `R${n}`, firstName: 'r', lastName: 'r', percentage: r.sharer.percentage }] : [])];
      const base = row(n, {
        order: {
          status: r.status as 0 | 1 | 2, slots: r.slot ? [{ slotId: 's', startSlot: r.slot.start, endSlot: Math.min(48, r.slot.start + r.slot.len), days: r.slot.days }] : [],
          maxPerHour: r.caps[0]!, maxPerDay: r.caps[1]!, maxPerWeek: r.caps[2]!, maxPerMonth: r.caps[3]!, usage, recipients, ...(r.lastLeadAt ? { lastLeadAt: r.lastLeadAt } : {}),
        },
        owner: { status: r.ownerStatus as 0 | 1, orderStatus: r.orderStatus as 0 | 1, priority: r.priority, timeZone: r.zone, ...(r.place ? { place: r.place } : {}) },
        target: { zips: [...r.zips] },
        recipientsActive: r.sharer ? { [`R${n}`]: r.sharer.active } : {},
      });
      return { ...base, balance: { ...base.balance!, balanceCents: r.balanceCents, creditLineCents: r.creditLineCents, ...(r.leadsStopped ? { leadsStopped: true as const } : {}) } };
    });
const snapshotArb = fc.integer({ min: 0, max: 12 }).chain((size) => fc.tuple(...Array.from({ length: size }, (_v, i) => rowArb(i + 1))));
const momentArb = fc.date({ min: new Date('2026-01-01T00:00:00.000Z'), max: new Date('2026-12-31T23:59:59.000Z'), noInvalidDate: true });
const RUNS = { numRuns: 200, seed: 21 };
/** A loaded machine runs 200 property runs slower than a unit test's default 5 s. */
const PROPERTY_TIMEOUT = 60_000;

describe('the decision, property-based', () => {
  it('never offers outside geography, schedule or caps in the agent’s zone, nor to a paused or cancelled order, an inactive or paused agent, or one who cannot pay', () => {
    fc.assert(
      fc.property(snapshotArb, momentArb, (snapshot, at) => {
        const { offers, passed } = decide(LEAD, at, CTX, snapshot);
        for (const o of offers) {
          const { order, owner, target, balance } = o.row;
          const zone = zoneOf(owner);
          expect(target.zips.length === 0 || target.zips.includes(LEAD.zipCode)).toBe(true);
          expect(scheduleCovers(order.slots, localTime(at, zone))).toBe(true);
          const used = usedIn(order.usage, periodKeys(at, zone));
          for (const p of USAGE_PERIODS) if (order[CAPS[p]] > 0) expect(used[p]).toBeLessThan(order[CAPS[p]]);
          expect([order.status, owner.status, owner.orderStatus]).toEqual([1, 1, 1]);
          expect(balance!.leadsStopped).toBeUndefined();
          expect(o.priceCents).toBeLessThanOrEqual(balance!.balanceCents + balance!.creditLineCents);
          const share = order.recipients.find((r) => r.agentId === o.recipientId);
          expect(share && share.percentage > 0 && (o.recipientId === order.agentId || o.row.recipientsActive[o.recipientId])).toBe(true);
        }
        // Every candidate that takes the zip is offered or passed over, once.
        const considered = [...offers.map((o) => o.row.order.orderId), ...passed.map((p) => p.orderId)].sort();
        expect(considered).toEqual(snapshot.filter((r) => r.target.zips.length === 0 || r.target.zips.includes(LEAD.zipCode)).map((r) => r.order.orderId).sort());
      }),
      RUNS,
    );
  }, PROPERTY_TIMEOUT);

  it('ranks priority, then distance, then least recently served', () => {
    fc.assert(
      fc.property(snapshotArb, momentArb, (snapshot, at) => {
        const { offers } = decide(LEAD, at, CTX, snapshot);
        for (let i = 1; i < offers.length; i++) {
          const [a, b] = [offers[i - 1]!, offers[i]!];
          expect(byRank(a, b)).toBeLessThan(0);
          expect(a.row.owner.priority).toBeLessThanOrEqual(b.row.owner.priority);
          if (a.row.owner.priority === b.row.owner.priority) expect(a.distance).toBeLessThanOrEqual(b.distance);
          if (a.row.owner.priority === b.row.owner.priority && a.distance === b.distance) expect((a.row.order.lastLeadAt ?? '') <= (b.row.order.lastLeadAt ?? '')).toBe(true);
        }
      }),
      RUNS,
    );
  }, PROPERTY_TIMEOUT);

  it("keeps each active recipient's leads within one of its share over many leads, an inactive recipient's share going to the others", () => {
    const sharesArb = fc.array(fc.record({ percentage: fc.integer({ min: 0, max: 60 }), active: fc.boolean() }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(sharesArb, fc.integer({ min: 1, max: 60 }), (shares, leads) => {
        const recipients = [{ agentId: 'A1', firstName: 'o', lastName: 'o', percentage: 10 }, ...shares.map((s, i) => ({ agentId: `R${i}`, firstName: 'r', lastName: 'r', percentage: s.percentage }))];
        const recipientsActive = Object.fromEntries(shares.map((s, i) => [`R${i}`, s.active]));
        const received: Record<string, number> = {};
        for (let n = 0; n < leads; n++) {
          const [offer] = decide(LEAD, AT, CTX, [row(1, { order: { recipients, receivedCounts: { ...received } }, recipientsActive })]).offers;
          received[offer!.recipientId] = (received[offer!.recipientId] ?? 0) + 1;
        }
        const live = recipients.filter((r) => r.percentage > 0 && (r.agentId === 'A1' || recipientsActive[r.agentId]));
        const total = live.reduce((s, r) => s + r.percentage, 0);
        for (const r of recipients) {
          const expected = live.includes(r) ? (leads * r.percentage) / total : 0;
          expect(Math.abs((received[r.agentId] ?? 0) - expected)).toBeLessThanOrEqual(1);
        }
      }),
      RUNS,
    );
  }, PROPERTY_TIMEOUT);
});
