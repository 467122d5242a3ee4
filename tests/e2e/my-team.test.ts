// Browser tests of My Team (spec part 1 §2.4, §7, §9) as the sponsor agent walks it: only their
// downline, the first request of 10 then pages of 25, paging, a debounced column filter, sorting,
// the Manage links and the CSV export (reduced for a manager). Read-only: no data changes here.
import { readFile } from 'node:fs/promises';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from './browser-session.ts';
import { dataRows } from './tables.ts';
import { localStack } from './stack.ts';

const { url } = localStack();

const SPONSOR = 'sponsor';
/** Demo agents: the captive agent is in the sponsor's team, the broker and first-family agents are not. */
const IN_TEAM = 'A000002';
const OUTSIDE_TEAM = ['A000001', 'A000003', 'A000004'];

const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

interface Row {
  AgentId: string;
  FirstName: string;
  LastName: string;
  CurrentBalance: number;
}
interface ListPage {
  Results: Row[];
  Metadata: { TotalPages: number; TotalCount: number; PageNumber: number; PageSize: number };
}

/**
 * The agent-list requests the page gets answers to, with their query parameters. Answered only: in
 * the dev server React's StrictMode mounts the table twice, and React Query cancels the first
 * mount's request before it is answered.
 */
function recordListRequests(p: Page): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  p.on('response', (response: Response) => {
    const request = response.request();
    const at = new URL(request.url());
    if (request.method() === 'GET' && at.pathname === '/api/agent') seen.push(at.searchParams);
  });
  return seen;
}

/** GET /api/agent with the page's session, as the API answers it. */
async function listFromApi(p: Page, query: Record<string, string | number | boolean>): Promise<ListPage> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const answer = await p.request.get(`${url}/api/agent?${params}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as ListPage;
}

async function openMyTeam(localPart: string): Promise<{ p: Page; requests: URLSearchParams[] }> {
  const p = await signInAs(localPart);
  const requests = recordListRequests(p);
  await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Team', exact: true }).click();
  // Page, sort and filters are search params (the server-table kit).
  await p.waitForURL((u) => u.pathname === '/myteam');
  await p.getByRole('heading', { name: 'My Team', exact: true }).waitFor();
  return { p, requests };
}

const table = (p: Page) => p.locator('table').first();
const bodyRows = (p: Page) => dataRows(table(p));
/** Resolves once agents are on screen (the table keeps one empty row while it has none). */
const rowsShown = (p: Page) => table(p).getByRole('link', { name: 'Manage' }).first().waitFor();
/** Sortable header cells are buttons, so they are found by their column. */
const columnHeader = (p: Page, accessor: string) => table(p).locator(`th[data-accessor="${accessor}"]`);
const FILTER_LABELS: Record<string, string> = { AgentId: 'Agent ID', FirstName: 'First Name', LastName: 'Last Name' };
/** The column's filter field, above the table, focused. */
const openFilter = (p: Page, accessor: string) => p.getByRole('textbox', { name: `Filter by ${FILTER_LABELS[accessor]}` }).click();

/** The Agent ID column as shown, top to bottom. */
async function shownIds(p: Page): Promise<string[]> {
  return (await bodyRows(p).locator('td:nth-child(2)').allInnerTexts()).map((t) => t.trim());
}

/** Waits until the table shows exactly these agents in this order. */
async function expectRows(p: Page, ids: string[]) {
  await expect.poll(() => shownIds(p), { timeout: 10_000 }).toEqual(ids);
}

/** The answer to the next agent-list request that matches. */
const nextListAnswer = (p: Page, match: (q: URLSearchParams) => boolean) =>
  p.waitForResponse((r) => {
    const at = new URL(r.url());
    return r.request().method() === 'GET' && at.pathname === '/api/agent' && match(at.searchParams);
  });

const param = (q: URLSearchParams) => Object.fromEntries(q.entries());

describe('My Team for the sponsor agent', () => {
  it('asks first for 10 rows, then shows the first page of 25 of their team, as the API sorts it by last name', async () => {
    const { p, requests } = await openMyTeam(SPONSOR);
    const expected = await listFromApi(p, { PageNumber: 1, PageSize: 25 });
    await expectRows(
      p,
      expected.Results.map((r) => r.AgentId),
    );

    expect(param(requests[0]!)).toEqual({ PageNumber: '1', PageSize: '10', SortColumnName: 'LastName', SortOrder: 'false' });
    expect(param(requests[1]!)).toEqual({ PageNumber: '1', PageSize: '25', SortColumnName: 'LastName', SortOrder: 'false' });

    const first = expected.Results[0]!;
    const firstRow = bodyRows(p).first();
    expect((await firstRow.locator('td').allInnerTexts()).slice(1, 4).map((t) => t.trim())).toEqual([first.AgentId, first.FirstName, first.LastName]);
    expect((await firstRow.locator('td').last().innerText()).trim()).toBe(
      `$${first.CurrentBalance.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );
    expect(await firstRow.getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe(`/agent/manage/${first.AgentId}`);
    await p.getByText(`1-${Math.min(25, expected.Metadata.TotalCount)} of ${expected.Metadata.TotalCount}`).waitFor();
    await screenshot(p, 'my-team-sponsor');
  });

  it('lists only their downline: an agent of the team is found by Agent ID, others and the sponsor are not', async () => {
    const { p } = await openMyTeam(SPONSOR);
    await rowsShown(p);
    await openFilter(p, 'AgentId');
    const filter = p.getByRole('textbox', { name: 'Filter by Agent ID' });
    for (const agentId of OUTSIDE_TEAM) {
      const answer = nextListAnswer(p, (q) => q.get('AgentId') === agentId);
      await filter.fill(agentId);
      await answer;
      await p.getByText('No data to display.').waitFor();
      expect(await shownIds(p), agentId).toEqual([]);
    }
    const answer = nextListAnswer(p, (q) => q.get('AgentId') === IN_TEAM);
    await filter.fill(IN_TEAM);
    await answer;
    await expectRows(p, [IN_TEAM]);
  });

  it('pages at 25: the second page asks for page 2 of 25 and shows what the API gives for it', async () => {
    const { p, requests } = await openMyTeam(SPONSOR);
    const total = (await listFromApi(p, { PageNumber: 1, PageSize: 25 })).Metadata.TotalCount;
    expect(total, 'the demo sponsor has more than one page of agents').toBeGreaterThan(25);
    await expect.poll(() => bodyRows(p).count()).toBe(25);

    const answer = nextListAnswer(p, (q) => q.get('PageNumber') === '2');
    await p.getByRole('button', { name: '2', exact: true }).click();
    await answer;
    expect(param(requests.at(-1)!)).toMatchObject({ PageNumber: '2', PageSize: '25' });
    const expected = await listFromApi(p, { PageNumber: 2, PageSize: 25 });
    await expectRows(
      p,
      expected.Results.map((r) => r.AgentId),
    );
    await p.getByText(`26-${Math.min(50, total)} of ${total}`).waitFor();
  });

  it('a Last Name filter sends one request 500 ms after the last keystroke, from page 2 back to page 1, and shows the matching agents', async () => {
    const { p, requests } = await openMyTeam(SPONSOR);
    const all = await listFromApi(p, { PageNumber: 1, PageSize: 25 });
    const prefix = all.Results[0]!.LastName.slice(0, 3);
    await rowsShown(p);
    const secondPage = nextListAnswer(p, (q) => q.get('PageNumber') === '2');
    await p.getByRole('button', { name: '2', exact: true }).click();
    await secondPage;
    const before = requests.length;

    await openFilter(p, 'LastName');
    const sent = p.waitForRequest((r) => new URL(r.url()).searchParams.has('LastName')).then(() => Date.now());
    const answer = nextListAnswer(p, (q) => q.has('LastName'));
    await p.getByRole('textbox', { name: 'Filter by Last Name' }).pressSequentially(prefix, { delay: 100 });
    const lastKeyAt = Date.now();
    // 500 ms after the last keystroke, less a little for the browser's event delivery.
    expect((await sent) - lastKeyAt, 'the request waited for the pause after typing').toBeGreaterThanOrEqual(400);
    await answer;

    const filtered = requests.slice(before);
    expect(filtered.map((q) => param(q)), 'one request, for the whole word, on page 1').toEqual([
      { PageNumber: '1', PageSize: '25', LastName: prefix, SortColumnName: 'LastName', SortOrder: 'false' },
    ]);
    const expected = await listFromApi(p, { PageNumber: 1, PageSize: 25, LastName: prefix });
    await expectRows(
      p,
      expected.Results.map((r) => r.AgentId),
    );
    for (const row of expected.Results) expect(row.LastName.toLowerCase().startsWith(prefix.toLowerCase())).toBe(true);
    await screenshot(p, 'my-team-filtered');
  });

  it('clicking Current Balance sorts ascending, then descending, as the API sorts', async () => {
    const { p, requests } = await openMyTeam(SPONSOR);
    await rowsShown(p);
    const header = columnHeader(p, 'CurrentBalance');

    for (const descending of [false, true]) {
      const answer = nextListAnswer(p, (q) => q.get('SortColumnName') === 'CurrentBalance' && q.get('SortOrder') === String(descending));
      await header.getByText('Current Balance', { exact: true }).click();
      await answer;
      expect(param(requests.at(-1)!)).toMatchObject({ PageNumber: '1', PageSize: '25', SortColumnName: 'CurrentBalance', SortOrder: String(descending) });
      const expected = await listFromApi(p, { PageNumber: 1, PageSize: 25, SortColumnName: 'CurrentBalance', SortOrder: descending });
      await expectRows(
        p,
        expected.Results.map((r) => r.AgentId),
      );
      const balances = expected.Results.map((r) => r.CurrentBalance);
      expect(balances).toEqual([...balances].sort((a, b) => (descending ? b - a : a - b)));
    }
  });

  it('Export to CSV downloads the whole team with the full columns', async () => {
    const { p } = await openMyTeam(SPONSOR);
    const total = (await listFromApi(p, { PageNumber: 1, PageSize: 25 })).Metadata.TotalCount;
    await rowsShown(p);
    const download = p.waitForEvent('download');
    // The export runs as a job: the page says so beside the button until the file is written.
    const progress = p.getByRole('status').filter({ hasText: /^Exporting…/ }).waitFor();
    await p.getByRole('button', { name: 'Export to CSV' }).click();
    await progress;
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^MyTeam.*\.csv$/);
    const lines = (await readFile(await file.path(), 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toContain('Agent ID');
    expect(lines[0]).toContain('Status');
    expect(lines).toHaveLength(total + 1);
  });
});

describe('My Team for a manager', () => {
  it('the export is the reduced CSV, without status, type or termination date', async () => {
    const { p } = await openMyTeam('manager');
    await rowsShown(p);
    const download = p.waitForEvent('download');
    await p.getByRole('button', { name: 'Export to CSV' }).click();
    const header = (await readFile(await (await download).path(), 'utf8')).split(/\r?\n/)[0]!;
    expect(header).toContain('Agent ID');
    for (const column of ['Status', 'Type', 'Priority', 'Credit Line', 'Termination Date']) expect(header).not.toContain(column);
  });
});
