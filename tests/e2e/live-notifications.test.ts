// Live notifications in the browser (issue 23): the captive demo agent has two tabs open on Home and the
// broker agent one of their own (another browser, so another session); a lead is posted the way the
// README's curl line posts it (its URL, headers and body, with this run's ids and a state only this test's
// order buys in) until one sells. Both of the captive agent's tabs show the notification with the lead's
// name, order and price and the count on My Leads, without a reload; the broker's tab shows nothing.
// The toast's link opens the lead in My Leads, which clears the count.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT_IDS } from '#core/seed/demo-users.ts';
import { launchBrowser, navigateInApp, type TestBrowser } from '../support/browser.ts';
import { docCurls } from '../support/doc-curls.ts';
import { useBrowserSession } from './browser-session.ts';
import { demoEmail, signInReusing } from './sign-in.ts';
import { localStack } from './stack.ts';
import { saveStateOrder } from './state-order.ts';

const { url } = localStack();
const AGENT = DEMO_AGENT_IDS.captive;
const RUN = Date.now().toString(36);
const ORDER_ID = `E2E-LIVE-${RUN}`;

const session = useBrowserSession();
let otherBrowser: TestBrowser | undefined;
let orderId: string | undefined;

afterAll(async () => {
  if (orderId) {
    // Nothing else buys New Hampshire leads into this agent's account on later runs.
    const p = await session.context.newPage();
    await p.request.patch(`${url}/api/agent/${AGENT}/orders/${orderId}/status/2`, { headers: { origin: url } }).catch(() => undefined);
    await p.close();
  }
  await otherBrowser?.close();
});

/** The README's "Post a lead as a vendor" command, as bash builds it: its URL path, headers and JSON body. */
function readmeCurl(): { path: string; headers: Record<string, string>; body: Record<string, unknown> } {
  const command = docCurls('README.md', '/api/intake/leads')[0];
  if (!command) throw new Error('README.md has no curl line for /api/intake/leads');
  return { path: new URL(command.url).pathname, headers: command.headers, body: command.body };
}

/** Posts the README's lead, as this run's and in New Hampshire, until one sells (the default rule sends about half to the call center). */
async function sellOneLead(): Promise<{ LeadId: string; UserFacingLeadId: number; Result: string }> {
  const curl = readmeCurl();
  for (let i = 0; i < 12; i++) {
    const answer = await fetch(`${url}${curl.path}`, {
      method: 'POST',
      headers: curl.headers,
      body: JSON.stringify({
        ...curl.body,
        VendorLeadId: `e2e-live-${RUN}-${i}`,
        PrimaryPhone: `603${String(Date.now()).slice(-7)}`,
        LastName: `Live${RUN}`,
        Email: `pat.${RUN}.${i}@example.com`,
        StateCode: 'NH',
        ZipCode: '03101',
        City: 'Manchester',
      }),
    });
    expect(answer.status, await answer.clone().text()).toBe(201);
    const body = (await answer.json()) as { LeadId: string; UserFacingLeadId: number; Result: string };
    if (body.Result === 'sold') return body;
  }
  throw new Error('No New Hampshire lead sold in 12 posts');
}


const myLeadsItem = (p: Page) => p.locator('[data-drawer-item="My Leads"]');
const toastOf = (p: Page) => p.locator('[data-live-notification="LeadSold"]');

describe('live notifications', () => {
  it("show a lead sold to the agent in every open tab of theirs at once, with the count on My Leads, and in no other agent's", async () => {
    const first = await session.signInAs('captive');
    orderId = await saveStateOrder(first, { url, agentId: AGENT, orderId: ORDER_ID, description: `Live NH ${RUN}`, state: 'NH' });
    // Leads sold before this test are seen: the count starts from nothing.
    await navigateInApp(first, '/leads');
    await first.getByRole('heading', { name: 'My Leads' }).waitFor();
    await navigateInApp(first, '/');
    await first.getByTestId('welcome-card').waitFor();
    const second = await session.context.newPage();
    await second.goto(`${url}/`);
    await second.getByTestId('welcome-card').waitFor();

    otherBrowser = await launchBrowser();
    const other = await signInReusing(otherBrowser.context, demoEmail('broker'));
    await other.getByTestId('welcome-card').waitFor();
    // Each tab's socket is open.
    for (const p of [first, second, other]) await p.locator('html[data-live-socket="open"]').waitFor({ state: 'attached' });

    const lead = await sellOneLead();
    for (const p of [first, second]) {
      const toast = toastOf(p);
      await toast.waitFor({ timeout: 10_000 });
      expect(await toast.textContent()).toMatch(new RegExp(`^Order Live NH ${RUN}, \\$\\d+\\.\\d{2} View lead$`));
      await p.getByText(`New lead: Pat Live${RUN}`).waitFor();
      await myLeadsItem(p).locator('[data-unseen-leads="1"]').waitFor();
      expect(await myLeadsItem(p).getByLabel('1 new lead').count()).toBe(1);
    }
    // The same push went to every socket at once: the broker's tab has had its chance and shows nothing.
    expect(await toastOf(other).count()).toBe(0);
    expect(await other.locator('[data-unseen-leads]').count()).toBe(0);

    await toastOf(first).getByRole('link', { name: 'View lead' }).click();
    // The router writes a digits-only string search value quoted (%22100001%22).
    await first.waitForURL((u) => u.pathname === '/leads' && u.searchParams.get('leadId')?.replaceAll('"', '') === String(lead.UserFacingLeadId), { waitUntil: 'commit' });
    await first.getByRole('row').filter({ has: first.getByRole('cell', { name: String(lead.UserFacingLeadId), exact: true }) }).waitFor();
    await first.locator('[data-unseen-leads]').waitFor({ state: 'detached' });
    await second.close();
    await other.close();
  });
});
