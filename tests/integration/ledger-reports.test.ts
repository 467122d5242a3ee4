// The ledger reports (issue 12) through the real gateway against DynamoDB Local: Account Summary
// reconciles with the ledger for every agent after random sequences of transfers, card credits, lead
// charges (real leads through the engine), uploads and a Pro Store run; Transaction History's two
// forms, paging, sorts and filters; the 31-day rule and the permission; both exports through the job.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LedgerType } from '#shared/ledger-types.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { agentProfileFixture } from '../support/agent-fixture.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';
import { seededRandom } from '#core/seed/random.ts';

const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, { codeLetter: 'L', names: { campaign: 'Reports' }, firstPhone: 4125550000, postDefaults: { StateCode: 'WY', ZipCode: '82001' } });
const { ids, code } = fx;

const { LedgerEntry } = await import('#entities/ledger-entry.ts');
const { LeadSale } = await import('#entities/lead-sale.ts');
const { scanSegments } = await import('#platform/db.ts');
const { registerAgent } = await import('#core/directory/agent-registry.ts');
const { postEntry, transfer } = await import('#core/money/ledger.ts');
const { applyAgentRows } = await import('#core/directory/agent-uploads/apply-agent-rows.ts');
const { runProStoreTransfers } = await import('#core/money/prostore.ts');
const { reportDay } = await import('#platform/report-day.ts');
const { invokeJob, s3PutEvent } = await import('../../infra/local/jobs.ts');
const { BUCKETS } = await import('../../infra/local/settings.ts');
const { LEDGER_RANGE_TOO_LONG, usDayOf } = await import('#shared/api/reports-ledger.ts');
const { docClient } = await import('#platform/dynamo.ts');
const { recordDynamoCalls } = await import('../support/dynamo-recorder.ts');

const RUN = fx.run.toUpperCase();
const PREFIX = `R${RUN}`;
let admin: Session;

/** A seeded random sequence, so a failure can be replayed from the printed seed. */
const SEED = Number(process.env.LEDGER_REPORTS_SEED ?? Date.now() % 100_000);
const sequence = seededRandom(SEED);
const random = () => sequence.next();
const pick = <T,>(items: readonly T[]) => sequence.pick(items);
const cents = (min: number, max: number) => 100 * sequence.int(min, max);

const DAY_MS = 86_400_000;
const today = reportDay(new Date().toISOString());
const dayBefore = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
/**
 * From three days before today to the day of the last of beforeAll's writes (set then): today unless
 * Central's midnight passed while the file wrote "today's" entries at the server's clock, which a range
 * ending at the day read here would then miss.
 */
const range = { startDate: dayBefore(today, 3), endDate: today };
/** The days of the range, the last first. */
const rangeDays = () => Array.from({ length: 1 + (Date.parse(range.endDate) - Date.parse(range.startDate)) / DAY_MS }, (_, n) => dayBefore(range.endDate, n));

/** A fund order of the agent's taking every Wyoming lead. */
const fundOrder = (agentId: string) => fx.fundOrder(agentId, { state: 'WY', description: 'report test order' });

/** A vendor post in Wyoming. */
const postLead = () => fx.post();

const AGENTS = 6;
const agentIds = Array.from({ length: AGENTS }, (_, i) => `${PREFIX}${i}`);
const FIRST_NAMES = ['Zoe', 'Adam', 'Mia', 'Ben', 'Lia', 'Carl'];

/** The report's column of each ledger type (docs: shared/api/reports-ledger.ts). */
const COLUMN_OF: Record<LedgerType, string> = {
  AgentContribution: 'AgentContribution', CompanyMatch: 'CompanyMatch', LeadSpend: 'LeadSpend', PointAndClickTransfer: 'PointAndClickLeadSpend', LeadBonus: 'LeadBonus',
  LeadCredit: 'LeadCredit', LeadReimbursement: 'LeadReimbursement', CreditCardPayment: 'CreditCardPayment', FundsTransfer: 'FundsTransfer', ProStoreTransfer: 'ProStoreTransfer',
  ClickToCall: 'ClickToCall', FinalAccountTermination: 'FinalAccountTermination', Other: 'Other',
};

beforeAll(async () => {
  admin = await api.sessionFor('admin');
  console.info(`ledger-reports seed ${SEED}`);
  for (const [i, agentId] of agentIds.entries())
    await registerAgent(agentProfileFixture(agentId, { firstName: FIRST_NAMES[i]!, lastName: `Report${RUN}`, state: 'WY', zip: '82001', proStoreEnabled: i % 2 === 0, proStoreAmountCents: 700 }));
  // History: an entry before the range (a starting balance) and entries on the range's earlier days.
  const historyDays = [dayBefore(today, 6), dayBefore(today, 3), dayBefore(today, 2), dayBefore(today, 1)];
  for (const agentId of agentIds)
    for (const [d, day] of historyDays.entries())
      for (let k = 0; k < 1 + Math.floor(random() * 3); k++) {
        const type = d === 0 ? 'AgentContribution' : pick(['CreditCardPayment', 'CompanyMatch', 'LeadBonus', 'Other'] as const);
        await postEntry({ agentId, deltaCents: d === 0 ? cents(300, 500) : cents(20, 200), type, description: `history ${type}`, idempotencyKey: `h:${agentId}:${d}:${k}`, at: `${day}T${String(14 + k).padStart(2, '0')}:00:00.000Z` });
      }
  // Today, in random order: transfers, card credits, lead charges through the engine, an upload, Pro Store.
  await fundOrder(agentIds[0]!);
  await fundOrder(agentIds[1]!);
  for (let step = 0; step < 24; step++) {
    const kind = pick(['transfer', 'card', 'lead', 'spend'] as const);
    const agentId = pick(agentIds);
    if (kind === 'transfer') {
      const to = pick(agentIds.filter((a) => a !== agentId));
      await transfer({ fromAgentId: agentId, toAgentId: to, amountCents: cents(1, 5), type: 'FundsTransfer', description: 'test transfer', idempotencyKey: `t:${RUN}:${step}` }).catch(() => undefined);
    } else if (kind === 'card') await postEntry({ agentId, deltaCents: cents(10, 50), type: 'CreditCardPayment', description: 'card', idempotencyKey: `c:${RUN}:${step}` });
    else if (kind === 'lead') expect((await postLead()).status).toBeLessThan(300);
    else await postEntry({ agentId, deltaCents: -cents(1, 3), type: pick(['LeadSpend', 'PointAndClickTransfer', 'ClickToCall'] as const), description: 'spend', idempotencyKey: `s:${RUN}:${step}` }).catch(() => undefined);
  }
  // At least two real lead sales, whatever the random steps did.
  for (let k = 0; k < 2; k++) expect((await postLead()).body.Result).toBe('sold');
  const rows = agentIds.slice(0, 3).map((agentId, i) => {
    const amountCents = cents(5, 9);
    return { row: i + 2, transactionId: `X${RUN}${i}`, agentId, amountCents, deltaCents: amountCents, type: 'LeadCredit' as const, description: 'upload credit' };
  });
  await applyAgentRows('transaction', rows as never, { uploadId: `U${RUN}`, by: 'test' });
  await runProStoreTransfers({ at: new Date() });
  range.endDate = reportDay(new Date().toISOString());
  await api.settled();
}, 240_000);

/** What the ledger itself says of an agent over the range, in cents. */
async function ledgerTruth(agentId: string) {
  const entries = (await LedgerEntry.query.ofAgent(agentId).all()).sort((a, b) => a.at.localeCompare(b.at));
  const before = entries.filter((e) => reportDay(e.at) < range.startDate);
  const inRange = entries.filter((e) => reportDay(e.at) >= range.startDate && reportDay(e.at) <= range.endDate);
  const starting = before.at(-1)?.balanceAfterCents ?? 0;
  const byColumn: Record<string, number> = {};
  for (const e of inRange) byColumn[COLUMN_OF[e.type]] = (byColumn[COLUMN_OF[e.type]] ?? 0) + e.creditCents - e.debitCents;
  return { starting, ending: inRange.at(-1)?.balanceAfterCents ?? starting, byColumn, count: inRange.length, types: new Set(inRange.map((e) => e.type)) };
}

const toCents = (dollars: unknown) => Math.round(Number(dollars) * 100);

describe('Account Summary', () => {
  it('reconciles for every agent: starting balance + movements = ending balance, and each column equals the ledger entries of its type', async () => {
    const res = await api.fetch<{ Result: Record<string, unknown>[]; TotalCount: number; Pages: number }>(
      'GET',
      `/accountsummary/start/${range.startDate}/end/${range.endDate}?filterObject[0].id=AgentId&filterObject[0].Value=${PREFIX}&pageSize=100`,
      { session: admin },
    );
    expect(res.status, res.errors.join()).toBe(200);
    const page = res.body;
    expect(page.TotalCount).toBe(AGENTS);
    expect(page.Result.map((r) => r.AgentId).sort()).toEqual([...agentIds].sort());
    const seen = new Set<string>();
    for (const row of page.Result) {
      const truth = await ledgerTruth(String(row.AgentId));
      const columns = Object.values(COLUMN_OF).map((c) => toCents(row[c]));
      expect(toCents(row.StartingBalance), String(row.AgentId)).toBe(truth.starting);
      expect(toCents(row.EndingBalance), String(row.AgentId)).toBe(truth.ending);
      expect(truth.starting + columns.reduce((a, b) => a + b, 0), String(row.AgentId)).toBe(truth.ending);
      for (const column of Object.values(COLUMN_OF)) expect(toCents(row[column]), `${String(row.AgentId)} ${column}`).toBe(truth.byColumn[column] ?? 0);
      for (const t of truth.types) seen.add(t);
    }
    // The random sequence did move money of the kinds the report must reconcile.
    for (const t of ['CreditCardPayment', 'LeadSpend', 'LeadCredit', 'ProStoreTransfer'] as const) expect(seen, t).toContain(t);
    expect(page.Result.every((r) => toCents(r.StartingBalance) > 0)).toBe(true);
  });

  it('pages 25 agents at a time over the directory, sorted by first name when asked', async () => {
    const res = await api.fetch<{ Result: { FirstName: string }[]; Pages: number }>('GET', `/accountsummary/start/${range.startDate}/end/${range.endDate}?filterObject[0].id=AgentId&filterObject[0].Value=${PREFIX}&sortColumnName=FirstName&pageSize=4&page=1`, { session: admin });
    expect(res.status).toBe(200);
    expect(res.body.Pages).toBe(2);
    expect(res.body.Result.map((r) => r.FirstName)).toEqual([...FIRST_NAMES].sort().slice(0, 4));
  });

  it("reads its agents' day sums, and not every day of the range, when an agent of the page moved money in it", async () => {
    const recorder = recordDynamoCalls(docClient());
    const path = `/accountsummary/start/${range.startDate}/end/${range.endDate}?filterObject[0].id=AgentId&filterObject[0].Value=${PREFIX}&pageSize=100`;
    let calls: Awaited<ReturnType<typeof recorder.during>>;
    try {
      calls = await recorder.during(async () => expect((await api.fetch('GET', path, { session: admin })).status).toBe(200));
    } finally {
      recorder.restore();
    }
    const queries = calls.filter((c) => c.scope === 'requests' && c.command === 'QueryCommand').map((c) => JSON.stringify(c.input));
    expect(queries.filter((q) => q.includes('HISTORY#'))).toEqual([]);
    expect(queries.filter((q) => q.includes('DAYSUM#'))).toHaveLength(AGENTS);
  });

  it("lists a page of agents without entries in the range when other agents have some, and lists none when no agent has", async () => {
    const quietId = `Q${RUN}`;
    await registerAgent(agentProfileFixture(quietId, { firstName: 'Quiet', lastName: `Report${RUN}`, state: 'WY', zip: '82001' }));
    await api.settled();
    const page = (r: { startDate: string; endDate: string }) =>
      api.fetch<{ Result: { AgentId: string; StartingBalance: number }[]; TotalCount: number }>('GET', `/accountsummary/start/${r.startDate}/end/${r.endDate}?filterObject[0].id=AgentId&filterObject[0].Value=${quietId}`, { session: admin });
    const active = await page(range);
    expect(active.status).toBe(200);
    expect(active.body.TotalCount).toBe(1);
    expect(active.body.Result).toMatchObject([{ AgentId: quietId, StartingBalance: 0 }]);
    const quiet = await page({ startDate: '2001-01-01', endDate: '2001-01-05' });
    expect(quiet.body).toEqual({ Result: [], TotalCount: 0, Pages: 0 });
  });

  it('refuses a range longer than 31 days, and anyone without CAN_VIEW_LC_REPORTS', async () => {
    const long = await api.fetch('GET', `/accountsummary/start/2026-01-01/end/2026-02-01`, { session: admin });
    expect(long.status).toBe(400);
    expect(long.errors).toEqual([LEDGER_RANGE_TOO_LONG]);
    const agent = await api.fetch('GET', `/accountsummary/start/2026-01-01/end/2026-01-31`, { session: await api.sessionFor('captive agent') });
    expect(agent.status).toBe(403);
  });
});

describe('Transaction History', () => {
  const paged = (query: string) =>
    api.fetch<{ Histories: Record<string, unknown>[]; Pages: number; TotalHistoryCount: number }>('GET', `/transactionhistory/start/${usDayOf(range.startDate)}/end/${usDayOf(range.endDate)}?${query}`, { session: admin });

  it('pages every entry of the range in time order, 25 a page, with the total', async () => {
    const all: { at: string }[] = [];
    await scanSegments({ filter: '#entity = :entry', names: { '#entity': 'entity' }, values: { ':entry': LedgerEntry.entity } }, async (item) => {
      if (rangeDays().includes(reportDay(String(item.at)))) all.push({ at: String(item.at) });
    });
    const first = await paged('sortColumnName=Timestamp&sortOrder=asc&pageSize=25&page=1');
    expect(first.status, first.errors.join()).toBe(200);
    expect(first.body.TotalHistoryCount).toBe(all.length);
    expect(first.body.Pages).toBe(Math.ceil(all.length / 25));
    const times = all.map((e) => `${e.at}`).sort();
    expect(first.body.Histories.map((h) => h.Timestamp)).toEqual(times.slice(0, 25));
    const last = await paged(`sortColumnName=Timestamp&sortOrder=desc&pageSize=25&page=${first.body.Pages}`);
    expect(last.body.Histories.map((h) => h.Timestamp)).toEqual(times.slice(0, all.length - 25 * (first.body.Pages - 1)).reverse());
  });

  it('filters by agent and sorts by first name (the default), with names, type and status from the directory', async () => {
    const mine = await paged(`filterObject[0].id=AgentId&filterObject[0].Value=${agentIds[0]}`);
    const truth = await ledgerTruth(agentIds[0]!);
    expect(mine.body.TotalHistoryCount).toBe(truth.count);
    expect(mine.body.Histories[0]).toMatchObject({ AgentId: agentIds[0], FirstName: 'Zoe', AgentType: 'Agent', AgentStatus: 'Active' });
    const byName = await paged(`filterObject[0].id=LastName&filterObject[0].Value=Report${RUN}&pageSize=100`);
    const names = byName.body.Histories.map((h) => String(h.FirstName));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('filters by last name through the directory and sorts by Debit, every page a slice of the one sorted list', async () => {
    const query = `filterObject[0].id=LastName&filterObject[0].Value=report${RUN.toLowerCase()}&sortColumnName=Debit&sortOrder=desc`;
    const all = await paged(`${query}&pageSize=100`);
    expect(all.status, all.errors.join()).toBe(200);
    const counts = await Promise.all(agentIds.map(async (id) => (await ledgerTruth(id)).count));
    expect(all.body.TotalHistoryCount).toBe(counts.reduce((a, b) => a + b, 0));
    const debits = all.body.Histories.map((h) => Number(h.Debit));
    expect(debits).toEqual([...debits].sort((a, b) => b - a));
    const pages = Math.ceil(all.body.TotalHistoryCount / 7);
    const walked: unknown[] = [];
    for (let page = 1; page <= pages; page++) {
      const one = await paged(`${query}&pageSize=7&page=${page}`);
      expect(one.body.Pages).toBe(pages);
      walked.push(...one.body.Histories.map((h) => `${String(h.Timestamp)}|${String(h.AgentId)}|${String(h.Debit)}`));
    }
    expect(walked).toEqual(all.body.Histories.map((h) => `${String(h.Timestamp)}|${String(h.AgentId)}|${String(h.Debit)}`));
  });

  it("reads an agent id filter's few agents from their own ledgers, with the rows, order and total the lists give", async () => {
    const byId = (sort: string) => paged(`filterObject[0].id=AgentId&filterObject[0].Value=${PREFIX.toLowerCase()}&${sort}&pageSize=100`);
    // The same agents' entries through the LastName lists.
    const byName = (sort: string) => paged(`filterObject[0].id=LastName&filterObject[0].Value=Report${RUN}&${sort}&pageSize=100`);
    const recorder = recordDynamoCalls(docClient());
    let calls: Awaited<ReturnType<typeof recorder.during>>;
    try {
      calls = await recorder.during(async () => expect((await byId('sortColumnName=Debit&sortOrder=desc')).status).toBe(200));
    } finally {
      recorder.restore();
    }
    expect(calls.filter((c) => c.scope === 'requests' && c.command === 'QueryCommand' && JSON.stringify(c.input).includes('HISTORY#'))).toEqual([]);
    for (const column of ['Timestamp', 'Type', 'Credit', 'Debit', 'AgentId', 'FirstName', 'LastName'])
      for (const order of ['asc', 'desc']) {
        const sort = `sortColumnName=${column}&sortOrder=${order}`;
        const [own, lists] = await Promise.all([byId(sort), byName(sort)]);
        expect(own.body.TotalHistoryCount, sort).toBeGreaterThan(AGENTS);
        expect(own.body, sort).toEqual(lists.body);
      }
  });

  it("writes the agent names on every entry, the engine's lead purchases, transfers, uploads and Pro Store included (the name orders' keys)", async () => {
    for (const [i, agentId] of agentIds.entries()) {
      const entries = await LedgerEntry.query.ofAgent(agentId).all();
      expect(new Set(entries.map((e) => e.type)).has('LeadSpend') || i > 1).toBe(true);
      for (const e of entries) expect([e.firstName, e.lastName], `${e.type} of ${agentId}`).toEqual([FIRST_NAMES[i], `Report${RUN}`]);
    }
  });

  it("gives a lead purchase of the engine its lead's vendor code, campaign code and company price", async () => {
    const spends = await paged('filterObject[0].id=Type&filterObject[0].Value=LeadSpend&pageSize=100&sortColumnName=Timestamp');
    const sold = spends.body.Histories.filter((h) => h.CampaignCode !== null);
    expect(sold.length).toBeGreaterThanOrEqual(2);
    for (const h of sold) expect(h).toMatchObject({ CampaignCode: code, VendorCode: fx.vendorCodes.vendor, CompanyPurchasePrice: 5, Debit: 25 });
    // Charges posted by hand (not a sale) carry none.
    expect(spends.body.Histories.some((h) => h.Description === 'spend' && h.CampaignCode === null && h.CompanyPurchasePrice === null) || !spends.body.Histories.some((h) => h.Description === 'spend')).toBe(true);
  });

  it('answers the first form (YYYY-MM-DD) with every row as Result', async () => {
    const res = await api.fetch<{ Result: { AgentId: string }[] }>('GET', `/transactionhistory/start/${range.startDate}/end/${range.endDate}`, { session: admin });
    expect(res.status).toBe(200);
    expect(res.body.Result.filter((r) => r.AgentId === agentIds[1]).length).toBe((await ledgerTruth(agentIds[1]!)).count);
  });

  it('refuses 32 days with the message of the 31-day rule', async () => {
    const res = await api.fetch('GET', `/transactionhistory/start/01-01-2026/end/02-01-2026`, { session: admin });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual([LEDGER_RANGE_TOO_LONG]);
  });
});

describe('exports', () => {
  async function exported(path: string): Promise<{ fileName: string; lines: string[]; rows: number }> {
    const started = await api.fetch<{ ExportId: string; Status: string }>('POST', path, { session: admin });
    expect(started.status, started.errors.join()).toBe(202);
    expect(started.body.Status).toBe('Pending');
    const outcome = await invokeJob('agentExport', s3PutEvent({ bucket: BUCKETS.uploads, key: `export-requests/${started.body.ExportId}.json`, size: 20, eTag: 'etag' }));
    expect(outcome.error).toBeUndefined();
    expect(outcome.result).toEqual([expect.objectContaining({ outcome: 'exported', status: 'Succeeded' })]);
    const status = await api.call('agents.exportStatus', { params: { exportId: started.body.ExportId }, session: admin });
    expect(status.body.Status).toBe('Succeeded');
    expect(status.body.RowsDone).toBe(status.body.Rows);
    const file = await fetch(status.body.Download!.Url);
    const lines = (await file.text()).trim().split('\r\n');
    return { fileName: status.body.Download!.FileName, lines, rows: status.body.Rows! };
  }

  it('writes the Account Summary of every agent as a CSV through the export job', async () => {
    const { fileName, lines, rows } = await exported(`/accountsummary/start/${range.startDate}/end/${range.endDate}/export`);
    expect(fileName).toMatch(/^AccountSummary-\d{2}-\d{2}-\d{4}\.csv$/);
    expect(lines).toHaveLength(rows + 1);
    expect(lines[0]!.split(',').slice(0, 6)).toEqual(['AgentId', 'FirstName', 'LastName', 'Status', 'StartingBalance', 'EndingBalance']);
    const truth = await ledgerTruth(agentIds[2]!);
    const line = lines.find((l) => l.startsWith(`${agentIds[2]},`))!.split(',');
    expect([line[4], line[5]]).toEqual([(truth.starting / 100).toFixed(2), (truth.ending / 100).toFixed(2)]);
  });

  it('writes every transaction of the range as a CSV through the export job, dates as MM/DD/YYYY', async () => {
    const { fileName, lines, rows } = await exported(`/transactionhistory/export/start/${range.startDate}/end/${range.endDate}/`);
    expect(fileName).toMatch(/^TransactionHistory-\d{2}-\d{2}-\d{4}\.csv$/);
    expect(lines).toHaveLength(rows + 1);
    const mine = lines.filter((l) => l.startsWith(`${agentIds[3]},`));
    expect(mine).toHaveLength((await ledgerTruth(agentIds[3]!)).count);
    expect(mine[0]!.split(',')[5]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2} [AP]M$/);
  });

  it("writes each lead purchase's vendor, campaign and company price in the Transaction History file (the sales by day)", async () => {
    const { lines } = await exported(`/transactionhistory/export/start/${range.startDate}/end/${range.endDate}/`);
    const sales = (await Promise.all(agentIds.map((id) => LeadSale.query.boughtBy(id).all()))).flat();
    expect(sales.length).toBeGreaterThanOrEqual(2);
    const sold = lines.filter((l) => l.split(',')[11] === code);
    expect(sold.length).toBe(sales.filter((s) => s.campaignId === ids.campaign).length);
    for (const line of sold) expect(line.split(',').slice(10)).toEqual([fx.vendorCodes.vendor, code, '5.00']);
  });
});
