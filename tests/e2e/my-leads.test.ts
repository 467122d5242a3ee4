// Browser tests of My Leads (part 3 §2, §4, §5, §9) on leads the real engine sold: the captive demo agent saves a fund
// order of their own in Maine (no seeded order takes Maine leads), the demo vendor ACME
// posts leads there until one sells, then the agent finds it in My Leads (received; no empty-table text
// in the page beside the rows), reads its details and why it came, disputes it, and the admin view
// shows the same lead with its campaign and vendor columns and exports it. The order is cancelled at
// the end, so later runs start from one order again.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT_IDS } from '#core/seed/demo-users.ts';
import { DEMO_VENDOR_TOKEN } from '#core/seed/vendors.ts';
import { navigateInApp } from '../support/browser.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { ARTIFACTS, useBrowserSession } from './browser-session.ts';
import { localStack } from './stack.ts';
import { saveStateOrder } from './state-order.ts';

const { url } = localStack();
const AGENT = DEMO_AGENT_IDS.captive;
const RUN = Date.now().toString(36);
const ORDER_ID = `E2E-LEADS-${RUN}`;
/** The table's empty text (part 3 §8). */
const NO_LEADS = 'No results found for the selected date period.';

const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

interface Posted {
  LeadId: string;
  UserFacingLeadId: number;
  Result: string;
}

let lead: Posted | undefined;
let orderId: string | undefined;

/** Posts Maine leads as the demo vendor until one sells (the default rule sends about half to the call center). */
async function sellOneLead(p: Page): Promise<Posted> {
  for (let i = 0; i < 12; i++) {
    const answer = await p.request.post(`${url}/api/intake/leads`, {
      headers: { authorization: `Bearer ${DEMO_VENDOR_TOKEN}`, 'content-type': 'application/json' },
      data: {
        CampaignCode: 'HWL',
        VendorLeadId: `e2e-leads-${RUN}-${i}`,
        FirstName: 'Morgan',
        LastName: `Maine${RUN}`,
        PrimaryPhone: `207${String(Date.now()).slice(-7)}`,
        Email: `morgan.${RUN}.${i}@example.com`,
        StateCode: 'ME',
        ZipCode: '04101',
        City: 'Portland',
        Address1: '1 Harbor St',
        BirthDate: '1968-03-04',
        Consent: { Text: 'I agree to be contacted.', Timestamp: new Date().toISOString(), Ip: '203.0.113.5', PageUrl: 'https://example.com/quote' },
      },
    });
    expect(answer.status()).toBe(201);
    const body = (await answer.json()) as Posted;
    if (body.Result === 'sold') return body;
  }
  throw new Error('No Maine lead sold in 12 posts');
}

/** The agent saves their own Maine order (no seeded order takes Maine leads). */
async function maineOrder(p: Page): Promise<void> {
  orderId = await saveStateOrder(p, { url, agentId: AGENT, orderId: ORDER_ID, description: 'e2e My Leads', state: 'ME' });
}

/** The distribution selector's segment (its radio input is visually hidden behind the label). */
const distribution = (p: Page, label: string) => p.locator('.mantine-SegmentedControl-root').getByText(label, { exact: true }).click();
const rowOf = (p: Page, id: number) => p.getByRole('row').filter({ has: p.getByRole('cell', { name: String(id), exact: true }) });

afterAll(async () => {
  // Nothing else should buy Maine leads into this agent's account on later runs: the order stops.
  if (!orderId) return;
  const p = await signInAs('captive').catch(() => undefined);
  await p?.request.patch(`${url}/api/agent/${AGENT}/orders/${orderId}/status/2`, { headers: { origin: url } }).catch(() => undefined);
});

describe('My Leads', () => {
  it('shows the agent a lead sold to their order as received, with its details and why it came, also at 390 px', async () => {
    const p = await signInAs('captive');
    await maineOrder(p);
    lead = await sellOneLead(p);
    await navigateInApp(p, '/leads');
    await p.getByRole('heading', { name: 'My Leads' }).waitFor();
    const row = rowOf(p, lead.UserFacingLeadId);
    await row.waitFor();
    expect(await row.textContent()).toContain(`Maine${RUN}`);
    // With rows showing, the empty text is not in the page at all, not even hidden (issue 19, item 10).
    expect(await p.evaluate(`document.body.textContent.includes(${JSON.stringify(NO_LEADS)})`)).toBe(false);
    // Agents without fund preview see no campaign or vendor column.
    expect(await p.getByRole('columnheader', { name: 'Campaign' }).count()).toBe(0);

    await distribution(p, 'Received');
    await p.waitForURL(/distribution=received/);
    await row.waitFor();
    await distribution(p, 'Distributed');
    await p.waitForURL(/distribution=distributed/);
    await row.waitFor({ state: 'detached' });
    await distribution(p, 'All');

    await rowOf(p, lead.UserFacingLeadId).getByRole('button', { name: `Details of lead ${lead.UserFacingLeadId}` }).click();
    const details = p.getByRole('dialog', { name: `Lead ${lead.UserFacingLeadId}` });
    await details.getByText(/^Matched your order \d+: state ME/).waitFor();
    await screenshot(p, 'my-leads-details');
    await p.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    await p.setViewportSize(PHONE);
    await p.getByText(`Maine${RUN}`).first().waitFor();
    await expectNothingOverflows(p);
    await screenshot(p, 'my-leads-phone');
  });

  it('disputes the lead: reasons from the vendor, Submit only with reason and comments, then the row shows the dispute', async () => {
    const sold = lead!;
    const p = await signInAs('captive');
    await navigateInApp(p, `/leads?leadId=${sold.UserFacingLeadId}`);
    const row = rowOf(p, sold.UserFacingLeadId);
    await row.getByRole('button', { name: `Dispute lead ${sold.UserFacingLeadId}` }).click();
    const dialog = p.getByRole('dialog', { name: `Dispute Lead ${sold.UserFacingLeadId}` });
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await dialog.getByRole('textbox', { name: 'Comments' }).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Reason' }).click();
    await p.getByRole('option').first().click();
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Comments' }).fill('The phone number is disconnected.');
    expect(await submit.isDisabled()).toBe(false);
    await screenshot(p, 'my-leads-dispute');

    const [answer] = await Promise.all([p.waitForResponse((r) => r.url().endsWith('/api/lead/dispute')), submit.click()]);
    expect(answer.status()).toBe(201);
    // Submitted, or a pre-check's decision at once; the button is gone either way.
    const { DisputeStatus } = (await answer.json()) as { DisputeStatus: string };
    await dialog.waitFor({ state: 'detached' });
    await row.getByText(DisputeStatus, { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /^Dispute lead/ }).count()).toBe(0);
    // It stays after a reload: the server's row carries it.
    await p.reload();
    await rowOf(p, sold.UserFacingLeadId).getByText(DisputeStatus, { exact: true }).waitFor();
  });

  it('shows the admin the same lead with campaign and vendor columns under the agent header, and exports it', async () => {
    const sold = lead!;
    const p = await signInAs('admin');
    await navigateInApp(p, `/leads/${AGENT}/Carlos/Captive?lastName=Maine${RUN}`);
    await p.getByRole('heading', { name: `Carlos Captive (${AGENT})` }).waitFor();
    expect(await p.getByRole('tab', { name: 'Leads' }).getAttribute('aria-selected')).toBe('true');
    const row = rowOf(p, sold.UserFacingLeadId);
    await row.waitFor();
    await p.getByRole('columnheader', { name: 'Campaign' }).waitFor();
    expect(await row.textContent()).toContain('Acme Leads');

    const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^Leads-${AGENT}-all-\\d{2}-\\d{2}-\\d{4}\\.csv$`));
    const file = path.join(ARTIFACTS, download.suggestedFilename());
    await download.saveAs(file);
    const lines = (await readFile(file, 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toContain('Campaign,Vendor');
    expect(lines.slice(1).filter((l) => l.startsWith(`${sold.UserFacingLeadId},`))).toHaveLength(1);
    await screenshot(p, 'admin-leads-view');
  });
});
