// Browser tests of My Account and of the admin view of an agent's account (spec part 1 §2.5, §9): the
// default range, the table with its starting and ending balance rows and count line, filtering with
// its one-second delay, Reset Filters, the CSV download, and the admin header without money actions.
// They only read: the captive demo agent's ledger is compared with what the API answers at the time.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_AGENT_IDS } from '#core/seed/demo-users.ts';
import { DEFAULT_TIME_ZONE, isKnownTimeZone, TIME_ZONES } from '#shared/time-zones.ts';
import { navigateInApp } from '../support/browser.ts';
import { ARTIFACTS, useBrowserSession } from './browser-session.ts';
import { meOf } from './sign-in.ts';
import { localStack } from './stack.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const { url } = localStack();
const AGENT = DEMO_AGENT_IDS.captive;

const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

/** The spec's money display, written out here rather than taken from the app. */
const usd = (dollars: number) =>
  `${dollars < 0 ? '-' : ''}$${Math.abs(dollars).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

interface ApiRow {
  AgentId: string;
  TimeStamp: string;
  Description: string;
  Type: string;
  Credit: number;
  Debit: number;
  RunningTotal: number;
}
interface ApiPage {
  TimeZone: keyof typeof TIME_ZONES;
  StartingBalance: number;
  EndingBalance: number;
  TotalCount: number;
  Transactions: ApiRow[];
}

/** The range's first page as the API answers it to the page's own session. */
async function apiPage(p: Page, agentId: string, startDate: string, endDate: string): Promise<ApiPage> {
  const answer = await p.request.get(`${url}/api/transactions/agent/${agentId}/startDate/${startDate}/endDate/${endDate}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as ApiPage;
}

/** Spec part 1 §9: "the last 5 days to today", today in the account's time zone. */
function defaultDays(timeZone: string | null | undefined) {
  const today = dayjs().tz(TIME_ZONES[isKnownTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE]);
  const from = today.subtract(5, 'day');
  return { from, to: today };
}

const countLine = (total: number) => (total === 0 ? 'No transactions found' : `${total} ${total === 1 ? 'transaction' : 'transactions'} found`);
const fromInput = (p: Page) => p.getByRole('textbox', { name: 'From', exact: true });
const toInput = (p: Page) => p.getByRole('textbox', { name: 'To', exact: true });
const countOf = (p: Page) => p.getByTestId('transaction-count');
const balanceRow = (p: Page, which: 'starting' | 'ending') => p.locator(`tr[data-row="${which}"]`);
const transactionRows = (p: Page) => p.locator('tr[data-row="transaction"]');

/** The table's cells of one row, in column order. */
const cellsOf = async (row: ReturnType<Page['locator']>) => (await row.locator('td').allTextContents()).map((t) => t.trim());

async function openMyAccount(p: Page) {
  await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My Account', exact: true }).click();
  await p.getByRole('heading', { name: 'My Account' }).waitFor();
  await countOf(p).waitFor();
}

describe('My Account', () => {
  it('opens on the last 5 days with the seven columns, both balance rows and the count line', async () => {
    const p = await signInAs('captive');
    const me = await meOf(p);
    await openMyAccount(p);

    const { from, to } = defaultDays(me.Account?.TimeZone);
    expect(await fromInput(p).inputValue()).toBe(from.format('M/D/YYYY'));
    expect(await toInput(p).inputValue()).toBe(to.format('M/D/YYYY'));

    const headers = (await p.getByRole('columnheader').allTextContents()).map((t) => t.trim());
    expect(headers).toEqual(['Agent ID', 'Date', 'Description', 'Type', 'Credit', 'Debit', 'Balance']);

    const api = await apiPage(p, AGENT, from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD'));
    expect(await countOf(p).textContent()).toBe(countLine(api.TotalCount));
    expect(await cellsOf(balanceRow(p, 'starting'))).toEqual([AGENT, '', 'Starting Balance', '', '', '', usd(api.StartingBalance)]);
    expect(await cellsOf(balanceRow(p, 'ending'))).toEqual([AGENT, '', 'Ending Balance', '', '', '', usd(api.EndingBalance)]);
    expect(await transactionRows(p).count()).toBe(Math.min(api.TotalCount, 25));
    // The account holder's money actions (the admin view below must not have them).
    await p.getByRole('link', { name: 'Add Lead Money Via Credit Card' }).waitFor();
    await p.getByRole('button', { name: 'Transfer Lead Money' }).click();
    await p.getByRole('menuitem', { name: 'To Another Agent' }).waitFor();
    await p.keyboard.press('Escape');
    await screenshot(p, 'my-account-default');
  });

  it('shows a wider range after the one-second delay, each row as the ledger has it, and Reset Filters goes back', async () => {
    const p = await signInAs('captive');
    const me = await meOf(p);
    await openMyAccount(p);
    const zone = TIME_ZONES[isKnownTimeZone(me.Account?.TimeZone) ? me.Account.TimeZone : DEFAULT_TIME_ZONE];
    const { from: defaultFrom, to } = defaultDays(me.Account?.TimeZone);
    // The seed writes 45 days of history: 60 days back always holds some of it.
    const wideFrom = to.subtract(60, 'day');
    const api = await apiPage(p, AGENT, wideFrom.format('YYYY-MM-DD'), to.format('YYYY-MM-DD'));
    expect(api.TotalCount).toBeGreaterThan(0);

    const before = await countOf(p).textContent();
    // The page's timers run on the test's clock from here: paused while the test looks, so the delay is
    // measured on that clock and not by the wall's.
    await p.clock.install();
    await fromInput(p).fill(wideFrom.format('M/D/YYYY'));
    await fromInput(p).press('Tab');
    await p.clock.pauseAt(await p.evaluate(() => Date.now() + 1_000));
    const fetched = p.waitForResponse((r) => r.url().includes(`/startDate/${wideFrom.format('YYYY-MM-DD')}/`));
    await p.getByRole('button', { name: 'Filter', exact: true }).click();
    // The results are fetched during the wait, and still not shown a millisecond before the spec's one second...
    await fetched;
    await p.clock.runFor(999);
    expect(await countOf(p).textContent()).toBe(before);
    // ...and shown at it.
    await p.clock.runFor(1);
    await p.getByText(countLine(api.TotalCount), { exact: true }).waitFor();
    await p.clock.resume();

    expect(await cellsOf(balanceRow(p, 'starting'))).toEqual([AGENT, '', 'Starting Balance', '', '', '', usd(api.StartingBalance)]);
    const shown = api.Transactions.slice(0, 25);
    expect(await transactionRows(p).count()).toBe(shown.length);
    for (const [index, row] of shown.entries()) {
      expect(await cellsOf(transactionRows(p).nth(index))).toEqual([
        row.AgentId,
        dayjs(row.TimeStamp).tz(zone).format('M/D/YYYY, h:mm:ss A'),
        row.Description,
        row.Type,
        row.Credit ? usd(row.Credit) : '',
        row.Debit ? usd(row.Debit) : '',
        usd(row.RunningTotal),
      ]);
    }
    await p.getByText(`1 - ${shown.length} of ${api.TotalCount}`, { exact: true }).waitFor();
    if (api.TotalCount <= 25) expect(await cellsOf(balanceRow(p, 'ending'))).toEqual([AGENT, '', 'Ending Balance', '', '', '', usd(api.EndingBalance)]);
    await screenshot(p, 'my-account-filtered');

    await p.getByRole('button', { name: 'Reset Filters' }).click();
    expect(await fromInput(p).inputValue()).toBe(defaultFrom.format('M/D/YYYY'));
    const defaults = await apiPage(p, AGENT, defaultFrom.format('YYYY-MM-DD'), to.format('YYYY-MM-DD'));
    await p.getByText(countLine(defaults.TotalCount), { exact: true }).waitFor();
  });

  it('downloads the filtered range as a CSV named by agent and day, framed by the balance rows', async () => {
    const p = await signInAs('captive');
    const me = await meOf(p);
    await openMyAccount(p);
    const { to } = defaultDays(me.Account?.TimeZone);
    const wideFrom = to.subtract(60, 'day');
    await fromInput(p).fill(wideFrom.format('M/D/YYYY'));
    await fromInput(p).press('Tab');
    await p.getByRole('button', { name: 'Filter', exact: true }).click();
    const api = await apiPage(p, AGENT, wideFrom.format('YYYY-MM-DD'), to.format('YYYY-MM-DD'));
    await p.getByText(countLine(api.TotalCount), { exact: true }).waitFor();

    const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: 'CSV Export' }).click()]);
    expect(download.suggestedFilename()).toBe(`Transactions-${AGENT}-${to.format('MM-DD-YYYY')}.csv`);
    const file = path.join(ARTIFACTS, download.suggestedFilename());
    await download.saveAs(file);
    const lines = (await readFile(file, 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toBe('Agent ID,Date,Description,Type,Credit,Debit,Balance');
    expect(lines[1]).toBe(`${AGENT},,Starting Balance,,,,${api.StartingBalance.toFixed(2)}`);
    expect(lines.at(-1)).toBe(`${AGENT},,Ending Balance,,,,${api.EndingBalance.toFixed(2)}`);
    expect(lines).toHaveLength(api.TotalCount + 3);
  });
});

describe('the admin view of an agent account', () => {
  it('shows the agent header and tabs and the same table, without transfer or add-money actions', async () => {
    const p = await signInAs('admin');
    await navigateInApp(p, `/account/${AGENT}/Carlos/Captive`);
    await p.getByRole('heading', { name: `Carlos Captive (${AGENT})` }).waitFor();
    await countOf(p).waitFor();

    // The admin holds CAN_VIEW_AGENTS_LEADS and has no fund preview: one Orders tab.
    const tabs = (await p.getByRole('tab').allTextContents()).map((t) => t.trim());
    expect(tabs).toEqual(['Agent Info', 'Account', 'Leads', 'Orders']);
    expect(await p.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected')).toBe('true');
    await balanceRow(p, 'starting').waitFor();
    await balanceRow(p, 'ending').waitFor();
    await p.getByRole('button', { name: 'CSV Export' }).waitFor();
    expect(await p.getByText('Add Lead Money Via Credit Card').count()).toBe(0);
    expect(await p.getByText('Transfer Lead Money').count()).toBe(0);
    await screenshot(p, 'admin-account-view');

    // The server refuses the actions too: only the account holder moves its money.
    const refused = await p.request.post(`${url}/api/agent/${AGENT}/agentTransfer/${DEMO_AGENT_IDS.broker}?amount=10.00`, {
      headers: { origin: url },
    });
    expect(refused.status()).toBe(403);

    await p.getByRole('tab', { name: 'Leads' }).click();
    // The leads page writes its range and view into the search params; the path is the agent's.
    await p.waitForURL((target) => target.pathname === `/leads/${AGENT}/Carlos/Captive`);
    await expect.poll(() => p.getByRole('tab', { name: 'Leads' }).getAttribute('aria-selected')).toBe('true');
  });
});
