// The partner portal's data screens in Chromium (issue 24): the demo vendor ACME posts leads with its
// token as the README's curl line does (one in Illinois, one in Wyoming, where no order takes it); its
// read-only user signs in with MFA and sees them on Home (the words under the charts), on Leads (each
// with its outcome and reasons, a lead's drawer with the consent evidence it sent) and on Returns;
// every page passes axe and fits a 390 px phone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_TOTP_SECRET } from '../../infra/local/oidc-mfa.ts';
import { totpCode } from '../../infra/local/totp.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { localStack } from './stack.ts';

const { url, demoPassword } = localStack();
const session = useBrowserSession({ fullPage: true });

const DESKTOP = { width: 1280, height: 900 };
/** ACME's token in the local demo data (README). */
const ACME_TOKEN = 'lpv_LOCAL_DEMO_ONLY_acme_vendor_token_000000000';
const READER = 'vendorviewer@acmeleads.example.com';
const RUN = Date.now().toString(36);
/** Numbers of this run only (area 312, exchange 55x), so no earlier lead makes them duplicates. */
const phoneOf = (n: number) => `31255${String((Date.now() + n) % 100_000).padStart(5, '0')}`;

async function postLead(n: number, over: Record<string, unknown>): Promise<{ Result: string; UserFacingLeadId: number }> {
  const res = await fetch(`${url}/api/intake/leads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ACME_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      CampaignCode: 'HWL',
      VendorLeadId: `e2e-partner-${RUN}-${n}`,
      FirstName: 'Pat',
      LastName: 'Partner',
      PrimaryPhone: phoneOf(n),
      Email: `pat.${RUN}.${n}@example.com`,
      Address1: '1 Main St',
      City: 'Chicago',
      StateCode: 'IL',
      ZipCode: '60601',
      BirthDate: '1970-05-01',
      Consent: { Text: 'I agree to be contacted.', Timestamp: new Date().toISOString(), Ip: '203.0.113.5', PageUrl: 'https://example.com/quote' },
      ...over,
    }),
  });
  const answer = (await res.json()) as { Result: string; UserFacingLeadId: number; ErrorMessages?: string[] };
  expect(res.status, answer.ErrorMessages?.join(' ')).toBeLessThan(300);
  return answer;
}

async function expectAxeClean(p: Page) {
  const findings = await auditPage(p);
  expect(findings, describeFindings(findings)).toEqual([]);
}

async function expectFitsPhone(p: Page) {
  await p.setViewportSize(PHONE);
  await expectNothingOverflows(p);
  await p.setViewportSize(DESKTOP);
}

describe("the partner portal's Home, Leads and Returns", () => {
  it("show the leads the vendor's token posted with their outcomes, pass axe and fit a phone", { timeout: 300_000 }, async () => {
    const unsold = await postLead(1, { StateCode: 'WY', ZipCode: '82001', City: 'Cheyenne' });
    expect(unsold.Result).toBe('unsold');
    const first = await postLead(2, {});

    await session.context.clearCookies();
    const p = await session.newPage();
    await p.setViewportSize(DESKTOP);
    await p.goto(`${url}/`, { timeout: 90_000 });
    await p.getByLabel('Email').fill(READER);
    await p.getByLabel('Password').fill(demoPassword);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByLabel('Authenticator code').fill(totpCode(DEMO_TOTP_SECRET));
    await p.getByRole('button', { name: 'Verify' }).click();
    await p.waitForURL(/\/partner\/[\w-]+$/, { timeout: 60_000 });
    const home = p.url();

    // Home: the leads are counted once the projector has them (a reload reads the figures again).
    const headline = p.getByTestId('partner-headline');
    await expect
      .poll(
        async () => {
          await p.goto(home);
          return Number(/(\d[\d,]*) leads? posted/.exec(await headline.innerText())?.[1]?.replace(/,/g, '') ?? 0);
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThanOrEqual(2);
    // The charts' captions say in words what they draw.
    expect(await p.getByTestId('partner-outcomes-chart').locator('figcaption').innerText()).toMatch(/^Of [\d,]+ leads posted in the last 30 days, [\d,]+ sold \(\d+ %\), [\d,]+ unsold /);
    expect(await p.getByTestId('partner-revenue-chart').locator('figcaption').innerText()).toMatch(/^(Revenue \$[\d,.]+ in the last 30 days|No leads sold in the last 30 days)/);
    await expectAxeClean(p);
    await expectFitsPhone(p);
    await session.screenshot(p, 'partner-data-home');

    // Leads: this run's leads, each with its outcome and the reasons; one opens with its consent evidence.
    const nav = p.getByRole('navigation', { name: 'Partner portal' });
    await nav.getByRole('link', { name: 'Leads', exact: true }).click();
    await p.getByRole('heading', { name: 'Leads', level: 1 }).waitFor();
    const table = p.getByRole('table', { name: 'Leads' });
    await table.getByText(`e2e-partner-${RUN}-1`, { exact: true }).waitFor();
    await table.getByText(`e2e-partner-${RUN}-2`, { exact: true }).waitFor();
    // No order takes a Wyoming lead: it is unsold (or sent to the call center by a routing rule), with the reason.
    const unsoldRow = table.getByRole('row').filter({ hasText: `e2e-partner-${RUN}-1` });
    await unsoldRow.getByText(/^(Unsold|Call center)$/).waitFor();
    await unsoldRow.getByText(/^(No active order takes this lead now\.|Routed to the call center.*)$/).waitFor();
    await expectAxeClean(p);
    await p.getByRole('button', { name: `Lead ${first.UserFacingLeadId}: details` }).click();
    const drawer = p.getByRole('dialog', { name: `Lead ${first.UserFacingLeadId}` });
    await drawer.getByText('I agree to be contacted.').waitFor();
    await drawer.getByText('203.0.113.5').waitFor();
    await expectAxeClean(p);
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expectFitsPhone(p);
    await session.screenshot(p, 'partner-data-leads');

    // Returns: the disputes of the vendor's leads (none of this run's).
    await nav.getByRole('link', { name: 'Returns', exact: true }).click();
    await p.getByRole('heading', { name: 'Returns', level: 1 }).waitFor();
    await p.getByText(/dispute\(s\) found$/).waitFor();
    await expectAxeClean(p);
    await expectFitsPhone(p);
    await session.screenshot(p, 'partner-data-returns');
  });
});
