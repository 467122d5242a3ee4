// Browser tests of Home (spec part 1 §2.3, §4, §8) as an agent walks it: the toggles and their state
// rules, the account cards against the API's own numbers, each card's error text, and the welcome
// card for staff, with the marketplace insights for those who may view the reports; the agent's
// and the staff charts (issue 12) against their calls, axe-clean and within 390 px. Only the first-family demo agent's statuses are changed here, and every test
// that changes one puts it back.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditPage, describeFindings } from '../support/axe.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { meOf } from './sign-in.ts';
import { localStack } from './stack.ts';

const { url } = localStack();

/** Type 2 counts as captive; no other test file changes this agent's statuses. */
const AGENT = 'firstfamily';

const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

const toggleRow = (p: Page, label: string) => p.getByTestId(`toggle-${label}`);
const toggle = (p: Page, label: string) => p.getByRole('switch', { name: label, exact: true });
const pausedBanner = (p: Page) => p.getByTestId('banners').getByText('You are not purchasing leads');
const card = (p: Page, title: string) => p.getByRole('region', { name: title, exact: true });
const STAFF_STARVING = 'Orders Starving for Leads, Last 7 Days';
const STAFF_UNSOLD = 'Unsold Supply, Last 7 Days';

interface ToggleSeen {
  checked: boolean;
  disabled: boolean;
  status: string;
}

async function seen(p: Page, label: string): Promise<ToggleSeen> {
  const sw = toggle(p, label);
  return { checked: await sw.isChecked(), disabled: await sw.isDisabled(), status: (await toggleRow(p, label).locator('p').innerText()).trim() };
}

/** Flip a switch and wait for its call and the reload of the user it triggers. */
async function flip(p: Page, label: string, apiPath: RegExp) {
  const call = p.waitForResponse((r) => r.request().method() === 'PATCH' && apiPath.test(new URL(r.url()).pathname));
  const reload = p.waitForResponse((r) => new URL(r.url()).pathname === '/api/me');
  await toggle(p, label).click({ force: true });
  expect((await call).status(), `${label} call`).toBe(204);
  await reload;
  // The switch is locked until the reloaded user is on screen.
  await expect.poll(() => toggle(p, label).isDisabled()).toBe(false);
}

async function figure(region: Locator, name: string): Promise<string> {
  return (await region.locator(`[data-figure="${name}"] [data-value]`).innerText()).trim();
}

/** The drawings are hidden from assistive technology (their figures are in tables), so the overflow check skips them: measure them here. */
async function expectChartsWithin(p: Page, width: number) {
  const rights = await p.locator('svg.recharts-surface').evaluateAll((svgs) => svgs.map((s) => Math.round(s.getBoundingClientRect().right)));
  expect(rights.length).toBeGreaterThan(0);
  for (const right of rights) expect(right).toBeLessThanOrEqual(width);
}

const usd = (dollars: number) => `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('Home for an agent', () => {
  it('the toggles show the account as the server has it, with Last Lead Received', async () => {
    const p = await signInAs(AGENT);
    const { Account } = await meOf(p);
    const account = Account as NonNullable<typeof Account> & { LiveTransferStatus: 0 | 1; ThirdPartyLeadStatus: boolean; LastLeadDateTime: string | null };
    expect(account.OrderStatus, 'the agent starts active').toBe(1);

    expect(await seen(p, 'Leads')).toEqual({ checked: true, disabled: false, status: 'Active' });
    expect(await seen(p, 'Live Transfer')).toEqual({
      checked: account.LiveTransferStatus === 1,
      disabled: false,
      status: account.LiveTransferStatus === 1 ? 'Active' : 'Paused',
    });
    expect(await seen(p, 'Third-Party')).toEqual({ checked: account.ThirdPartyLeadStatus, disabled: false, status: account.ThirdPartyLeadStatus ? 'On' : 'Off' });

    const lastLead = (await p.getByTestId('last-lead-received').innerText()).trim();
    if (account.LastLeadDateTime === null) expect(lastLead).toBe('N/A');
    else expect(lastLead).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2} [AP]M$/);
    await card(p, 'Account Summary').locator('[data-figure]').first().waitFor();
    await screenshot(p, 'home-agent');
  });

  it('pausing leads raises the banner, shows Live Transfer Paused and locks it and Third-Party; resuming undoes it', async () => {
    const p = await signInAs(AGENT);
    const before = { liveTransfer: await seen(p, 'Live Transfer'), thirdParty: await seen(p, 'Third-Party') };
    expect(await pausedBanner(p).count()).toBe(0);

    await flip(p, 'Leads', /\/api\/agent\/[^/]+\/orderstatusui\/0$/);
    await pausedBanner(p).waitFor();
    expect(await seen(p, 'Leads')).toEqual({ checked: false, disabled: false, status: 'Paused' });
    expect(await seen(p, 'Live Transfer')).toEqual({ checked: false, disabled: true, status: 'Paused' });
    expect(await seen(p, 'Third-Party')).toEqual({ ...before.thirdParty, disabled: true });
    expect((await meOf(p)).Account?.OrderStatus).toBe(0);
    await screenshot(p, 'home-paused');

    await flip(p, 'Leads', /\/api\/agent\/[^/]+\/orderstatusui\/1$/);
    await pausedBanner(p).waitFor({ state: 'detached' });
    expect(await seen(p, 'Leads')).toEqual({ checked: true, disabled: false, status: 'Active' });
    expect(await seen(p, 'Live Transfer')).toEqual(before.liveTransfer);
    expect(await seen(p, 'Third-Party')).toEqual(before.thirdParty);
    expect((await meOf(p)).Account?.OrderStatus).toBe(1);
  });

  it('Live Transfer and Third-Party switch off and on again through their calls', async () => {
    const p = await signInAs(AGENT);
    for (const { label, path: apiPath, field, on, off } of [
      { label: 'Live Transfer', path: /\/api\/account\/leadintakestatusui$/, field: 'LiveTransferStatus', on: 'Active', off: 'Paused' },
      { label: 'Third-Party', path: /\/api\/account\/thirdpartystatus$/, field: 'ThirdPartyLeadStatus', on: 'On', off: 'Off' },
    ] as const) {
      const start = await seen(p, label);
      await flip(p, label, apiPath);
      expect(await seen(p, label)).toEqual({ checked: !start.checked, disabled: false, status: start.checked ? off : on });
      const stored = ((await meOf(p)).Account as unknown as Record<string, unknown>)[field];
      expect(stored === 1 || stored === true, `${field} after switching`).toBe(!start.checked);

      await flip(p, label, apiPath);
      expect(await seen(p, label)).toEqual(start);
    }
  });

  it('the Account Summary, Lead Intake and Calls Today cards show the numbers GET /api/accountsummary gives', async () => {
    const p = await signInAs(AGENT);
    const answer = await p.request.get(`${url}/api/accountsummary`);
    expect(answer.status()).toBe(200);
    const s = (await answer.json()) as Record<string, number>;

    const summary = card(p, 'Account Summary');
    await summary.locator('[data-figure]').first().waitFor();
    expect(await figure(summary, 'Active Orders')).toBe(String(s.TotalActiveOrder));
    expect(await figure(summary, 'Inactive Orders')).toBe(String(s.TotalInactiveOrders));
    expect(await figure(summary, 'Current Balance')).toBe(usd(s.AgentBalance!));
    expect(await figure(summary, 'Disputes Pending')).toBe(String(s.TotalPendingDisputes));
    // The balance is the one the header shows for the same account.
    expect(await figure(summary, 'Current Balance')).toBe(usd((await meOf(p)).Account!.CurrentBalance));

    const intake = card(p, 'Lead Intake');
    expect(await figure(intake, 'Per Hour')).toBe(String(s.TotalLeadsCapacityByHour));
    expect(await figure(intake, 'Per Day')).toBe(String(s.TotalLeadsCapacityByDay));
    expect(await figure(intake, 'Per Week')).toBe(String(s.TotalLeadsCapacityByWeek));
    expect(await figure(intake, 'Per Month')).toBe(String(s.TotalLeadsCapacityByMonth));

    const calls = card(p, 'Calls Today');
    expect(await figure(calls, 'Attempted')).toBe(String(s.TotalAcceptedCalls));
    expect(await figure(calls, 'Won')).toBe(String(s.TotalWonCalls));
    await calls.getByText('Attempted', { exact: true }).hover();
    await p.getByRole('tooltip').getByText('LiveTransfer calls that were attempted, but not necessarily won.', { exact: true }).waitFor();
  });

  it('the LiveTransfer Phone Info and Training cards show what their calls answer', async () => {
    const p = await signInAs(AGENT);
    const { AgentId } = await meOf(p);
    const flags = (await (await p.request.get(`${url}/api/featureflags`)).json()) as { validTrainingTitles: string[] };

    const phone = await p.request.get(`${url}/api/account/agentphonenumber/${AgentId}`);
    const phoneCard = card(p, 'LiveTransfer Phone Info');
    if (phone.status() === 404) await phoneCard.getByText('LiveTransfer phone is not set up.', { exact: true }).waitFor();
    else {
      expect(phone.status()).toBe(200);
      await phoneCard.getByRole('rowheader', { name: 'Primary' }).waitFor();
    }

    const training = (await (await p.request.get(`${url}/api/account/agenttrainingdata/${AgentId}`)).json()) as { CourseName: string; Status: string }[];
    const shown = training.filter((row) => flags.validTrainingTitles.includes(row.CourseName));
    const trainingCard = card(p, 'Training');
    if (shown.length === 0) await trainingCard.getByText('No data to display.', { exact: true }).waitFor();
    else for (const row of shown) await trainingCard.getByRole('row', { name: `${row.CourseName} ${row.Status}` }).waitFor();
  });

  it('phone numbers show as (xxx) xxx-xxxx with their status, and only the configured courses are listed', async () => {
    const p = await signInAs(AGENT);
    const flags = (await (await p.request.get(`${url}/api/featureflags`)).json()) as { validTrainingTitles: string[] };
    const [validCourse] = flags.validTrainingTitles;
    // The demo data has no phones or courses yet (they come from the agent systems), so these answers are played.
    await p.route(`${url}/api/account/agentphonenumber/*`, (route) =>
      route.fulfill({ json: { PrimaryPhoneNumber: '3125550147', SecondaryPhoneNumber: '+1 773 555 0199', StatusPrimary: 'Active', StatusSecondary: 'Suspended' } }),
    );
    await p.route(`${url}/api/account/agenttrainingdata/*`, (route) =>
      route.fulfill({ json: [{ CourseName: validCourse, Status: 'Complete' }, { CourseName: 'A Retired Course', Status: 'Complete' }] }),
    );
    await p.reload();

    const phoneCard = card(p, 'LiveTransfer Phone Info');
    await phoneCard.getByRole('row', { name: 'Primary (312) 555-0147 Active' }).waitFor();
    await phoneCard.getByRole('row', { name: 'Secondary (773) 555-0199 Suspended' }).waitFor();
    const trainingCard = card(p, 'Training');
    await trainingCard.getByRole('row', { name: `${validCourse} Complete` }).waitFor();
    expect(await trainingCard.getByText('A Retired Course').count()).toBe(0);
    await screenshot(p, 'home-phone-training');
  });

  it('each card shows its own error text when its call fails', async () => {
    const p = await signInAs(AGENT);
    for (const apiPath of ['accountsummary', 'account/agentphonenumber/*', 'account/agenttrainingdata/*'])
      await p.route(`${url}/api/${apiPath}`, (route) => route.fulfill({ status: 500, json: { ErrorMessages: [] } }));
    await p.reload();

    await card(p, 'Account Summary').getByText('There was an error loading account summary data.', { exact: true }).waitFor();
    await card(p, 'Lead Intake').getByText('There was an error loading account summary data.', { exact: true }).waitFor();
    await card(p, 'Calls Today').getByText('There was an error loading call data.', { exact: true }).waitFor();
    await card(p, 'LiveTransfer Phone Info').getByText('There was an error loading LiveTransfer phone data.', { exact: true }).waitFor();
    await card(p, 'Training').getByText('There was an error loading training data.', { exact: true }).waitFor();
    // The toggles do not depend on these calls.
    expect(await toggle(p, 'Leads').isDisabled()).toBe(false);
    await screenshot(p, 'home-errors');
  });

  it('the spend and leads chart shows the 30 days and the forecast its call gives, passes axe and fits 390 px', async () => {
    const p = await signInAs(AGENT);
    const { AgentId } = await meOf(p);
    const answer = await p.request.get(`${url}/api/agent/${AgentId}/insights`);
    expect(answer.status()).toBe(200);
    const insights = (await answer.json()) as { Days: { Day: string; Leads: number }[]; TotalLeads: number; Forecast: { Text: string } };
    const region = card(p, 'Spend and Leads, Last 30 Days');
    await region.getByTestId('agent-insights-chart').locator('svg.recharts-surface').first().waitFor();
    expect((await region.getByTestId('balance-forecast').innerText()).trim()).toBe(insights.Forecast.Text);
    const table = region.getByRole('table', { name: 'Spend and leads per day', includeHidden: true });
    expect(await table.locator('tbody tr').count()).toBe(30);
    const [y, m, d] = insights.Days.at(-1)!.Day.split('-');
    expect((await table.locator('tbody tr').last().locator('th').innerText()).trim()).toBe(`${m}/${d}/${y}`);
    const findings = await auditPage(p);
    expect(findings, describeFindings(findings)).toEqual([]);
    await p.setViewportSize(PHONE);
    await region.scrollIntoViewIfNeeded();
    await expectNothingOverflows(p);
    await expectChartsWithin(p, PHONE.width);
    await screenshot(p, 'home-agent-insights');
  });
});

describe('Home for staff', () => {
  it('the admin sees revenue and margin, leads sold and fill rate per day, starving orders and unsold supply as the call gives them, axe-clean at 390 px', async () => {
    const p = await signInAs('admin');
    const answer = await p.request.get(`${url}/api/reports/insights`);
    expect(answer.status()).toBe(200);
    const insights = (await answer.json()) as { Days: { Day: string; LeadsReceived: number; LeadsSold: number }[]; StarvingOrders: { UserFacingOrderId: number }[] };
    for (const title of ['Revenue and Margin, Last 30 Days', 'Leads Sold and Fill Rate, Last 30 Days'])
      await card(p, title).locator('svg.recharts-surface').first().waitFor();
    const leads = card(p, 'Leads Sold and Fill Rate, Last 30 Days').getByRole('table', { includeHidden: true });
    const today = insights.Days.at(-1)!;
    const [y, m, d] = today.Day.split('-');
    const lastRow = (await leads.locator('tbody tr').last().allInnerTexts()).join(' ');
    expect(lastRow).toContain(`${m}/${d}/${y}`);
    expect(lastRow.split(/\s+/).slice(1, 3)).toEqual([String(today.LeadsReceived), String(today.LeadsSold)]);
    const starving = card(p, STAFF_STARVING);
    if (insights.StarvingOrders.length) await starving.getByRole('cell', { name: String(insights.StarvingOrders[0]!.UserFacingOrderId), exact: true }).first().waitFor();
    await card(p, STAFF_UNSOLD).waitFor();
    const findings = await auditPage(p);
    expect(findings, describeFindings(findings)).toEqual([]);
    await screenshot(p, 'home-staff-insights');
    await p.setViewportSize(PHONE);
    await expectNothingOverflows(p);
    await expectChartsWithin(p, PHONE.width);
  });

  it("keeps the starving orders and unsold supply within 390 px, and axe-clean, whatever the names' lengths", async () => {
    // The call's own answer with a row of long names in each table (other files' campaigns and vendors
    // once pushed the unsold table 6 px past the screen, and its container scrolled without keyboard access).
    const p = await signInAs('admin');
    await p.setViewportSize(PHONE);
    await p.route(`${url}/api/reports/insights`, async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { StarvingOrders: object[]; UnsoldSupply: object[] };
      body.StarvingOrders.unshift({ OrderId: 'ORDER-LONG', UserFacingOrderId: 987654, AgentId: 'A999999', AgentName: 'Maximiliana Featherstonehaugh-Worthington', LeadsLast7Days: 12345, CapLast7Days: 99999, FillPercent: 12.3 });
      body.UnsoldSupply.unshift({ Campaign: 'Supplemental Employer Referrals Nationwide', Vendor: 'Northwind Datapartners International', State: 'IL', Received: 12345, Unsold: 12345 });
      await route.fulfill({ response: answer, json: body });
    });
    await p.reload();
    await card(p, STAFF_UNSOLD).getByRole('cell', { name: 'Northwind Datapartners International' }).waitFor();
    await card(p, STAFF_STARVING).getByRole('cell', { name: 'Maximiliana Featherstonehaugh-Worthington' }).waitFor();
    await expectNothingOverflows(p);
    const findings = await auditPage(p);
    expect(findings, describeFindings(findings)).toEqual([]);
  });

  it.each(['admin', 'manager'])('the %s gets the welcome card without toggles or account cards', async (localPart) => {
    const p = await signInAs(localPart);
    const me = await meOf(p);
    await p.getByTestId('welcome-card').getByRole('heading', { name: `Welcome, ${me.Name}` }).waitFor();
    expect(await p.getByRole('switch').count()).toBe(0);
    for (const title of ['Account Summary', 'Lead Intake', 'Calls Today', 'LiveTransfer Phone Info', 'Training'])
      expect(await card(p, title).count(), title).toBe(0);
    await screenshot(p, `home-${localPart}`);
  });
});
