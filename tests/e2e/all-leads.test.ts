// All Leads (spec part 3 §2, §5, §9) as an admin walks it in one session: a lead posted through the
// vendor API with the demo token; with the browser's clock two months on, the page opens on the month
// of that newest lead (written to the URL), where it is found by its Lead ID; its drawer telling the
// routing, sales and every order considered, Export answering a download link, axe on the page and
// the drawer, and nothing wider than a 390 px phone.
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditPage, describeFindings } from '../support/axe.ts';
import { navigateInApp } from '../support/browser.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { localStack } from './stack.ts';

const { url } = localStack();
const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

const DEMO_TOKEN = 'lpv_LOCAL_DEMO_ONLY_acme_vendor_token_000000000';
const RUN = Date.now().toString(36);

/** A lead through the real engine, as a vendor posts it (docs/intake-api.md). */
async function postLead(): Promise<{ UserFacingLeadId: number; Result: string }> {
  const res = await fetch(`${url}/api/intake/leads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEMO_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      CampaignCode: 'HWL',
      VendorLeadId: `e2e-all-leads-${RUN}`,
      FirstName: 'Pat',
      LastName: 'Allleads',
      PrimaryPhone: `312${String(Date.now() % 10_000_000).padStart(7, '0')}`,
      Email: `pat.${RUN}@example.com`,
      Address1: '1 Main St',
      City: 'Chicago',
      StateCode: 'IL',
      ZipCode: '60601',
      BirthDate: '1970-05-01',
      Consent: { Text: 'I agree to be contacted.', Timestamp: new Date().toISOString(), Ip: '203.0.113.5', PageUrl: 'https://example.com/quote' },
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { UserFacingLeadId: number; Result: string };
}

const tableAnswer = (p: Page, match: (u: URL) => boolean = () => true) =>
  p.waitForResponse((r: Response) => {
    const u = new URL(r.url());
    return u.pathname.startsWith('/api/leadstable/') && !u.pathname.endsWith('/export') && match(u);
  });

async function expectAxeClean(p: Page) {
  const findings = await auditPage(p);
  expect(findings, describeFindings(findings)).toEqual([]);
}

describe('All Leads', () => {
  it('finds a posted lead by its Lead ID, explains it in the drawer, exports, and fits a phone', async () => {
    // The post and the sign-in are independent: side by side.
    const [lead, p] = await Promise.all([postLead(), signInAs('admin')]);
    // The browser's clock runs from the 15th two months on, where no lead is yet: the page opens on
    // the month of the newest lead, not on the browser's month (issue 19, item 11), whatever today is.
    const now = new Date();
    const ahead = new Date(now.getFullYear(), now.getMonth() + 2, 15, 12);
    await p.clock.install({ time: ahead });
    const first = tableAnswer(p);
    await navigateInApp(p, '/leads/all');
    await p.getByRole('heading', { name: 'All Leads', level: 1 }).waitFor();
    expect((await first).status()).toBe(200);
    // The month found is written to the URL and shown by the Month and Year filters.
    const opened = () => {
      const search = new URL(p.url()).searchParams;
      return { month: Number(search.get('month')), year: Number(search.get('year')) };
    };
    await expect.poll(() => opened().month > 0 && opened().year > 0, { timeout: 30_000 }).toBe(true);
    const { month, year } = opened();
    expect(year * 12 + month).toBeLessThan(ahead.getFullYear() * 12 + ahead.getMonth() + 1);
    expect(await p.getByRole('combobox', { name: 'Year', exact: true }).inputValue()).toBe(String(year));

    // The Lead ID field keeps digits only; the table asks again once typing pauses.
    const filtered = tableAnswer(p, (u) => u.searchParams.get('leadId') === String(lead.UserFacingLeadId));
    await p.getByRole('textbox', { name: 'Lead ID' }).fill(`${lead.UserFacingLeadId}x`);
    expect(await p.getByRole('textbox', { name: 'Lead ID' }).inputValue()).toBe(String(lead.UserFacingLeadId));
    const answer = await filtered;
    // Asked within the month the page opened on: the posted lead is there.
    expect(new URL(answer.url()).pathname).toContain(`/startDate/${year}-${String(month).padStart(2, '0')}-01/`);
    const body = (await answer.json()) as { TotalCount: number };
    expect(body.TotalCount).toBe(1);
    await p.getByText('1 lead(s) found').waitFor();

    // A partial phone is not sent, and says why.
    await p.getByRole('textbox', { name: 'Phone' }).fill('312555');
    expect(await p.getByRole('textbox', { name: 'Phone' }).inputValue()).toBe('(312) 555');
    await p.getByText('Phone must be digits only: the 10 digits of (999) 999-9999.').waitFor();
    await p.getByRole('textbox', { name: 'Phone' }).fill('');

    await p.getByRole('button', { name: `Lead ${lead.UserFacingLeadId}: details` }).click();
    const drawer = p.getByRole('dialog', { name: `Lead ${lead.UserFacingLeadId}` });
    await drawer.getByRole('heading', { name: 'Why this lead went where it went' }).waitFor();
    await drawer.getByRole('heading', { name: 'Routing' }).waitFor();
    expect(await drawer.getByRole('cell', { name: 'Pat Allleads' }).count()).toBe(1);
    await expectAxeClean(p);
    await screenshot(p, 'all-leads-drawer');

    await p.setViewportSize(PHONE);
    await expectNothingOverflows(p);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await p.locator('[data-layout="cards"]').first().waitFor();
    await expectNothingOverflows(p);
    await expectAxeClean(p);
    await screenshot(p, 'all-leads-phone');

    const exported = p.waitForResponse((r: Response) => new URL(r.url()).pathname.endsWith('/export') && r.url().includes('/api/leadstable/'));
    await p.getByRole('button', { name: 'Export' }).click();
    const link = (await (await exported).json()) as { Url: string; FileName: string };
    expect(link.FileName).toMatch(/^AllLeads-\d{2}-\d{2}-\d{4}\.csv$/);
  });
});
