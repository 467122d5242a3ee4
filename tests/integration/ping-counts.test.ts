// Ping History's day counters (issue 12, docs/data-model.md #93b) against DynamoDB Local, kept by the
// projector's ping-counts view: after pings of two pairs on the same days, on both sides of a day
// boundary of the reporting zone (Central), at the same moment, late (a ping of an earlier day) and
// refused (a second write of one id), and after a rebuild, the PingCount items equal the pings summed;
// and every Ping History page (in each order, filtered) equals the range read whole and sorted.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ping as PingFact } from '#entities/ping.ts';
import type { PingHistoryQuery as Query } from '#shared/api/reports-ping.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';

const api = useApiHarness({ seed: false, projector: true });

const { Ping, PING_RETENTION_DAYS } = await import('#entities/ping.ts');
const { PING_COUNT_SHARDS, readPingDayCounts, pingCountKey } = await import('#entities/ping-count.ts');
const { queryPage } = await import('#platform/db.ts');
const { pingCountItems } = await import('../support/ping-count-items.ts');
const { rebuildViews, viewsNamed } = await import('#core/views/rebuild.ts');
const { sortRows, toRow } = await import('../../functions/core/reports/ping-history-report.ts');
const { dayRange } = await import('#core/money/transactions-view.ts');
const { createSession } = await import('#core/identity/sessions.ts');
const { User } = await import('#entities/user.ts');


const RUN = randomUUID().slice(0, 8).toUpperCase();
const campaign = `PC${RUN}`;
const vendorA = `PVA${RUN}`;
const vendorB = `PVB${RUN}`;
const DAY_MS = 86_400_000;
const centralDay = (t: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(t));
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** Three recent days of Central (the middle one's midnights are the boundaries tested). */
const day2 = centralDay(Date.now() - 3 * DAY_MS);
const [day1, day3] = [plusDays(day2, -1), plusDays(day2, 1)];
const range = { startDate: day1, endDate: day3 };
const midnightBefore3 = dayRange(day3, day3, 'America/Chicago').from;

let serial = 0;
const ping = (vendorCode: string, at: string, over: Partial<PingFact> = {}): PingFact => {
  serial++;
  return {
    pingId: `${RUN}-${String(serial).padStart(4, '0')}`, at, campaignCode: campaign, vendorCode, campaignId: `c-${RUN}`, vendorId: `v-${vendorCode}`,
    callerId: `414555${String(1000 + serial)}`, stateCode: ['WI', 'IL', 'IA', 'MN'][serial % 4]!, zipCode: `53${String(200 + (serial % 7))}`,
    ...(serial % 3 ? {} : { bidCents: [2500, 3000, 4200][serial % 9 === 0 ? 0 : (serial % 2) + 1] }),
    errorMessages: serial % 3 === 0 ? [] : serial % 2 ? ['No agent can take the call now.'] : ['No agent can take the call now.', "The order's cap is reached."],
    ttl: Math.floor(Date.parse(at) / 1000) + PING_RETENTION_DAYS * 86_400,
    ...over,
  };
};
/** A moment of a day: minutes after its Central midnight, with milliseconds so no two are equal. */
const at = (day: string, minutes: number) => new Date(Date.parse(dayRange(day, day, 'America/Chicago').from) + minutes * 60_000 + serial).toISOString();

/**
 * The pair's day counter items as stored, each day's shards summed (every attribute but the sort key
 * and ttl: numbers added, the rest as written), against what the stored pings sum to.
 */
async function countersAndFacts(vendorCode: string) {
  const facts = await Ping.query.ofCampaignVendor(campaign, vendorCode, '2000', '2100').all({ consistent: true });
  const shape = (items: Record<string, unknown>[]) => {
    const days = new Map<string, Record<string, unknown>>();
    for (const item of items) {
      const day = days.get(String(item.day)) ?? {};
      for (const [k, v] of Object.entries(item))
        if (k !== 'ttl' && k !== 'sk') day[k] = typeof v === 'number' && k !== 'schemaVersion' ? Number(day[k] ?? 0) + v : v;
      days.set(String(item.day), day);
    }
    return [...days].flatMap(([d, item]) => Object.entries(item).map(([k, v]) => `${d}|${k}|${JSON.stringify(v)}`)).sort();
  };
  const stored = (await queryPage({ pk: pingCountKey({ campaignCode: campaign, vendorCode, day: '' }).pk, consistent: true, limit: 1000 })).items;
  return { stored: shape(stored), expected: shape(pingCountItems(facts)), facts };
}

let admin: Session;

beforeAll(async () => {
  const userId = `ping-admin-${RUN}`;
  await User.put({ userId, email: `${userId}@example.com`, name: 'Ping Admin', kind: 'staff', isAdmin: true, isManager: false, isLeadConnectHome: false, isSalesAssistant: false, isSponsorAgent: false, isFundPreview: false, createdAt: new Date().toISOString() });
  admin = { cookie: `lc_session=${(await createSession(userId)).token}`, userId };
}, 60_000);

describe('Ping History counters', () => {
  it('equal the pings after writes of two pairs on the same days, across a Central midnight, at the same moment, late, and refused', async () => {
    const written: PingFact[] = [];
    const write = async (p: PingFact) => {
      await Ping.create(p);
      written.push(p);
    };
    // Both pairs on each day; the last millisecond of day 2 and the first of day 3 in Central.
    for (const day of [day1, day2, day3]) for (let m = 0; m < 6; m++) for (const v of [vendorA, vendorB]) await write(ping(v, at(day, 60 * (m + 8))));
    await write(ping(vendorA, new Date(Date.parse(midnightBefore3) - 1).toISOString()));
    await write(ping(vendorA, midnightBefore3));
    // UTC midnight is still day 2 in Central.
    await write(ping(vendorB, `${day3}T00:30:00.000Z`));
    // Twelve pings of one pair at once: the same day's counters.
    await Promise.all(Array.from({ length: 12 }, (_, i) => write(ping(vendorA, at(day2, 700 + i), { stateCode: 'WI', bidCents: 3000, errorMessages: [] }))));
    // A late ping of an earlier day, after day 3's.
    await write(ping(vendorB, at(day1, 5)));
    // A second write of a ping id writes nothing: neither the ping nor its counters.
    await expect(Ping.create({ ...written[0]!, stateCode: 'TX' })).rejects.toThrow();
    await api.settled();

    for (const v of [vendorA, vendorB]) {
      const { stored, expected, facts } = await countersAndFacts(v);
      expect(facts).toHaveLength(written.filter((p) => p.vendorCode === v).length);
      expect(stored).toEqual(expected);
    }
    // The twelve at once were spread over the day's counter items.
    const aDay2Items = (await queryPage({ pk: pingCountKey({ campaignCode: campaign, vendorCode: vendorA, day: '' }).pk, sk: { beginsWith: day2 }, consistent: true })).items;
    expect(aDay2Items.length).toBeGreaterThan(1);
    expect(aDay2Items.length).toBeLessThanOrEqual(PING_COUNT_SHARDS);
    const all = (v: string) => readPingDayCounts(campaign, v, day1, day3);
    expect((await all(vendorA)).map((c) => [c.day, c.count])).toEqual([[day1, 6], [day2, 7 + 12], [day3, 7]]);
    expect((await all(vendorB)).map((c) => [c.day, c.count])).toEqual([[day1, 7], [day2, 7], [day3, 6]]);
    const [, aDay2] = await all(vendorA);
    expect(aDay2!.groups.STATE.get('TX')).toBeUndefined();
    expect([...aDay2!.groups.STATE.values()].reduce((s, g) => s + g.count, 0)).toBe(19);
    expect(aDay2!.groups.BID.get('000003000')).toEqual({ label: 3000, count: expect.any(Number) });
  });

  it('give Ping History pages, in each order and filtered, exactly the rows and totals of the range read whole', async () => {
    const facts = (await Ping.query.ofCampaignVendor(campaign, vendorA, '2000', '2100').all({ consistent: true })).map(toRow);
    const cases: Partial<Query>[] = [
      {},
      { sortOrder: 'desc' },
      ...(['StateCode', 'BidAmount', 'ErrorMessages', 'CallerId', 'ZipCode'] as const).flatMap((sortColumnName) => [{ sortColumnName }, { sortColumnName, sortOrder: 'desc' as const }]),
      { StateCode: 'WI' },
      { StateCode: 'WI', sortOrder: 'desc' },
      { StateCode: 'I' },
      { StateCode: 'I', sortColumnName: 'StateCode', sortOrder: 'desc' },
      { CallerId: '55510', sortColumnName: 'BidAmount' },
      { ZipCode: '5320', ErrorMessages: 'CAP' },
    ];
    for (const c of cases) {
      const matching = facts.filter(
        (r) => (!c.StateCode || r.StateCode.startsWith(c.StateCode)) && (!c.CallerId || r.CallerId.includes(c.CallerId)) && (!c.ZipCode || r.ZipCode.startsWith(c.ZipCode)) && (!c.ErrorMessages || r.ErrorMessages.toLowerCase().includes(c.ErrorMessages.toLowerCase())),
      );
      const expected = sortRows(matching, { sortColumnName: c.sortColumnName ?? 'Timestamp', sortOrder: c.sortOrder ?? 'asc' });
      expect(expected.length, JSON.stringify(c)).toBeGreaterThan(0);
      const pageSize = 7;
      const pages = Math.ceil(expected.length / pageSize);
      for (let page = 1; page <= pages + 1; page++) {
        const answer = await api.call('reports.pingHistory', { params: { ...range, campaignCode: campaign, vendorCode: vendorA }, query: { ...c, page, pageSize } as never, session: admin });
        expect(answer.body, `${JSON.stringify(c)} page ${page}`).toEqual({ Data: expected.slice((page - 1) * pageSize, page * pageSize), Pages: pages, TotalCount: expected.length });
      }
    }
  });

  it('count each ping once however often the view is rebuilt', async () => {
    await rebuildViews(viewsNamed(['ping-counts']));
    for (const v of [vendorA, vendorB]) {
      const { stored, expected } = await countersAndFacts(v);
      expect(stored).toEqual(expected);
    }
  });
});
