// The agent list (My Team and the Agents page) through the real gateway: an agent sees only their
// downline, staff see every agent; paging metadata, filters, sorting, validation, the permission-gated
// columns, one agent and its basic info, and the CSV export (a job: started by the request, written by
// the agentExport job, polled and downloaded) in its full and its managers' layout.
import { beforeAll, describe, expect, it } from 'vitest';
import { agentProfileFixture } from '../support/agent-fixture.ts';
import { useApiHarness, type Answer, type DemoRole } from '../support/api-harness.ts';

// The demo seed, then the agents below added to its hierarchy.
// The agents list reads the directory view, which the projector keeps from the profiles and balances.
const api = useApiHarness({ projector: true });

const { DEMO_AGENT_IDS } = await import('../../functions/core/seed/demo-users.ts');
const { Downline } = await import('#entities/downline.ts');
const { postEntry, setCreditLine } = await import('../../functions/core/money/ledger.ts');
const { registerAgent } = await import('#core/directory/agent-registry.ts');
const { recordLogin } = await import('#core/identity/users.ts');
const { applyAgentSettings, changedFields } = await import('#core/directory/agent-admin.ts');
const { PAGE_SIZE_INVALID } = await import('../../shared/agent-list.ts');
const { invokeJob, s3PutEvent } = await import('../../infra/local/jobs.ts');
const { BUCKETS } = await import('../../infra/local/settings.ts');
const { AgentExport } = await import('#entities/agent-export.ts');
const { forEachAgentChunk, listAgents } = await import('#core/directory/agent-directory.ts');
const { EXPORT_GIVE_UP_SECONDS, EXPORT_NOT_FOUND, exportMessages, runAgentExport } = await import('#core/directory/agent-exports.ts');
const { readObject } = await import('#platform/s3.ts');

interface Row {
  AgentId: string;
  FirstName: string;
  LastName: string;
  LastLoginDateTime: string | null;
  CurrentBalance: number;
  ParentAgentId: string | null;
  Status: number;
  StatusName: string;
  Type: number;
  TypeName: string;
  Priority?: number;
  CreditLine?: number;
}
interface Page {
  Results: Row[];
  Metadata: { TotalPages: number; TotalCount: number; PageNumber: number; PageSize: number };
}

/** Agents added to the demo hierarchy: three more in the sponsor's downline (one two levels down), one in another branch. */
const FIXTURE = [
  { agentId: 'T101', firstName: 'Zoe', lastName: 'Adams', parent: DEMO_AGENT_IDS.captive, type: 0, status: 1, cents: 50_000, login: '2025-01-10T15:00:00.000Z' },
  { agentId: 'T102', firstName: 'john', lastName: 'Smith', parent: DEMO_AGENT_IDS.sponsor, type: 1, status: 0, cents: 2_000, terminated: '2025-01-02T00:00:00.000Z' },
  { agentId: 'T103', firstName: 'Johanna', lastName: 'Smithers', parent: DEMO_AGENT_IDS.sponsor, type: 2, status: 1, cents: 30_000, login: '2024-12-01T10:00:00.000Z' },
  { agentId: 'T201', firstName: 'Otto', lastName: 'Smithson', parent: DEMO_AGENT_IDS.broker, type: 1, status: 1, cents: 70_000 },
] as const;
const SPONSOR_DOWNLINE = [DEMO_AGENT_IDS.captive, DEMO_AGENT_IDS.fundPreview, 'T101', 'T102', 'T103'];
const ALL_AGENTS = [...Object.values(DEMO_AGENT_IDS), ...FIXTURE.map((f) => f.agentId)];

beforeAll(async () => {
  const parents = new Map<string, string | undefined>([
    [DEMO_AGENT_IDS.captive, DEMO_AGENT_IDS.sponsor],
    [DEMO_AGENT_IDS.sponsor, undefined],
    [DEMO_AGENT_IDS.broker, undefined],
  ]);
  for (const f of FIXTURE) {
    parents.set(f.agentId, f.parent);
    await registerAgent(
      agentProfileFixture(f.agentId, {
        firstName: f.firstName,
        lastName: f.lastName,
        email: `${f.agentId.toLowerCase()}@test.example.com`,
        type: f.type,
        status: f.status,
        role: 'subagent',
        parentAgentId: f.parent,
        priority: 7,
        createdAt: '2024-01-01T00:00:00.000Z',
        ...('login' in f ? { lastLoginAt: f.login } : {}),
        ...('terminated' in f ? { terminationDate: f.terminated } : {}),
      }),
      { creditLineCents: 10_000 },
    );
    // The closure: one item per ancestor, at its depth.
    let depth = 1;
    for (let ancestor = parents.get(f.agentId); ancestor; ancestor = parents.get(ancestor), depth++)
      await Downline.put({ ancestorId: ancestor, descendantId: f.agentId, depth, firstName: f.firstName, lastName: f.lastName, status: f.status, type: f.type });
    await postEntry({ agentId: f.agentId, deltaCents: f.cents, type: 'CreditCardPayment', description: 'Test funds', idempotencyKey: `agent-list-test:${f.agentId}` });
  }
}, 120_000);

/** A GET below /api as the demo user of `role` (a POST for an export's start: docs/api.md). */
async function call(role: DemoRole, path: string): Promise<Answer> {
  await api.settled();
  return api.fetch(path.startsWith('/agent/export') ? 'POST' : 'GET', path, { session: await api.sessionFor(role) });
}

async function list(role: DemoRole, query = ''): Promise<Page> {
  const res = await call(role, `/agent${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Page;
}

const ids = (page: Page) => page.Results.map((r) => r.AgentId);

describe('who is listed', () => {
  it("shows an agent only their own downline, at every depth, never another branch or themselves", async () => {
    const page = await list('sponsor agent', '?PageSize=100');
    expect(ids(page).sort()).toEqual([...SPONSOR_DOWNLINE].sort());
    expect(page.Metadata.TotalCount).toBe(SPONSOR_DOWNLINE.length);
  });

  it('shows an agent without a team an empty list', async () => {
    const page = await list('broker agent', '?PageSize=100&PageNumber=1');
    expect(ids(page)).toEqual(['T201']);
    expect((await list('first-family agent')).Results).toEqual([]);
  });

  it('shows staff every agent', async () => {
    for (const role of ['admin', 'manager', 'support'] as const) {
      const page = await list(role, '?PageSize=100');
      expect(ids(page).sort(), role).toEqual([...ALL_AGENTS].sort());
    }
  });

  it('refuses a user without a team permission', async () => {
    expect((await call('sales assistant', '/agent')).status).toBe(403);
  });
});

describe('paging', () => {
  it('answers the page asked for with TotalPages, TotalCount, PageNumber and PageSize, the pages never overlapping', async () => {
    const whole = ids(await list('admin', '?PageSize=100'));
    const pages = await Promise.all([1, 2, 3].map((n) => list('admin', `?PageSize=4&PageNumber=${n}`)));
    expect(pages[2]!.Metadata).toEqual({ TotalPages: 3, TotalCount: 9, PageNumber: 3, PageSize: 4 });
    expect(pages.map((p) => p.Results.length)).toEqual([4, 4, 1]);
    expect(pages.flatMap(ids)).toEqual(whole);
  });

  it('answers an empty page past the end', async () => {
    const page = await list('admin', '?PageSize=4&PageNumber=9');
    expect(page.Results).toEqual([]);
    expect(page.Metadata.TotalPages).toBe(3);
  });

  it('takes the 30000 of the "all" request and refuses a page size above it or below 1 with 400', async () => {
    expect((await list('admin', '?PageSize=30000')).Results).toHaveLength(9);
    for (const size of ['30001', '0', 'x']) {
      const res = await call('admin', `/agent?PageSize=${size}`);
      expect(res.status, size).toBe(400);
      expect(res.body).toEqual({ ErrorMessages: [PAGE_SIZE_INVALID] });
    }
  });
});

describe('filters', () => {
  it('filters by last-name prefix, case-insensitively, within the caller\'s scope', async () => {
    expect(ids(await list('admin', '?LastName=SMI')).sort()).toEqual(['T102', 'T103', 'T201']);
    expect(ids(await list('sponsor agent', '?LastName=smi')).sort()).toEqual(['T102', 'T103']);
  });

  it('filters by first-name prefix, case-insensitively', async () => {
    expect(ids(await list('admin', '?FirstName=JO')).sort()).toEqual(['T102', 'T103']);
  });

  it('filters by agent-id prefix, case-insensitively', async () => {
    expect(ids(await list('admin', '?AgentId=t10')).sort()).toEqual(['T101', 'T102', 'T103']);
    expect(ids(await list('sponsor agent', '?AgentId=T2'))).toEqual([]);
  });

  it('combines filters, and counts only what matches', async () => {
    const page = await list('admin', '?LastName=smith&FirstName=jo&PageSize=1');
    expect(ids(page)).toEqual(['T102']);
    expect(page.Metadata).toMatchObject({ TotalCount: 2, TotalPages: 2 });
  });
});

describe('sorting', () => {
  it('sorts by last name by default, and descending when SortOrder is true', async () => {
    const ascending = (await list('admin', '?PageSize=100')).Results.map((r) => r.LastName.toLowerCase());
    expect(ascending).toEqual([...ascending].sort());
    const descending = (await list('admin', '?PageSize=100&SortOrder=true')).Results.map((r) => r.LastName.toLowerCase());
    expect(descending).toEqual([...ascending].reverse());
  });

  it('sorts by agent id, first name, current balance and last login in both directions', async () => {
    const cases: [string, (r: Row) => string | number | null][] = [
      ['AgentId', (r) => r.AgentId],
      ['FirstName', (r) => r.FirstName.toLowerCase()],
      ['CurrentBalance', (r) => r.CurrentBalance],
      ['LastLoginDateTime', (r) => r.LastLoginDateTime],
    ];
    for (const [column, value] of cases)
      for (const descending of [false, true]) {
        const values = (await list('admin', `?PageSize=100&SortColumnName=${column}&SortOrder=${descending}`)).Results.map(value);
        // Empty values sort first ascending and last descending.
        const sorted = [...values].sort((a, b) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1));
        expect(values, `${column} ${descending ? 'desc' : 'asc'}`).toEqual(descending ? sorted.reverse() : sorted);
      }
  });

  it("sorts a sponsor's downline by balance across the whole team, not within one page", async () => {
    const team = (await list('sponsor agent', '?PageSize=100')).Results;
    const richest = team.reduce((best, r) => (r.CurrentBalance > best.CurrentBalance ? r : best));
    const first = await list('sponsor agent', '?SortColumnName=CurrentBalance&SortOrder=true&PageSize=1');
    expect(ids(first)).toEqual([richest.AgentId]);
  });

  it('refuses an unknown sort column with 400', async () => {
    expect((await call('admin', '/agent?SortColumnName=EmailAddress')).status).toBe(400);
  });
});

describe('row contents', () => {
  it('carries balance, parent, type and status with their display names', async () => {
    const row = (await list('admin', '?AgentId=T102')).Results[0]!;
    expect(row).toMatchObject({ FirstName: 'john', LastName: 'Smith', CurrentBalance: 20, ParentAgentId: DEMO_AGENT_IDS.sponsor, Status: 0, StatusName: 'Termed', Type: 1, TypeName: 'Broker' });
    const captive = (await list('admin', '?AgentId=T101')).Results[0]!;
    expect(captive).toMatchObject({ TypeName: 'Agent', StatusName: 'Active', LastLoginDateTime: '2025-01-10T15:00:00.000Z' });
  });

  it('shows priority and credit line only to callers holding those permissions', async () => {
    expect((await list('admin', '?AgentId=T101')).Results[0]).toMatchObject({ Priority: 7, CreditLine: 100 });
    for (const role of ['manager', 'sponsor agent'] as const) {
      const row = (await list(role, '?AgentId=T101')).Results[0]!;
      expect(row, role).not.toHaveProperty('Priority');
      expect(row, role).not.toHaveProperty('CreditLine');
    }
  });

  it('refuses sorting by a column the caller may not see', async () => {
    expect((await call('manager', '/agent?SortColumnName=Priority')).status).toBe(403);
    expect((await call('admin', '/agent?SortColumnName=Priority')).status).toBe(200);
  });
});

describe('one agent', () => {
  it("lets a sponsor read an agent two levels down, but not one in another branch", async () => {
    const res = await call('sponsor agent', '/agent/T101');
    expect(res.status).toBe(200);
    const agent = res.body as Record<string, unknown>;
    expect(agent).toMatchObject({ AgentId: 'T101', FirstName: 'Zoe', LastName: 'Adams', EmailAddress: 't101@test.example.com', City: 'Chicago', CurrentBalance: 500 });
    expect(agent).not.toHaveProperty('Priority');
    expect((await call('sponsor agent', '/agent/T201')).status).toBe(403);
  });

  it('answers basic info as a list with the names', async () => {
    const res = await call('sponsor agent', '/agent/T103/basicinfo');
    expect(res.body).toEqual([{ AgentId: 'T103', FirstName: 'Johanna', LastName: 'Smithers' }]);
  });

  it('answers 404 for an agent that does not exist', async () => {
    expect((await call('admin', '/agent/NOPE')).status).toBe(404);
  });
});

describe('CSV export', () => {
  /** POST agent/export: the export is recorded and its trigger object written; the file is not there yet. */
  async function startExport(role: DemoRole, query = ''): Promise<string> {
    const res = await call(role, `/agent/export${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const { ExportId, Status } = res.body as { ExportId: string; Status: string };
    expect(Status).toBe('Pending');
    return ExportId;
  }

  /** What the uploads bucket's notification does for the trigger object: run the job with S3's event. */
  async function deliver(exportId: string): Promise<{ outcome: string; status?: string }[]> {
    const outcome = await invokeJob('agentExport', s3PutEvent({ bucket: BUCKETS.uploads, key: `export-requests/${exportId}.json`, size: 20, eTag: 'etag' }));
    expect(outcome.error).toBeUndefined();
    return outcome.result as { outcome: string; status?: string }[];
  }

  const exportStatus = async (role: DemoRole, exportId: string) =>
    api.call('agents.exportStatus', { params: { exportId }, session: await api.sessionFor(role) });

  /** The whole flow as the page runs it: start, the job, the status, the file by its link. */
  async function exported(role: DemoRole, query = ''): Promise<{ fileName: string; lines: string[] }> {
    const exportId = await startExport(role, query);
    expect(await deliver(exportId)).toEqual([expect.objectContaining({ outcome: 'exported', status: 'Succeeded' })]);
    const res = await exportStatus(role, exportId);
    expect(res.status, res.errors.join()).toBe(200);
    const { Status, Rows, RowsDone, Download, Message } = res.body;
    expect({ Status, Message }).toEqual({ Status: 'Succeeded', Message: null });
    expect(RowsDone).toBe(Rows);
    const file = await fetch(Download!.Url);
    expect(file.status).toBe(200);
    const lines = (await file.text()).trim().split('\r\n');
    expect(lines).toHaveLength(Rows! + 1);
    return { fileName: Download!.FileName, lines };
  }

  it('gives admins every column, priority and credit line included', async () => {
    const { fileName, lines } = await exported('admin', '?AgentId=T102');
    expect(fileName).toMatch(/^Agents-\d{2}-\d{2}-\d{4}\.csv$/);
    expect(lines[0]).toBe('Agent ID,First Name,Last Name,Type,Status,Last Login,Last Lead Date Time,Current Balance,Priority,Credit Line,Termination Date');
    expect(lines[1]).toBe('T102,john,Smith,Broker,Termed,,,20.00,7,100.00,"1/1/2025, 6:00:00 PM"');
  });

  it('gives managers the reduced file: no status, type, priority, credit line or termination date', async () => {
    const { lines } = await exported('manager', '?AgentId=T102');
    expect(lines[0]).toBe('Agent ID,First Name,Last Name,Last Login,Last Lead Date Time,Current Balance');
    expect(lines[1]).toBe('T102,john,Smith,,,20.00');
  });

  it("exports a sponsor's My Team: only the downline, filtered and sorted like the list", async () => {
    const { fileName, lines } = await exported('sponsor agent', '?SortColumnName=AgentId');
    expect(fileName).toMatch(/^MyTeam-\d{2}-\d{2}-\d{4}\.csv$/);
    expect(lines[0]).toBe('Agent ID,First Name,Last Name,Type,Status,Last Login,Last Lead Date Time,Current Balance,Termination Date');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([...SPONSOR_DOWNLINE].sort());
  });

  it('writes the same rows, in the same order, as the whole list shows', async () => {
    const query = '?SortColumnName=CurrentBalance&SortOrder=true';
    const { lines } = await exported('admin', query);
    const listed = await list('admin', `${query}&PageSize=30000`);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(ids(listed));
  });

  it('answers the start at once: Pending, no link, and only a trigger object naming the export in the uploads bucket', async () => {
    const exportId = await startExport('admin');
    const res = await exportStatus('admin', exportId);
    expect(res.body).toEqual({ ExportId: exportId, Status: 'Pending', Rows: null, RowsDone: 0, Message: null, Download: null });
    const trigger = JSON.parse((await readObject({ bucket: BUCKETS.uploads, key: `export-requests/${exportId}.json` })).toString('utf8'));
    expect(trigger).toEqual({ exportId });
  });

  it('shows the status only to the user who requested it: 403 for anyone else, staff included, and 404 for an unknown export', async () => {
    const exportId = await startExport('sponsor agent');
    await deliver(exportId);
    expect((await exportStatus('sponsor agent', exportId)).status).toBe(200);
    for (const other of ['admin', 'manager', 'support'] as const) expect((await exportStatus(other, exportId)).status, other).toBe(403);
    const unknown = await exportStatus('admin', 'no-such-export');
    expect(unknown.status).toBe(404);
    expect(unknown.errors).toEqual([EXPORT_NOT_FOUND]);
  });

  it('does nothing twice when the notification is delivered again, after the run or during it', async () => {
    const exportId = await startExport('admin', '?LastName=smith');
    await deliver(exportId);
    const first = await AgentExport.get({ exportId }, { consistent: true });
    expect(await deliver(exportId)).toEqual([{ outcome: 'duplicate', exportId }]);
    expect(await AgentExport.get({ exportId }, { consistent: true })).toEqual(first);

    // Two deliveries at once: one claims the export, the other finds it taken.
    const racing = await startExport('admin', '?LastName=smith');
    const outcomes = await Promise.all([runAgentExport(racing), runAgentExport(racing)]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['duplicate', 'exported']);
    expect((await exportStatus('admin', racing)).body.Status).toBe('Succeeded');
  });

  it("uses the rights recorded with the request, not the job's: a manager's export stays reduced", async () => {
    const exportId = await startExport('manager', '?AgentId=T101');
    const record = await AgentExport.get({ exportId }, { consistent: true });
    expect(record).toMatchObject({ reduced: true, canSeePriority: false, canSeeCreditLine: false, scope: { kind: 'all' } });
    await deliver(exportId);
    const file = await fetch((await exportStatus('manager', exportId)).body.Download!.Url);
    expect((await file.text()).split('\r\n')[0]).toBe('Agent ID,First Name,Last Name,Last Login,Last Lead Date Time,Current Balance');
  });

  it('refuses at the start a sort by a column the caller may not see', async () => {
    expect((await call('manager', '/agent/export?SortColumnName=Priority')).status).toBe(403);
  });

  it('reads an export that was never finished as Failed once it is too old, and no late delivery starts it', async () => {
    const exportId = await startExport('admin');
    const old = new Date(Date.now() - (EXPORT_GIVE_UP_SECONDS + 60) * 1000).toISOString();
    await AgentExport.patch({ exportId }, { set: { createdAt: old } });
    const res = await exportStatus('admin', exportId);
    expect(res.body).toMatchObject({ Status: 'Failed', Message: exportMessages.abandoned, Download: null });
    expect(await deliver(exportId)).toEqual([{ outcome: 'duplicate', exportId }]);
  });

  it('finishes an export whose file could not be written as Failed, with a message and nothing to download', async () => {
    // A stored request the directory refuses (sorted by a column its caller may not see): the file is never written.
    const { userId } = await api.sessionFor('sponsor agent');
    const now = new Date();
    await AgentExport.create({
      exportId: 'broken-export', userId, scope: { kind: 'downline', ancestorId: DEMO_AGENT_IDS.sponsor }, canSeePriority: false, canSeeCreditLine: false, reduced: false,
      ianaZone: 'America/Chicago', filters: {}, sort: { column: 'Priority', descending: false }, fileName: 'MyTeam-01-01-2026.csv', status: 'Pending',
      createdAt: now.toISOString(), rowsDone: 0, ttl: Math.floor(now.getTime() / 1000) + 3600,
    });
    expect(await deliver('broken-export')).toEqual([expect.objectContaining({ outcome: 'exported', status: 'Failed' })]);
    const res = await exportStatus('sponsor agent', 'broken-export');
    expect(res.body).toMatchObject({ Status: 'Failed', Message: exportMessages.failed, Download: null });
  });

  it('hands the job the sorted list in chunks, with the total, so it can record its progress', async () => {
    const chunks: [number, number][] = [];
    const viewer = { scope: { kind: 'downline' as const, ancestorId: DEMO_AGENT_IDS.sponsor }, canSeePriority: false, canSeeCreditLine: false };
    const total = await forEachAgentChunk(viewer, { filters: {}, sort: { column: 'AgentId', descending: false } }, 2, async (entries, all) => {
      chunks.push([entries.length, all]);
    });
    expect(total).toBe(SPONSOR_DOWNLINE.length);
    expect(chunks).toEqual([[2, 5], [2, 5], [1, 5]]);
  });
});

describe('the sorted orders follow every change, in the transaction that makes it', () => {
  // Its own agent, registered last so the counts above are not disturbed.
  const MOVER = 'T301';
  const staffIds = async (query: string) => ids(await list('admin', `?PageSize=100${query}`));

  beforeAll(async () => {
    await registerAgent(agentProfileFixture(MOVER, { firstName: 'Mo', lastName: 'Mover', priority: 1, createdAt: '2024-01-01T00:00:00.000Z' }));
  });

  it('counts a registered agent in TotalCount at once, without counting the directory', async () => {
    const page = await list('admin', '?PageSize=4');
    expect(page.Metadata.TotalCount).toBe(ALL_AGENTS.length + 1);
    expect(ids(await list('admin', '?PageSize=1&SortColumnName=FirstName&SortOrder=false&PageNumber=1')).length).toBe(1);
  });

  it('moves an agent in the balance order when a ledger write changes the balance', async () => {
    expect((await staffIds('&SortColumnName=CurrentBalance&SortOrder=true'))[0]).not.toBe(MOVER);
    await postEntry({ agentId: MOVER, deltaCents: 10_000_000, type: 'CreditCardPayment', description: 'Test funds', idempotencyKey: `agent-list-test:${MOVER}:rich` });
    expect((await list('admin', '?PageSize=1&SortColumnName=CurrentBalance&SortOrder=true')).Results[0]).toMatchObject({ AgentId: MOVER, CurrentBalance: 100_000 });
    await postEntry({ agentId: MOVER, deltaCents: -10_000_000, type: 'LeadSpend', description: 'Spent', idempotencyKey: `agent-list-test:${MOVER}:spent` });
    const after = await list('admin', '?PageSize=100&SortColumnName=CurrentBalance&SortOrder=true');
    expect(after.Results.find((r) => r.AgentId === MOVER)).toMatchObject({ CurrentBalance: 0 });
    expect(ids(after)[0]).not.toBe(MOVER);
  });

  it('moves an agent in the credit line order when the credit line is set', async () => {
    await setCreditLine({ agentId: MOVER, creditLineCents: 5_000_000, by: 'test', source: 'Agent Information', idempotencyKey: `agent-list-test:${MOVER}:line` });
    expect((await list('admin', '?PageSize=1&SortColumnName=CreditLine&SortOrder=true')).Results[0]).toMatchObject({ AgentId: MOVER, CreditLine: 50_000 });
  });

  it('moves an agent in the priority order when Agent Information saves a new priority', async () => {
    expect((await staffIds('&SortColumnName=Priority'))[0]).toBe(MOVER);
    const { current } = await changedFields(MOVER, { priority: 10 });
    await applyAgentSettings(MOVER, { priority: 10 }, current, 'test');
    expect((await list('admin', '?PageSize=1&SortColumnName=Priority&SortOrder=true')).Results[0]).toMatchObject({ AgentId: MOVER, Priority: 10 });
    // Every page of the order, and its total, match the whole order.
    const whole = await listAgents({ scope: { kind: 'all' }, canSeePriority: true, canSeeCreditLine: true }, { filters: {}, sort: { column: 'Priority', descending: true }, page: 1, pageSize: 100 });
    const pages = await Promise.all([1, 2, 3, 4].map((n) => list('admin', `?PageSize=3&PageNumber=${n}&SortColumnName=Priority&SortOrder=true`)));
    expect(pages.flatMap(ids)).toEqual(whole.entries.map((e) => e.agentId));
    expect(pages.map((p) => p.Metadata.TotalCount)).toEqual([10, 10, 10, 10]);
  });

  it('moves an agent in the last login order when they sign in', async () => {
    // The fixture has no login: it sorts among the first ascending, never first descending.
    expect((await staffIds('&SortColumnName=LastLoginDateTime&SortOrder=true'))[0]).not.toBe(MOVER);
    const user = { userId: `U-${MOVER}`, email: 'mo@test.example.com', name: 'Mo Mover', kind: 'agent' as const, agentId: MOVER, isAdmin: false, isManager: false, isLeadConnectHome: false, isSalesAssistant: false, isSponsorAgent: false, isFundPreview: false, createdAt: '2024-01-01T00:00:00.000Z' };
    await recordLogin(user, new Date('2099-01-01T00:00:00.000Z'));
    expect((await list('admin', '?PageSize=1&SortColumnName=LastLoginDateTime&SortOrder=true')).Results[0]).toMatchObject({ AgentId: MOVER, LastLoginDateTime: '2099-01-01T00:00:00.000Z' });
  });
});
