// Transaction History's paged form in every order the spec offers (issue 12, docs/data-model.md
// #88g): unfiltered, each column pages by rank through its sort copies (the ledger-history view, a
// list per day and shard) and the closed lists' digests (an open day, today, read whole); filtered,
// through the filter's copies. Every first, middle and last page, both directions, must be the slice
// of one plain read of the ledger's entries sorted in memory; entries written without names sort by
// their agents' names; and the view rebuilt from the ledger pages the same.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { agentProfileFixture } from '../support/agent-fixture.ts';

// The file reads today once and ends its range there, the ledger writes "today's" entries at the
// server's clock and the reports read today whole (an open day) and earlier days from digests: the clock
// (Date only, still running) starts at a fixed instant far from any day boundary in Central, so the
// file's today is the server's for the whole run.
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-10T17:20:00Z'), shouldAdvanceTime: true });
afterAll(() => void vi.useRealTimers());

const api = useApiHarness({ projector: true });

const { batchDelete, batchPut, scanSegments } = await import('#platform/db.ts');
const { getMany } = await import('#platform/entity.ts');
const { reportDay } = await import('#platform/report-day.ts');
const { registerAgent } = await import('#core/directory/agent-registry.ts');
const { accountItems, postEntry } = await import('#core/money/ledger.ts');
const { AgentProfile } = await import('#entities/agent-profile.ts');
const { LedgerEntry } = await import('#entities/ledger-entry.ts');
const { countsOf, dayOrders, DIGEST_STEP, listsOf } = await import('#core/reports/ledger-sort-pages.ts');
const { LedgerHistoryKey } = await import('#entities/ledger-history-key.ts');
const { rebuildViews, viewsNamed } = await import('#core/views/rebuild.ts');
const { TRANSACTION_HISTORY_SORT_COLUMNS, usDayOf } = await import('#shared/api/reports-ledger.ts');

type Row = Record<string, string | number | null>;
const RUN = Date.now().toString(36).toUpperCase();
const DAY_MS = 86_400_000;
const today = reportDay(new Date().toISOString());
const dayBefore = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
/** Closed days with entries (digests) and today (open: read whole); the range spans days without entries too. */
const CLOSED = [dayBefore(9), dayBefore(8), dayBefore(6)];
const range = { startDate: dayBefore(10), endDate: today };

// Names with ties, case variants and prefixes of each other; amounts with ties.
const FIRST = ['Ann', 'ann', 'Anna', 'Bob', 'Zed', 'Bob', 'Cy', 'Ann', 'Éva'];
const LAST = ['Smith', 'smith', 'Smithe', 'Jones', 'Smith', 'Young', 'Jones', 'Abel', 'Smyth'];
const agentIds = FIRST.map((_f, i) => `S${RUN}${i}`);
const TYPES = ['AgentContribution', 'CreditCardPayment', 'LeadSpend', 'ClickToCall', 'LeadBonus', 'Other'] as const;
let admin: Session;

/** Deterministic variety without a seed to replay. */
const vary = (n: number, k: number) => (n * 7919 + k * 104_729) % 1_000;

beforeAll(async () => {
  admin = await api.sessionFor('admin');
  for (const [i, agentId] of agentIds.entries()) await registerAgent(agentProfileFixture(agentId, { firstName: FIRST[i]!, lastName: `${LAST[i]}`, type: i % 3 === 0 ? 1 : 0 }));
  // Closed days: written in bulk, as postEntry writes them (names from the agent), 30–45 entries a day.
  const items: Record<string, unknown>[] = [];
  for (const [a, agentId] of agentIds.entries()) {
    const movements: Parameters<typeof accountItems>[2] = [];
    let balance = 0;
    for (const [d, day] of CLOSED.entries())
      for (let k = 0; k < 4 + ((a + d) % 2); k++) {
        const n = a * 100 + d * 10 + k;
        const at = new Date(Date.parse(`${day}T15:00:00.000Z`) + vary(n, 1) * 37_000).toISOString();
        const credit = k === 0 || balance < 500 || vary(n, 2) % 3 === 0;
        const amount = 100 * (1 + (vary(n, 3) % 4));
        const deltaCents = credit ? amount : -Math.min(amount, balance);
        if (deltaCents === 0) continue;
        balance += deltaCents;
        movements.push({ at, deltaCents, type: credit ? TYPES[vary(n, 4) % 2]! : TYPES[2 + (vary(n, 5) % 4)]!, description: `sort ${n}` });
      }
    movements.sort((x, y) => x.at.localeCompare(y.at));
    let running = 0;
    for (const m of movements) {
      if (running + m.deltaCents < 0) m.deltaCents = -running || 100;
      running += m.deltaCents;
    }
    items.push(...accountItems(agentId, 0, movements.filter((m) => m.deltaCents !== 0), { firstName: FIRST[a]!, lastName: LAST[a]! }).filter((i) => i.entity !== 'Balance'));
  }
  await batchPut(items);
  // Today (open): real ledger writes, names copied from the balance item.
  for (const [a, agentId] of agentIds.entries())
    for (let k = 0; k < 3; k++)
      await postEntry({ agentId, deltaCents: 100 * (1 + ((a + k) % 3)), type: TYPES[(a + k) % 2]!, description: `today ${a} ${k}`, idempotencyKey: `sort:${RUN}:${a}:${k}` });
  await api.settled();
}, 120_000);

/** The ledger's entries on the days, read from the facts (a Scan of the file's table), not through the view. */
async function plainEntries(days: readonly string[]) {
  const out: ReturnType<typeof LedgerEntry.parse>[] = [];
  await scanSegments({ filter: '#entity = :entry', names: { '#entity': 'entity' }, values: { ':entry': LedgerEntry.entity } }, async (item) => {
    const e = LedgerEntry.parse(item);
    if (days.includes(reportDay(e.at))) out.push(e);
  });
  return out;
}

/** Every entry of the range as rows, read plainly (each day's entries whole, every agent's profile). */
async function plainRows(days: readonly string[]): Promise<Row[]> {
  const entries = await plainEntries(days);
  const ids = [...new Set(entries.map((e) => e.agentId))];
  const profiles: Record<string, { firstName: string; lastName: string } | undefined> = {};
  for (let i = 0; i < ids.length; i += 100) Object.assign(profiles, await getMany(Object.fromEntries(ids.slice(i, i + 100).map((agentId) => [agentId, AgentProfile.ref({ agentId })]))));
  return entries.map((e) => ({
    AgentId: e.agentId,
    FirstName: profiles[e.agentId]?.firstName ?? '',
    LastName: profiles[e.agentId]?.lastName ?? '',
    Timestamp: e.at,
    Type: e.type,
    Credit: e.creditCents / 100,
    Debit: e.debitCents / 100,
    Description: e.description,
  }));
}

const daysOfRange = () => {
  const out: string[] = [];
  for (let t = Date.parse(`${range.startDate}T12:00:00Z`); t <= Date.parse(`${range.endDate}T12:00:00Z`); t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};

/** The spec's order of a column in plain terms: names and ids case-insensitive by code point, ties by time then agent; descending is the reverse. */
function sortPlain(rows: Row[], column: string, descending: boolean): Row[] {
  const primary = (a: Row, b: Row) => {
    const x = a[column];
    const y = b[column];
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    const [p, q] = ['FirstName', 'LastName', 'AgentId'].includes(column) ? [String(x).toLowerCase(), String(y).toLowerCase()] : [String(x), String(y)];
    return p < q ? -1 : p > q ? 1 : 0;
  };
  const tie = (a: Row, b: Row) => (a.Timestamp! < b.Timestamp! ? -1 : a.Timestamp! > b.Timestamp! ? 1 : String(a.AgentId) < String(b.AgentId) ? -1 : String(a.AgentId) > String(b.AgentId) ? 1 : 0);
  const sorted = [...rows].sort((a, b) => primary(a, b) || (column === 'AgentId' ? (a.Timestamp! < b.Timestamp! ? -1 : a.Timestamp! > b.Timestamp! ? 1 : 0) : tie(a, b)));
  return descending ? sorted.reverse() : sorted;
}

const signature = (r: Row) => `${r.Timestamp}|${r.AgentId}|${r.FirstName}|${r.LastName}|${r.Type}|${r.Credit}|${r.Debit}`;

const paged = (query: string) =>
  api.fetch<{ Histories: Row[]; Pages: number; TotalHistoryCount: number }>('GET', `/transactionhistory/start/${usDayOf(range.startDate)}/end/${usDayOf(range.endDate)}?${query}`, { session: admin });

/** First, a middle and the last page (and the one after it) of a query equal the plain list's slices. */
async function expectPagesOf(query: string, plain: Row[], pageSize: number, label: string) {
  const pages = Math.ceil(plain.length / pageSize);
  for (const page of [...new Set([1, 2, Math.ceil(pages / 2), pages - 1, pages].filter((p) => p >= 1))]) {
    const res = await paged(`${query}&pageSize=${pageSize}&page=${page}`);
    expect(res.status, res.errors.join()).toBe(200);
    expect(res.body.TotalHistoryCount, label).toBe(plain.length);
    expect(res.body.Pages, label).toBe(pages);
    expect(res.body.Histories.map(signature), `${label} page ${page}`).toEqual(plain.slice((page - 1) * pageSize, page * pageSize).map(signature));
  }
  const after = await paged(`${query}&pageSize=${pageSize}&page=${pages + 1}`);
  expect(after.body.Histories).toEqual([]);
}

describe('Transaction History in every order, unfiltered', () => {
  it('reads every sort column of the range through its copies, a list per day and shard (a closed busy list has a digest with separators)', async () => {
    const days = daysOfRange();
    const lists = listsOf(days);
    const counts = await countsOf(lists, (day) => day < dayBefore(1));
    expect(counts.reduce((a, b) => a + b, 0)).toBe((await plainEntries(days)).length);
    for (const column of ['Timestamp', 'Type', 'Credit', 'Debit', 'AgentId', 'FirstName', 'LastName'] as const) {
      const orders = await dayOrders(column, lists, counts, (day) => day < dayBefore(1));
      expect(orders, column).toBeDefined();
      expect(orders!.map((o) => o.total)).toEqual(counts);
      for (const o of orders!) if (o.day < dayBefore(1) && o.total > DIGEST_STEP) expect(o.separators.length, `${column} ${o.day}#${o.shard}`).toBe(Math.ceil(o.total / o.step) - 1);
    }
  });

  it('gives the first, middle and last pages of every sort, both directions, as slices of the plain sorted read', async () => {
    const rows = await plainRows(daysOfRange());
    expect(rows.length).toBeGreaterThan(60);
    for (const column of TRANSACTION_HISTORY_SORT_COLUMNS)
      for (const descending of [false, true])
        await expectPagesOf(`sortColumnName=${column}&sortOrder=${descending ? 'desc' : 'asc'}`, sortPlain(rows, column, descending), 7, `${column} ${descending ? 'desc' : 'asc'}`);
    // 14 orders' pages over the range's days, each day in 4 shards: beyond the default 30 s when the machine is loaded.
  }, 120_000);

  it('opens in the spec default order (FirstName ascending) when no sort is asked', async () => {
    const rows = sortPlain(await plainRows(daysOfRange()), 'FirstName', false);
    const res = await paged('pageSize=25&page=1');
    expect(res.body.Histories.map(signature)).toEqual(rows.slice(0, 25).map(signature));
  });
});

describe('Transaction History filtered, any order', () => {
  const cases: [string, (r: Row) => boolean, string][] = [
    ['filterObject[0].id=LastName&filterObject[0].Value=smi', (r) => String(r.LastName).toLowerCase().startsWith('smi'), 'Debit'],
    ['filterObject[0].id=FirstName&filterObject[0].Value=an', (r) => String(r.FirstName).toLowerCase().startsWith('an'), 'Type'],
    [`filterObject[0].id=AgentId&filterObject[0].Value=s${RUN.toLowerCase()}1`, (r) => String(r.AgentId).toLowerCase().startsWith(`s${RUN.toLowerCase()}1`), 'Credit'],
    ['filterObject[0].id=Type&filterObject[0].Value=leadspend', (r) => r.Type === 'LeadSpend', 'FirstName'],
    ['filterObject[0].id=Description&filterObject[0].Value=today', (r) => String(r.Description).includes('today'), 'LastName'],
    ['filterObject[0].id=LastName&filterObject[0].Value=smith&filterObject[1].id=Type&filterObject[1].Value=CreditCardPayment', (r) => String(r.LastName).toLowerCase().startsWith('smith') && r.Type === 'CreditCardPayment', 'Timestamp'],
  ];
  it.each(cases)('%s sorted, both directions, pages as slices of the plain read filtered', async (filter, keep, column) => {
    const rows = (await plainRows(daysOfRange())).filter(keep);
    expect(rows.length).toBeGreaterThan(3);
    for (const descending of [false, true]) await expectPagesOf(`${filter}&sortColumnName=${column}&sortOrder=${descending ? 'desc' : 'asc'}`, sortPlain(rows, column, descending), 4, `${filter} ${column}`);
  });
});

describe('Transaction History over entries without names', () => {
  it("sorts entries written without names by their agents' names", async () => {
    // A closed day whose entries were written without names (an account opened before names were kept).
    const day = dayBefore(20);
    const ids = [0, 1, 2].map((i) => `N${RUN}${i}`);
    for (const [i, agentId] of ids.entries()) await registerAgent(agentProfileFixture(agentId, { firstName: ['Kim', 'al', 'Lou'][i]!, lastName: ['Park', 'Ng', 'Ode'][i]! }));
    await batchPut(ids.flatMap((agentId, i) => accountItems(agentId, 0, Array.from({ length: 6 }, (_v, k) => ({ at: `${day}T1${k}:0${i}:00.000Z`, deltaCents: 100 * (k + 1), type: 'Other' as const, description: `nameless ${k}` }))).filter((item) => item.entity !== 'Balance')));
    await api.settled();
    const narrow = { startDate: day, endDate: day };
    const rows = await plainRows([day]);
    for (const column of ['FirstName', 'LastName'])
      for (const descending of [false, true]) {
        const plain = sortPlain(rows, column, descending);
        const res = await api.fetch<{ Histories: Row[]; TotalHistoryCount: number }>('GET', `/transactionhistory/start/${usDayOf(narrow.startDate)}/end/${usDayOf(narrow.endDate)}?sortColumnName=${column}&sortOrder=${descending ? 'desc' : 'asc'}&pageSize=5&page=2`, { session: admin });
        expect(res.status, res.errors.join()).toBe(200);
        expect(res.body.TotalHistoryCount).toBe(rows.length);
        expect(res.body.Histories.map(signature), `${column} ${descending}`).toEqual(plain.slice(5, 10).map(signature));
      }
  });
});

describe('Transaction History over copies written before they carried sort fields', () => {
  it('reads the entries of a filter whose copies lack them, and pages as the copies that have them do', async () => {
    const day = dayBefore(22);
    const ids = [0, 1].map((i) => `F${RUN}${i}`);
    for (const [i, agentId] of ids.entries()) await registerAgent(agentProfileFixture(agentId, { firstName: ['Ria', 'Bo'][i]!, lastName: ['Fieldless', 'Fieldlesser'][i]! }));
    await batchPut(ids.flatMap((agentId, i) => accountItems(agentId, 0, Array.from({ length: 5 }, (_v, k) => ({ at: `${day}T1${k}:0${i}:00.000Z`, deltaCents: k === 0 ? 10_000 + i : -(100 * k + i), type: 'Other' as const, description: `fieldless ${k}` })), { firstName: ['Ria', 'Bo'][i]!, lastName: ['Fieldless', 'Fieldlesser'][i]! }).filter((item) => item.entity !== 'Balance')));
    await api.settled();
    const query = `/transactionhistory/start/${usDayOf(day)}/end/${usDayOf(day)}?sortColumnName=Debit&sortOrder=desc&pageSize=4&page=2&filterObject[0].id=LastName&filterObject[0].Value=fieldless`;
    const plain = sortPlain((await plainRows([day])).filter((r) => String(r.LastName).toLowerCase().startsWith('fieldless')), 'Debit', true);
    expect(plain.length).toBe(10);
    const withFields = await api.fetch<{ Histories: Row[]; TotalHistoryCount: number }>('GET', query, { session: admin });
    expect(withFields.body.TotalHistoryCount).toBe(10);
    expect(withFields.body.Histories.map(signature)).toEqual(plain.slice(4, 8).map(signature));
    // One agent's LastName copies as an older projector wrote them: the key only.
    const copies = (await Promise.all(listsOf([day]).map((l) => LedgerHistoryKey.query.ofList('LastName', l.day, l.shard).all()))).flat().filter((h) => h.agentId === ids[0]);
    expect(copies.length).toBe(5);
    expect(copies.every((h) => h.sortable?.lastName === 'Fieldless')).toBe(true);
    await batchPut(copies.map(({ sortable: _dropped, ...h }) => LedgerHistoryKey.toItem(h)));
    const withoutFields = await api.fetch<{ Histories: Row[]; TotalHistoryCount: number }>('GET', query, { session: admin });
    expect(withoutFields.body.TotalHistoryCount).toBe(10);
    expect(withoutFields.body.Histories.map(signature)).toEqual(plain.slice(4, 8).map(signature));
  });
});

describe('The ledger-history view rebuilt', () => {
  it('gives entries whose copies are missing their place in every order again, after which the range pages through them', async () => {
    const day = dayBefore(25);
    const agentId = `B${RUN}`;
    await registerAgent(agentProfileFixture(agentId, { firstName: 'Olde', lastName: 'Keys' }));
    await batchPut(accountItems(agentId, 0, Array.from({ length: 12 }, (_v, k) => ({ at: `${day}T15:${String(k).padStart(2, '0')}:00.000Z`, deltaCents: 100 + k, type: 'Other' as const, description: `old ${k}` }))).filter((item) => item.entity === 'LedgerEntry'));
    await api.settled();
    // The view lost the day (as if its copies were never written).
    const copies = (await Promise.all(listsOf([day]).flatMap((l) => ['Timestamp', 'Credit', 'LastName'].map((column) => LedgerHistoryKey.query.ofList(column as 'Credit', l.day, l.shard).all())))).flat();
    expect(copies.length).toBe(36);
    await batchDelete(copies.map((h) => LedgerHistoryKey.key(h)));
    const query = `/transactionhistory/start/${usDayOf(day)}/end/${usDayOf(day)}?sortColumnName=Credit&sortOrder=desc&pageSize=3&page=1&filterObject[0].id=LastName&filterObject[0].Value=keys`;
    expect((await api.fetch<{ Histories: Row[] }>('GET', query, { session: admin })).body.Histories).toEqual([]);
    await rebuildViews(viewsNamed(['ledger-history']));
    const res = await api.fetch<{ Histories: Row[]; TotalHistoryCount: number }>('GET', query, { session: admin });
    expect(res.body.TotalHistoryCount).toBe(12);
    expect(res.body.Histories.map((h) => [h.FirstName, h.Credit])).toEqual([['Olde', 1.11], ['Olde', 1.1], ['Olde', 1.09]]);
  });
});
