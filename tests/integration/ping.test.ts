// Live-transfer pings and the Ping History report (issues 11, 12) through the real gateway against
// DynamoDB Local: the lead fixture's catalogue as a live-transfer campaign with a bid table, a
// live-transfer fund, agents with live-transfer fund orders saved through the orders API; then vendor
// pings (bid by zip or by state, no bid with its reasons, 401/403/400, replays) and the report
// (paging, sort, filters, the 31-day limit, both codes required, agents refused, the CSV export
// through s3rver).
import Papa from 'papaparse';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { useLeadFixture, type AgentWithOrderOptions } from '../support/lead-fixture.ts';

// Ping History reads the stored pings themselves (core/reports/ping-history-report.ts).
const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, {
  idPrefix: 'P',
  codeLetter: 'P',
  names: { campaign: 'Ping', fund: 'LT Fund' },
  campaign: { destination: 'Call Center', allowDisputes: false, isLiveTransfer: true },
  validation: false,
  fund: { isLiveTransfer: true },
  prices: { vendorCents: 2500, captiveCents: 5500, brokerCents: 6000 },
  otherVendor: true,
  routeAllToPost: false,
  agentDefaults: { balanceCents: 20_000 },
});
const { run: RUN, ids, code: campaignCode } = fx;
const { vendor: vendorCode, other: otherCode } = fx.vendorCodes;

const { CampaignBid } = await import('#entities/campaign-bid.ts');
const { Order } = await import('#entities/order.ts');
const { Ping } = await import('#entities/ping.ts');
const { getBalance } = await import('#core/money/ledger.ts');
const { periodKeys } = await import('#core/orders/periods.ts');
const { PING_REASONS } = await import('#core/leads/ping.ts');
const { DAYS } = await import('#shared/orders/order.ts');
const { forgetHeldPingDays } = await import('#core/reports/ping-history-report.ts');
const { docClient } = await import('#platform/dynamo.ts');
const { recordDynamoCalls } = await import('../support/dynamo-recorder.ts');

let admin: Session;

/** A new agent in `state` with money, an active live-transfer phone (unless said otherwise), and a live-transfer fund order there. */
const agentWithOrder = (opts: AgentWithOrderOptions) => fx.agentWithOrder({ liveTransferPhone: 'Active', description: 'live transfer order', ...opts });

type PingAnswer = { PingId: string; Result: 'bid' | 'noBid'; BidAmount: number | null; ErrorMessages: string[] };
const ping = (over: Record<string, unknown> = {}, bearer: string | null = fx.token) =>
  api.fetch<PingAnswer>('POST', '/intake/ping', {
    origin: false,
    headers: bearer === null ? {} : { authorization: `Bearer ${bearer}` },
    body: { CampaignCode: campaignCode, CallerId: '(414) 555-0100', StateCode: 'WI', ZipCode: '53203', ...over },
  });

const history = (session: Session, range: { startDate: string; endDate: string }, query: Record<string, string | number> = {}, codes = { campaignCode, vendorCode }) =>
  api.call('reports.pingHistory', { params: { ...range, ...codes }, query: query as never, session });

const chicagoDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(at);
const today = () => chicagoDay(new Date());
/**
 * Yesterday and today in Chicago, read when asked: the file's pings (written minutes before, the seeded
 * ones half an hour back) are all in it even when Chicago's midnight passed between their writing and
 * the report's read, which a range of today alone would miss. The campaign and vendor are this run's own.
 */
const todayRange = () => ({ startDate: chicagoDay(new Date(Date.now() - 86_400_000)), endDate: today() });

beforeAll(async () => {
  admin = await api.sessionFor('admin');
  // WI and MN by state; one Milwaukee zip at its own price.
  await CampaignBid.put({ campaignId: ids.campaign, bids: [{ state: 'WI', zip: '', bidCents: 3500 }, { state: 'WI', zip: '53202', bidCents: 4200 }, { state: 'MN', zip: '', bidCents: 3000 }, { state: 'IA', zip: '', bidCents: 2000 }] });
}, 120_000);

describe('POST /api/intake/ping', () => {
  it("answers the state's bid when an agent with a live-transfer order, status and phone could take the call, and the zip's bid for that zip", async () => {
    const { agentId } = await agentWithOrder({ state: 'WI', zip: '53202' });
    const byState = await ping();
    expect(byState.status).toBe(200);
    expect(byState.body).toMatchObject({ Result: 'bid', BidAmount: 35, ErrorMessages: [] });
    const byZip = await ping({ ZipCode: '53202', CallerId: '+1 414.555.0101' });
    expect(byZip.body).toMatchObject({ Result: 'bid', BidAmount: 42 });
    // A ping charges nothing and reserves nothing: the balance is untouched, a replay answers again.
    // It reads ahead in one BatchGet (vendor, rate, catalogue and candidate versions), then the phones
    // of the agents who could take the call, and writes its record: the campaign, its funds and the
    // candidates come from what the engine holds.
    const { recordDynamoCalls } = await import('../support/dynamo-recorder.ts');
    const { docClient } = await import('#platform/dynamo.ts');
    await api.settled();
    await ping({ ZipCode: '53202', CallerId: '+1 414.555.0101' }); // takes in what the projector applied
    const recorder = recordDynamoCalls(docClient());
    let replay!: Awaited<ReturnType<typeof ping>>;
    try {
      // The ping's own calls (not the projector's, which may be applying earlier records meanwhile), up to its record.
      const calls = (await recorder.during(async () => void (replay = await ping({ ZipCode: '53202', CallerId: '+1 414.555.0101' })))).filter((c) => c.scope === 'requests');
      const recorded = calls.findIndex((c) => c.command === 'PutCommand' && JSON.stringify(c.input).includes('"Ping"'));
      expect(calls.slice(0, recorded + 1).map((c) => c.command)).toEqual(['BatchGetCommand', 'BatchGetCommand', 'PutCommand']);
    } finally {
      recorder.restore();
    }
    expect(replay.body).toMatchObject({ Result: 'bid', BidAmount: 42 });
    expect(replay.body.PingId).not.toBe(byZip.body.PingId);
    expect((await getBalance(agentId))!.balanceCents).toBe(20_000);
    const stored = await Ping.query.ofCampaignVendor(campaignCode, vendorCode, '2000', '2100').all();
    expect(stored.find((p) => p.pingId === byZip.body.PingId)).toMatchObject({ callerId: '4145550101', bidCents: 4200, stateCode: 'WI', zipCode: '53202', errorMessages: [] });
  });

  it('answers no bid, with the reasons and recorded, when no agent can take the call now', async () => {
    // MN: a paused live-transfer status, a suspended phone, a full day cap, a schedule closed now.
    await agentWithOrder({ state: 'MN', zip: '55401', profile: { liveTransferStatus: 0 } });
    await agentWithOrder({ state: 'MN', zip: '55401', liveTransferPhone: 'Suspended' });
    // The test fills the order's cap of the day and closes a schedule for the hour it reads, the ping
    // reads its own: the clock (Date only, still running) starts at a fixed instant far from any hour or
    // day boundary in Chicago, so both read the same day and hour.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-10T17:20:00Z'), shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const { agentId, orderId } = await agentWithOrder({ state: 'MN', zip: '55401', caps: { MaxPerDay: 2 } });
    const zone = 'America/Chicago';
    // As two sales of the day leave it, once the projector has the order's row: the counters and the
    // lead count together, which the view takes as a sale's. (Usage alone, which no sale writes, reached
    // the view only when the order's own record was applied after it: under load, a row without the cap.)
    await api.settled();
    await Order.patch({ orderId }, { set: { leadCount: 2, usage: { days: { [periodKeys(new Date(), zone).DAY]: 2 } } } });
    const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    const closed = (hour + 12) % 24;
    await agentWithOrder({ state: 'MN', zip: '55401', slots: [{ StartSlot: closed * 2, EndSlot: closed * 2 + 2, Days: [...DAYS] }] });
    // The ping answers from the engine's snapshot: the full cap once the projector has applied it.
    await api.settled();
    const none = await ping({ StateCode: 'MN', ZipCode: '55401' });
    expect(none.status).toBe(200);
    expect(none.body.Result).toBe('noBid');
    expect(none.body.BidAmount).toBeNull();
    expect(none.body.ErrorMessages[0]).toBe(PING_REASONS.noAgentNow);
    expect(none.body.ErrorMessages).toEqual(expect.arrayContaining([PING_REASONS.liveTransferPaused, PING_REASONS.noPhone, PING_REASONS.cap, PING_REASONS.schedule]));
    expect(none.body.ErrorMessages.join(' ')).not.toContain(agentId);
    const noBidTable = await ping({ StateCode: 'NE', ZipCode: '68102' });
    expect(noBidTable.body).toMatchObject({ Result: 'noBid', ErrorMessages: [PING_REASONS.noBid] });
    const noOrder = await ping({ StateCode: 'IA', ZipCode: '50309' });
    expect(noOrder.body).toMatchObject({ Result: 'noBid', ErrorMessages: [PING_REASONS.noOrder] });
    const stored = await Ping.query.ofCampaignVendor(campaignCode, vendorCode, '2000', '2100').all();
    expect(stored.find((p) => p.pingId === none.body.PingId)?.errorMessages).toEqual(none.body.ErrorMessages);
  });

  it('refuses a missing or unknown token with 401 and records nothing', async () => {
    const before = (await Ping.query.ofCampaignVendor(campaignCode, vendorCode, '2000', '2100').all()).length;
    expect((await ping({}, null)).status).toBe(401);
    expect((await ping({}, 'lpv_' + 'x'.repeat(43))).status).toBe(401);
    expect((await ping({}, 'nonsense')).status).toBe(401);
    expect((await Ping.query.ofCampaignVendor(campaignCode, vendorCode, '2000', '2100').all()).length).toBe(before);
  });

  it("refuses another vendor's ping for the campaign with 403, recorded under that vendor", async () => {
    const refused = await ping({}, fx.otherToken);
    expect(refused.status).toBe(403);
    expect(refused.errors).toEqual(['The vendor is not on this campaign.']);
    const stored = await Ping.query.ofCampaignVendor(campaignCode, otherCode, '2000', '2100').all();
    expect(stored.at(-1)?.errorMessages).toEqual(['The vendor is not on this campaign.']);
  });

  it('refuses an unknown campaign, a zip outside the state, a junk CallerId and a state that is none', async () => {
    const unknown = await ping({ CampaignCode: 'NO-SUCH-CAMPAIGN' });
    expect(unknown.status).toBe(400);
    expect(unknown.errors).toEqual(['CampaignCode is not a campaign.']);
    const wrongZip = await ping({ ZipCode: '90210' });
    expect(wrongZip.status).toBe(400);
    expect(wrongZip.errors).toEqual(['ZipCode is not a zip code of StateCode.']);
    for (const CallerId of ['414555010', '414-555-0100<script>', '0145550100', 'x'.repeat(5000), '4145550100; DROP']) {
      const junk = await ping({ CallerId });
      expect(junk.status, CallerId.slice(0, 30)).toBe(400);
      expect(junk.errors).toContain('CallerId must be a 10-digit US phone number.');
    }
    expect((await ping({ StateCode: 'ZZ' })).errors).toContain('StateCode must be a two-letter US state code.');
    expect((await ping({ ZipCode: '5320' })).errors).toContain('ZipCode must be 5 digits.');
    const stored = await Ping.query.ofCampaignVendor(campaignCode, vendorCode, '2000', '2100').all();
    expect(stored.filter((p) => p.errorMessages.includes('ZipCode is not a zip code of StateCode.'))).toHaveLength(1);
  });
});

describe('GET /api/lead/pinghistory', () => {
  beforeEach(() => api.settled());

  it('lists the pings of the campaign and vendor in time order, 25 a page, with Pages and TotalCount', async () => {
    const base = new Date();
    base.setUTCMinutes(base.getUTCMinutes() - 30);
    for (let i = 0; i < 27; i++)
      await Ping.create({ pingId: `seed-${RUN}-${i}`, at: new Date(base.getTime() + i * 1000).toISOString(), campaignCode, vendorCode, campaignId: ids.campaign, vendorId: ids.vendor, callerId: `312555${String(1000 + i)}`, stateCode: i % 2 ? 'IL' : 'WI', zipCode: i % 2 ? '60601' : '53203', ...(i % 3 ? {} : { bidCents: 1250 }), errorMessages: i % 3 ? [PING_REASONS.noAgentNow] : [], ttl: 2_000_000_000 });
    await api.settled();
    const first = await history(admin, todayRange());
    expect(first.status, first.errors.join()).toBe(200);
    const total = first.body.TotalCount;
    expect(total).toBeGreaterThanOrEqual(27);
    expect(first.body.Pages).toBe(Math.ceil(total / 25));
    expect(first.body.Data).toHaveLength(25);
    const times = first.body.Data.map((r) => r.Timestamp);
    expect([...times].sort()).toEqual(times);
    const second = await history(admin, todayRange(), { page: 2 });
    expect(second.body.Data.length).toBe(total - 25);
    expect(second.body.Data[0]!.Timestamp >= times.at(-1)!).toBe(true);
    const newest = await history(admin, todayRange(), { sortOrder: 'desc', pageSize: 5 });
    expect(newest.body.Data.map((r) => r.Timestamp)).toEqual([...newest.body.Data.map((r) => r.Timestamp)].sort().reverse());
    expect(newest.body.Data[0]!.Timestamp >= times.at(-1)!).toBe(true);
    const seeded = first.body.Data.find((r) => r.CallerId === '3125551000');
    expect(seeded).toEqual({ Timestamp: expect.any(String), CallerId: '3125551000', BidAmount: 12.5, VendorCode: vendorCode, CampaignCode: campaignCode, StateCode: 'WI', ZipCode: '53203', ErrorMessages: '' });
  });

  it('filters by {filterId}={value} and sorts by another column', async () => {
    const il = await history(admin, todayRange(), { StateCode: 'IL' });
    expect(il.body.TotalCount).toBe(13);
    expect(il.body.Data.every((r) => r.StateCode === 'IL')).toBe(true);
    const caller = await history(admin, todayRange(), { CallerId: '5551026' });
    expect(caller.body.Data.map((r) => r.CallerId)).toEqual(['3125551026']);
    const errors = await history(admin, todayRange(), { ErrorMessages: 'no agent', sortColumnName: 'CallerId', sortOrder: 'desc' });
    expect(errors.body.Data.length).toBeGreaterThan(0);
    expect(errors.body.Data.every((r) => r.ErrorMessages.includes(PING_REASONS.noAgentNow))).toBe(true);
    const callers = errors.body.Data.map((r) => r.CallerId);
    expect(callers).toEqual([...callers].sort().reverse());
    const byBid = await history(admin, todayRange(), { sortColumnName: 'BidAmount', sortOrder: 'desc', pageSize: 1 });
    expect(byBid.body.Data[0]!.BidAmount).toBe(42);
  });

  it('answers an empty page for a period without pings, and reads codes case-insensitively', async () => {
    const empty = await history(admin, { startDate: '2025-01-01', endDate: '2025-01-31' });
    expect(empty.body).toEqual({ Data: [], Pages: 0, TotalCount: 0 });
    const lower = await history(admin, todayRange(), {}, { campaignCode: campaignCode.toLowerCase(), vendorCode: vendorCode.toLowerCase() });
    expect(lower.body.TotalCount).toBeGreaterThan(0);
    // Vendor codes are free text: a space is a code, a slash is not.
    const spaced = await history(admin, todayRange(), {}, { campaignCode, vendorCode: 'Acme Leads' });
    expect(spaced.body).toEqual({ Data: [], Pages: 0, TotalCount: 0 });
  });

  it('pages in time order across closed days, reading on a cold Lambda only the days the page falls on', async () => {
    const pair = { campaignCode, vendorCode: `D${RUN}` };
    const now = Date.now();
    const times: string[] = [];
    // Three pings at noon in Chicago on each of eight closed days, and two of the last minutes.
    for (let back = 10; back >= 3; back--)
      for (let i = 0; i < 3; i++) times.push(new Date(Date.parse(`${chicagoDay(new Date(now - back * 86_400_000))}T18:00:00Z`) + i * 60_000).toISOString());
    times.push(new Date(now - 120_000).toISOString(), new Date(now - 60_000).toISOString());
    for (const [i, at] of times.entries())
      await Ping.create({ pingId: `closed-${RUN}-${i}`, at, ...pair, campaignId: ids.campaign, vendorId: ids.vendor, callerId: `312555${String(2000 + i)}`, stateCode: 'WI', zipCode: '53203', errorMessages: [PING_REASONS.noAgentNow], ttl: 2_000_000_000 });
    const range = { startDate: chicagoDay(new Date(now - 12 * 86_400_000)), endDate: today() };

    forgetHeldPingDays();
    const recorder = recordDynamoCalls(docClient());
    let calls: Awaited<ReturnType<typeof recorder.during>>;
    try {
      calls = await recorder.during(async () => expect((await history(admin, range, { pageSize: 5 }, pair)).body.Data.map((r) => r.Timestamp)).toEqual(times.slice(0, 5)));
    } finally {
      recorder.restore();
    }
    const pingQueries = calls.filter((c) => c.scope === 'requests' && c.command === 'QueryCommand' && JSON.stringify(c.input).includes('PINGS#'));
    // The page's two closed days and the two that may still change (yesterday and today) are read; the other days are counted.
    expect(pingQueries.filter((c) => c.input.Select !== 'COUNT').length).toBeLessThanOrEqual(4);
    expect(pingQueries.filter((c) => c.input.Select === 'COUNT').length).toBeGreaterThanOrEqual(8);

    for (const sortOrder of ['asc', 'desc'] as const) {
      const seen: string[] = [];
      for (let page = 1; page <= 6; page++) {
        if (page % 2) forgetHeldPingDays();
        const res = await history(admin, range, { pageSize: 5, page, sortOrder }, pair);
        expect(res.body).toMatchObject({ TotalCount: times.length, Pages: 6 });
        seen.push(...res.body.Data.map((r) => r.Timestamp));
      }
      expect(seen, sortOrder).toEqual(sortOrder === 'asc' ? times : [...times].reverse());
    }
    expect((await history(admin, range, { pageSize: 5, page: 7 }, pair)).body.Data).toEqual([]);
  });

  it('refuses a range over 31 days, a missing campaign or vendor, a bad sort and agent users', async () => {
    const long = await history(admin, { startDate: '2026-01-01', endDate: '2026-02-01' });
    expect(long.status).toBe(400);
    expect(long.errors).toContain('The date range cannot be longer than 31 days.');
    expect((await history(admin, { startDate: '2026-01-01', endDate: '2026-01-31' })).status).toBe(200);
    const day = today();
    const noCampaign = await api.fetch('GET', `/lead/pinghistory/startDate/${day}/endDate/${day}/campaign/%20/vendor/${vendorCode}`, { session: admin });
    expect(noCampaign.status).toBe(400);
    expect(noCampaign.errors).toContain('Campaign is required.');
    const noVendor = await api.fetch('GET', `/lead/pinghistory/startDate/${day}/endDate/${day}/campaign/${campaignCode}/vendor/%20`, { session: admin });
    expect(noVendor.errors).toContain('Vendor is required.');
    expect((await api.fetch('GET', `/lead/pinghistory/startDate/${day}/endDate/${day}/campaign/${campaignCode}`, { session: admin })).status).toBe(404);
    const junk = await api.fetch('GET', `/lead/pinghistory/startDate/${day}/endDate/${day}/campaign/${campaignCode}/vendor/${vendorCode}?sortColumnName=password`, { session: admin });
    expect(junk.status).toBe(400);
    for (const role of ['captive agent', 'sponsor agent'] as const) {
      const agent = await api.sessionFor(role);
      expect((await history(agent, todayRange())).status).toBe(403);
      expect((await api.call('reports.pingHistoryExport', { params: { ...todayRange(), campaignCode, vendorCode }, session: agent })).status).toBe(403);
    }
    expect((await api.fetch('GET', `/lead/pinghistory/startDate/${day}/endDate/${day}/campaign/${campaignCode}/vendor/${vendorCode}`)).status).toBe(401);
  });

  it('exports the rows as a CSV behind a five-minute link, money and dates as reports show them', async () => {
    // The file is named after the server's day in Chicago: the day read just before or just after the
    // export (Chicago's midnight may pass in between).
    const dayOf = (at: Date) => new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', month: '2-digit', day: '2-digit', year: 'numeric' }).format(at).replaceAll('/', '-');
    const dayBefore = dayOf(new Date());
    const { status, body } = await api.call('reports.pingHistoryExport', { params: { ...todayRange(), campaignCode, vendorCode }, query: { StateCode: 'WI' }, session: admin });
    expect(status).toBe(200);
    const names = [dayBefore, dayOf(new Date())].map((day) => `PingHistory-${campaignCode}-${vendorCode}-${day}.csv`);
    expect(names).toContain(body.FileName);
    expect(new URL(body.Url).searchParams.get('X-Amz-Expires')).toBe('300');
    const download = await fetch(body.Url);
    expect(download.status).toBe(200);
    const rows = Papa.parse<string[]>((await download.text()).trim()).data;
    expect(rows[0]).toEqual(['Timestamp', 'CallerId', 'BidAmount', 'VendorCode', 'CampaignCode', 'StateCode', 'ZipCode', 'ErrorMessages']);
    expect(rows.slice(1).every((r) => r[5] === 'WI')).toBe(true);
    const seeded = rows.find((r) => r[1] === '3125551000')!;
    expect(seeded[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2} [AP]M$/);
    expect(seeded[2]).toBe('$12.50');
    expect(rows.find((r) => r[2] === '$42.00')).toBeDefined();
  });
});
