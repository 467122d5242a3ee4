// The Open Orders and Internal Leads reports' derived data (issue 12, #92a; issue 20) follows the
// facts, through the real gateway against DynamoDB Local: the Open Orders report (the projector's
// open-orders view held in memory) after an order is created, edited, paused, resumed and cancelled
// (every sort of every state equals the union of the one-state reports, ordered the same way; every
// page equals its slice of the whole list), a record applied twice and a rebuild; the per-day source
// counts after public-form leads of two sources on two days, across the Central day boundary, and every
// page of the paged route equals the whole range. The lead engine stands in for its answer here (the
// form leads stay Received): the counts are of the submissions, whatever the engine does with them.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const engine = vi.hoisted(() => ({ intakeLead: vi.fn() }));
vi.mock('#core/leads/intake.ts', () => ({ intakeLead: engine.intakeLead }));

const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, {
  idPrefix: 'Q',
  codeLetter: 'Q',
  names: { campaign: 'Lists campaign', vendor: 'Lists vendor', fund: 'Lists fund' },
  agentId: (n, run) => `QL${run.slice(-4)}${String(n).padStart(3, '0')}`,
});
const { run: RUN, ids } = fx;

const { NotImplemented } = await import('#platform/errors.ts');
const { ContractMap } = await import('#entities/contract-map.ts');
const { InternalLeadDay } = await import('#entities/internal-lead-day.ts');
const { OpenOrderRow, OPEN_ORDER_SHARDS, openOrderShardOf } = await import('#entities/open-order-row.ts');
const { Order } = await import('#entities/order.ts');
const { submitPublicForm } = await import('#core/leads/public-forms.ts');
const { openOrdersView } = await import('#core/views/open-orders-view.ts');
const { rebuildViews, viewsNamed } = await import('#core/views/rebuild.ts');
const { batchDelete } = await import('#platform/db.ts');
const { ALL_FUNDS_ID, OPEN_ORDER_SORT_COLUMNS } = await import('#shared/api/reports-performance.ts');
type SortColumn = (typeof OPEN_ORDER_SORT_COLUMNS)[number];

let admin: Session;
beforeAll(async () => {
  admin = await api.sessionFor('admin');
  engine.intakeLead.mockRejectedValue(new NotImplemented());
});

describe('Open Orders, all states', () => {
  const orders: { agentId: string; orderId: string }[] = [];

  beforeAll(async () => {
    orders.push(await fx.agentWithOrder({ state: 'WY', zip: '82001', extraStates: ['MT'], description: 'Zulu order' }));
    orders.push(await fx.agentWithOrder({ state: 'MT', zip: '59601', description: 'alpha order' }));
    orders.push(await fx.agentWithOrder({ state: 'ND', zip: '58501', extraStates: ['WY'], description: 'Mike order' }));
  }, 120_000);

  /** A page of the report, once every write so far is projected. */
  const page = async (state: string, sortColumnName: SortColumn, sortOrder: 'asc' | 'desc', p = 1, pageSize = 25, fundId = ids.fund) => {
    await api.settled();
    return api.call('reports.openOrders', { params: { fundId, state }, query: { page: p, pageSize, sortColumnName, sortOrder }, session: admin });
  };

  /** The run's fund's open orders through the one-state reports, one row per order, in the report's ascending order. */
  async function fromStates(column: SortColumn) {
    const rows = new Map<number, Awaited<ReturnType<typeof page>>['body']['Data'][number]>();
    for (const state of ['WY', 'MT', 'ND', 'SD']) for (const r of (await page(state, column, 'asc')).body.Data) rows.set(r.UserFacingOrderId, r);
    const value = (r: (typeof rows extends Map<number, infer R> ? R : never)) =>
      ({ AgentId: r.AgentId, UserFacingOrderId: r.UserFacingOrderId, OrderName: r.OrderName.toLowerCase(), LeadCount: r.LeadCount, LastLeadDate: r.LastLeadDate ?? '', Created: r.Created, LastUpdated: r.LastUpdated })[column];
    return [...rows.values()].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) || a.AgentId.localeCompare(b.AgentId);
    });
  }

  /** Every sort of the all-states report equals the one-state reports' union, and its descending order the exact reverse. */
  async function expectAllStatesFollowFacts(count: number) {
    for (const column of OPEN_ORDER_SORT_COLUMNS) {
      const expected = await fromStates(column);
      expect(expected).toHaveLength(count);
      const asc = await page('all', column, 'asc');
      expect(asc.status).toBe(200);
      expect(asc.body.Data, column).toEqual(expected);
      expect(asc.body.TotalCount).toBe(count);
      expect((await page('all', column, 'desc')).body.Data, column).toEqual([...expected].reverse());
      // A page of one: each row on its own page, in order.
      const single = [];
      for (let p = 1; p <= count; p++) single.push(...(await page('all', column, 'asc', p, 1)).body.Data);
      expect(single, column).toEqual(expected);
    }
  }

  it('lists each Active fund order once, in every sort, as the one-state reports do', async () => {
    await expectAllStatesFollowFacts(3);
    const all = await page('all', 'AgentId', 'asc', 1, 100, ALL_FUNDS_ID);
    expect(all.body.TotalCount).toBeGreaterThanOrEqual(3);
    expect(all.body.Pages).toBe(1);
  });

  it.each(OPEN_ORDER_SORT_COLUMNS)('pages every fund by %s, both ways, as the whole list reads', async (column) => {
    const whole = (await page('all', column, 'asc', 1, 100, ALL_FUNDS_ID)).body;
    expect(whole.TotalCount).toBeLessThanOrEqual(100);
    const asc: string[] = [];
    const desc: string[] = [];
    const pages = Math.ceil(whole.TotalCount / 7);
    for (let p = 1; p <= pages; p++) {
      const up = (await page('all', column, 'asc', p, 7, ALL_FUNDS_ID)).body;
      expect(up).toMatchObject({ TotalCount: whole.TotalCount, Pages: pages });
      asc.push(...up.Data.map((r) => `${r.AgentId} ${r.UserFacingOrderId}`));
      desc.push(...(await page('all', column, 'desc', p, 7, ALL_FUNDS_ID)).body.Data.map((r) => `${r.AgentId} ${r.UserFacingOrderId}`));
    }
    const list = whole.Data.map((r) => `${r.AgentId} ${r.UserFacingOrderId}`);
    expect(list).toHaveLength(whole.TotalCount);
    expect(asc).toEqual(list);
    expect(desc).toEqual([...list].reverse());
    expect((await page('all', column, 'asc', pages + 1, 7, ALL_FUNDS_ID)).body.Data).toEqual([]);
  }, 120_000);

  it('follows an edit (name and states), a pause, a resume and a cancellation', async () => {
    const [first, second] = orders as [{ agentId: string; orderId: string }, { agentId: string; orderId: string }];
    const order = (await Order.get({ orderId: first.orderId }, { consistent: true }))!;
    const edited = await api.call('orders.updateFundOrder', {
      params: { agentId: first.agentId, orderId: first.orderId },
      body: {
        OrderId: first.orderId, Description: 'Bravo renamed', SelectedFunds: [ids.fund], StatesOnly: true, States: [{ StateAbbreviation: 'SD' }], ZipCodes: [],
        MaxPerHour: 0, MaxPerDay: 0, MaxPerWeek: 0, MaxPerMonth: 1000, OrderRecipients: [{ AgentId: first.agentId, Percentage: 100 }],
        OrderTimeSlots: order.slots.map((s) => ({ StartSlot: s.startSlot, EndSlot: s.endSlot, Days: s.days })), Revision: order.revision,
      },
      session: admin,
    });
    expect(edited.status, edited.errors.join()).toBe(200);
    await expectAllStatesFollowFacts(3);
    expect((await page('all', 'AgentId', 'asc')).body.Data.find((r) => r.AgentId === first.agentId)).toMatchObject({
      OrderName: 'Bravo renamed', States: 'SD', LastUpdated: (await Order.get({ orderId: first.orderId }, { consistent: true }))!.lastUpdated,
    });

    const status = (o: { agentId: string; orderId: string }, code: '0' | '1' | '2') => api.call('orders.setStatus', { params: { agentId: o.agentId, orderId: o.orderId, statusCode: code }, session: admin });
    expect((await status(second, '0')).status).toBe(200);
    await expectAllStatesFollowFacts(2);

    expect((await status(second, '1')).status).toBe(200);
    await expectAllStatesFollowFacts(3);

    expect((await status(first, '2')).status).toBe(200);
    await expectAllStatesFollowFacts(2);
    expect((await page('all', 'AgentId', 'asc')).body.Data.map((r) => r.AgentId)).not.toContain(first.agentId);
  }, 120_000);
});

describe('the open-orders view', () => {
  /** Every row of the view, by order id. */
  async function rows() {
    await api.settled();
    const shards = await Promise.all([...Array(OPEN_ORDER_SHARDS).keys()].map((shard) => OpenOrderRow.query.ofShard(shard).all({ consistent: true })));
    return shards.flat().sort((a, b) => a.orderId.localeCompare(b.orderId));
  }

  it("takes a sale's lead count and last lead from the header's change, and leaves a change the report does not show unwritten", async () => {
    const { orderId } = await fx.agentWithOrder({ state: 'ID', zip: '83702', description: 'Sold order' });
    await api.settled();
    const before = (await Order.get({ orderId }, { consistent: true }))!;
    // As the sale's update changes the header (the receivedCounts, lead count and last lead).
    const sold = { ...before, leadCount: 2, lastLeadAt: '2026-05-01T12:00:00.000Z', receivedCounts: { [before.agentId]: 2 } };
    const record = { eventId: 'sale', eventName: 'MODIFY' as const, sequenceNumber: '1', keys: Order.key({ orderId }), oldImage: Order.toItem(before), newImage: Order.toItem(sold) };
    await openOrdersView.apply(record);
    expect(await OpenOrderRow.get({ shard: openOrderShardOf(orderId), orderId }, { consistent: true })).toMatchObject({ leadCount: 2, lastLeadAt: '2026-05-01T12:00:00.000Z', states: ['ID'] });
    // Applied twice: the same row.
    const once = await OpenOrderRow.get({ shard: openOrderShardOf(orderId), orderId }, { consistent: true });
    await openOrdersView.apply(record);
    expect(await OpenOrderRow.get({ shard: openOrderShardOf(orderId), orderId }, { consistent: true })).toEqual(once);
    // An attention flag: no row write (the row removed meanwhile stays removed).
    await OpenOrderRow.delete({ shard: openOrderShardOf(orderId), orderId });
    await openOrdersView.apply({ ...record, eventId: 'flag', oldImage: Order.toItem(sold), newImage: Order.toItem({ ...sold, attention: ['Terminated'] }) });
    expect(await OpenOrderRow.get({ shard: openOrderShardOf(orderId), orderId }, { consistent: true })).toBeUndefined();
    await openOrdersView.apply({ ...record, eventId: 'rewrite', oldImage: undefined, eventName: 'INSERT', newImage: Order.toItem(before) });
    await openOrdersView.afterBatch!();
  });

  it('gives the same rows for every record applied again, and a rebuild from the headers gives them back whole', async () => {
    const kept = await rows();
    expect(kept.length).toBeGreaterThan(0);
    // Each header applied again as its own INSERT: nothing changes.
    for (const row of kept) {
      const header = (await Order.get({ orderId: row.orderId }, { consistent: true }))!;
      await openOrdersView.apply({ eventId: `again:${row.orderId}`, eventName: 'INSERT', sequenceNumber: '', keys: Order.key({ orderId: row.orderId }), newImage: Order.toItem(header) });
    }
    await openOrdersView.afterBatch!();
    expect(await rows()).toEqual(kept);

    // The rows lost: `npm run rebuild -- open-orders` writes them again from the orders.
    await batchDelete(kept.map((r) => OpenOrderRow.key(r)));
    expect(await rows()).toEqual([]);
    const summary = await rebuildViews(viewsNamed(['open-orders']));
    expect(summary.views).toEqual(['open-orders']);
    expect(await rows()).toEqual(kept);
    const report = await api.call('reports.openOrders', { params: { fundId: ALL_FUNDS_ID, state: 'all' }, query: { page: 1, pageSize: 100, sortColumnName: 'AgentId', sortOrder: 'asc' }, session: admin });
    expect(report.body.TotalCount).toBe(kept.length);
  }, 60_000);
});

describe('Internal Leads, counted by source and day', () => {
  const sourceA = `IA${RUN}`.toUpperCase();
  const sourceB = `IB${RUN}`.toUpperCase();
  let ip = 0;

  const submit = (contract: string, now: string, firstName: string) =>
    submitPublicForm(
      {
        form: 'lead',
        input: {
          ContractID: contract, FirstName: firstName, LastName: 'Counted', Address: '233 S Wacker Dr', AddressLine2: '', City: 'Chicago', County: 'Cook', State: 'IL', ZipCode: '60606',
          BirthDate: '04/12/1961', Phone: '(312) 555-0142', AlternatePhone: '', Email: 'counted@example.com', ContactTime: '', ContactDay: '', Notes: '', PageUrl: '', Website: '',
        },
      },
      { ip: `198.51.100.${++ip}`, userAgent: 'lists-test', now: new Date(now) },
    );

  beforeAll(async () => {
    // A contract of the seeded Health campaign (the lead form's line of business), under each run's own numbers.
    const seeded = await ContractMap.query.byContractId('HWI-2040').first();
    const at = new Date().toISOString();
    for (const contractId of [sourceA, sourceB])
      await ContractMap.put({ contractKey: `K-${contractId}`, contractName: `Lists ${contractId}`, contractId, campaignId: seeded!.campaignId, f9List: '', createdDate: at, revision: 1, modifiedBy: 'test', lastUpdated: at });
    // 2026-03-10 in Central runs from 05:00Z to the next day's 05:00Z (daylight time from March 8).
    await submit(sourceA, '2026-03-10T04:59:59.000Z', 'Before');
    await submit(sourceA, '2026-03-10T05:00:00.000Z', 'Midnight');
    await submit(sourceB, '2026-03-10T12:00:00.000Z', 'Other');
    for (let i = 1; i <= 3; i++) await submit(sourceA, `2026-03-10T1${i}:00:00.000Z`, `Day${i}`);
    await submit(sourceB, '2026-03-10T20:00:00.000Z', 'Other2');
    await submit(sourceA, '2026-03-11T04:59:59.000Z', 'Late');
    await submit(sourceA, '2026-03-11T05:00:00.000Z', 'Next');
    // The day counts are the projector's (views/internal-lead-days-view.ts).
    await api.settled();
  }, 60_000);

  it('keeps one count per source and reporting day, from each stored lead', async () => {
    const days = async (source: string) => (await InternalLeadDay.query.ofSource(source, '2026-03-01', '2026-03-31').all({ consistent: true })).map((d) => [d.day, d.count]);
    expect(await days(sourceA)).toEqual([['2026-03-09', 1], ['2026-03-10', 5], ['2026-03-11', 1]]);
    expect(await days(sourceB)).toEqual([['2026-03-10', 2]]);
    // The source is matched as the leads' index matches it: trimmed, any case.
    expect(await days(sourceA.toLowerCase())).toHaveLength(3);
  });

  it('counts each lead once however often the view is rebuilt', async () => {
    await rebuildViews(viewsNamed(['internal-lead-days']));
    const days = (await InternalLeadDay.query.ofSource(sourceA, '2026-03-01', '2026-03-31').all({ consistent: true })).map((d) => [d.day, d.count]);
    expect(days).toEqual([['2026-03-09', 1], ['2026-03-10', 5], ['2026-03-11', 1]]);
  });

  const whole = (source: string, startDate: string, endDate: string) => api.call('reports.internalLeads', { params: { startDate, endDate, source }, session: admin });
  const paged = (source: string, startDate: string, endDate: string, page: number, pageSize: number) =>
    api.call('reports.internalLeadsPage', { params: { startDate, endDate, source }, query: { page, pageSize }, session: admin });

  it.each([
    ['three whole days', '20260309000000', '20260311235959', 7],
    ['one whole day', '20260310000000', '20260310235959', 5],
    ['a range beginning and ending inside days', '20260309235959', '20260310235958', 5],
    ['a range of one second', '20260310000000', '20260310000000', 1],
    ['a month without leads', '20260401000000', '20260430235959', 0],
  ])('pages %s as the whole range lists it, with its count', async (_name, start, end, count) => {
    const all = await whole(sourceA, start, end);
    expect(all.body).toHaveLength(count);
    for (const size of [1, 2, 25]) {
      const rows = [];
      const pages = Math.ceil(count / size);
      for (let p = 1; p <= Math.max(1, pages); p++) {
        const answer = await paged(sourceA, start, end, p, size);
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ TotalCount: count, Pages: pages });
        rows.push(...answer.body.Data);
      }
      expect(rows).toEqual(all.body);
      expect((await paged(sourceA, start, end, pages + 1, size)).body.Data).toEqual([]);
    }
  });

  it("keeps the other source's leads out of the count and the rows", async () => {
    const answer = await paged(sourceB, '20260310000000', '20260310235959', 1, 25);
    expect(answer.body.TotalCount).toBe(2);
    expect(answer.body.Data.map((r) => r.FirstName)).toEqual(['Other', 'Other2']);
  });

  it('refuses a range over 31 days or a bad page as the whole-range call does', async () => {
    expect((await api.fetch('GET', `/internalleadsreport/page/start/20260101000000/end/20260301000000/lead/${sourceA}`, { session: admin })).status).toBe(400);
    expect((await api.fetch('GET', `/internalleadsreport/page/start/20260301000000/end/20260302000000/lead/${sourceA}?page=0`, { session: admin })).status).toBe(400);
    expect((await api.fetch('GET', `/internalleadsreport/page/start/20260301000000/end/20260302000000/lead/${sourceA}`, { session: await api.sessionFor('captive agent') })).status).toBe(403);
  });
});
