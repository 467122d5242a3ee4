// The partner portal in Chromium (issue 24): staff set a vendor's administrator on the vendor form; the
// invitation's welcome page starts the sign-in; the new vendor user, refused a session until they set up
// an authenticator app, signs in with its code and lands in the partner portal's shell (their vendor's
// name, the drawer), opens Integration, rotates the token (shown once, only its last four after a
// reload), posts a lead with it and finds it in Leads with the outcome the API answered, makes a sandbox
// token whose lead is answered "sandbox" and is nowhere in Leads, and sees the Users list; every page
// passes axe and fits a 390 px phone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../../infra/local/totp.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { localStack } from './stack.ts';

const { url, demoPassword } = localStack();
const session = useBrowserSession({ fullPage: true });

const DESKTOP = { width: 1280, height: 900 };
/** A vendor of the demo catalogue with campaigns (MIB, EMR); the administrator's address is this run's own. */
const VENDOR_NAME = 'Northwind Data';
const ADMIN = `partner.e2e.${Date.now().toString(36)}@northwind.example.com`;

/** A vendor's Home in the partner portal (whatever its search says). */
const partnerHome = (u: URL) => /^\/partner\/[\w-]+$/.test(u.pathname) && u.pathname !== '/partner/welcome';

async function expectAxeClean(p: Page) {
  const findings = await auditPage(p);
  expect(findings, describeFindings(findings)).toEqual([]);
}

const RUN = Date.now().toString(36);
const sourceIdOf = (which: 'real' | 'sandbox') => `e2e-partner-${which}-${RUN}`;
/** How Leads names the outcome the intake API answered (a lead no order takes may be sent to the call center). */
const OUTCOME_LABEL: Record<string, RegExp> = { sold: /^Sold$/, unsold: /^(Unsold|Call center)$/, duplicate: /^Duplicate$/, rejected: /^Rejected$/ };

/** A lead of Northwind's Employer Groups campaign (EMR), posted with `token` as the README's curl line posts. */
async function postLead(token: string, which: 'real' | 'sandbox'): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}/api/intake/leads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      CampaignCode: 'EMR',
      VendorLeadId: sourceIdOf(which),
      FirstName: 'Pat',
      LastName: 'Partner',
      PrimaryPhone: `21355${String(Date.now() % 100_000).padStart(5, '0')}`,
      Email: `pat.${RUN}@example.com`,
      BusinessEmail: `pat.${RUN}@partner-co.example.com`,
      Address1: '1 Main St',
      City: 'Los Angeles',
      StateCode: 'CA',
      ZipCode: '90012',
      BirthDate: '1975-05-01',
      Gender: 'F',
      Consent: { Text: 'I agree to be contacted.', Timestamp: new Date().toISOString(), Ip: '203.0.113.5', PageUrl: 'https://example.com/quote' },
    }),
  });
  const body = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(body)).toBeLessThan(300);
  return { status: res.status, body };
}

async function signInWithPassword(p: Page, email: string) {
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password').fill(demoPassword);
  await p.getByRole('button', { name: 'Sign in' }).click();
}

describe('the partner portal', () => {
  it('lets the administrator set on the vendor form sign in with MFA, rotate the token, find its lead in Leads with its outcome, and try the sandbox with nothing stored', { timeout: 300_000 }, async () => {
    // Staff set the administrator on the vendor's edit page.
    const staff = await session.signInAs('admin');
    await staff.setViewportSize(DESKTOP);
    await staff.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Vendors', exact: true }).click();
    await staff.getByRole('textbox', { name: 'Filter by Vendor Name' }).fill(VENDOR_NAME);
    // The filter applies once typing pauses: the row is clicked where the filtered table shows it.
    await staff.waitForURL((u) => u.searchParams.get('Name') === VENDOR_NAME);
    await staff.getByRole('link', { name: `Edit ${VENDOR_NAME}` }).click();
    await staff.getByRole('heading', { name: 'Edit Vendor', level: 1 }).waitFor();
    const adminSection = staff.getByRole('region', { name: 'Primary Partner Portal Administrator' });
    await adminSection.getByRole('textbox', { name: 'Administrator Email', exact: true }).fill(ADMIN);
    await adminSection.getByRole('button', { name: 'Set Admin' }).click();
    await adminSection.getByText('Admin set. Email sent.', { exact: true }).waitFor();
    await staff.close();
    session.page = undefined;

    // The invitation's link: the welcome page explains, and its button starts the sign-in.
    await session.context.clearCookies();
    const p = await session.newPage();
    await p.setViewportSize(DESKTOP);
    await p.goto(`${url}/partner/welcome`, { timeout: 90_000 });
    await p.getByRole('heading', { name: 'Welcome to the partner portal', level: 1 }).waitFor();
    await expectAxeClean(p);
    await p.getByRole('link', { name: 'Sign in to the partner portal' }).click();

    // First sign-in: no session without an authenticator app; the MFA page sets one up.
    await signInWithPassword(p, ADMIN);
    await p.getByRole('heading', { name: 'Multi-factor authentication required' }).waitFor({ timeout: 30_000 });
    await p.getByText('so must partner portal accounts', { exact: false }).waitFor();
    await p.getByRole('button', { name: 'Set up authenticator app' }).click();
    const secret = (await p.getByTestId('mfa-secret').innerText()).replace(/\s/g, '');
    await p.getByLabel('Authenticator code').fill(totpCode(secret));
    await p.getByRole('button', { name: 'Verify code' }).click();
    await p.getByRole('heading', { name: 'Authenticator app set up' }).waitFor();

    // Signing in again with the code lands in the partner portal: the vendor's name, the drawer.
    await p.getByRole('link', { name: 'Sign in again' }).click();
    await signInWithPassword(p, ADMIN);
    await p.getByLabel('Authenticator code').fill(totpCode(secret));
    await p.getByRole('button', { name: 'Verify' }).click();
    await p.waitForURL(partnerHome, { timeout: 60_000 });
    const vendorId = new URL(p.url()).pathname.split('/')[2]!;
    expect(await p.getByTestId('partner-vendor-name').innerText()).toBe(VENDOR_NAME);
    const nav = p.getByRole('navigation', { name: 'Partner portal' });
    for (const label of ['Home', 'Leads', 'Returns', 'Integration', 'Users']) await nav.getByRole('link', { name: label, exact: true }).waitFor();
    await expectAxeClean(p);
    await session.screenshot(p, 'partner-home');

    // The agent portal is not theirs: its home sends them back to the partner portal.
    await p.goto(`${url}/`);
    await p.waitForURL(partnerHome);

    // Integration: the campaigns with their required fields, and Rotate (asked first, shown once).
    await nav.getByRole('link', { name: 'Integration', exact: true }).click();
    await p.getByRole('heading', { name: 'Integration', level: 1 }).waitFor();
    const campaigns = p.getByRole('table', { name: 'Campaigns' });
    await campaigns.getByText('MIB', { exact: true }).waitFor();
    await campaigns.getByText('PrimaryPhone').first().waitFor();
    const lastFour = p.getByTestId('partner-token-last-four');
    await p.getByRole('button', { name: 'Rotate token' }).click();
    const dialog = p.getByRole('dialog', { name: 'Rotate token' });
    await dialog.getByText('stops working at once', { exact: false }).waitFor();
    await expectAxeClean(p);
    await dialog.getByRole('button', { name: 'Rotate token' }).click();
    const newToken = p.getByRole('textbox', { name: 'New token', exact: true });
    await newToken.waitFor();
    const token = await newToken.inputValue();
    expect(token.length).toBeGreaterThan(20);
    await expect.poll(() => lastFour.innerText()).toBe(`…${token.slice(-4)}`);
    await p.getByText('it will not be shown again', { exact: false }).waitFor();
    await expectAxeClean(p);
    await session.screenshot(p, 'partner-integration');

    // Reloaded: only the last four, never the token again.
    await p.reload();
    await p.getByRole('heading', { name: 'Integration', level: 1 }).waitFor();
    expect(await lastFour.innerText()).toBe(`…${token.slice(-4)}`);
    expect(await p.getByRole('textbox', { name: 'New token', exact: true }).count()).toBe(0);
    expect(await p.content()).not.toContain(token);

    // The new token posts a lead as the README's curl line does: Leads shows it with the outcome the API answered.
    const posted = await postLead(token, 'real');
    expect(posted.status).toBe(201);
    await nav.getByRole('link', { name: 'Leads', exact: true }).click();
    await p.getByRole('heading', { name: 'Leads', level: 1 }).waitFor();
    const leads = p.getByRole('table', { name: 'Leads' });
    const row = leads.getByRole('row').filter({ hasText: sourceIdOf('real') });
    await row.waitFor({ timeout: 30_000 });
    await row.getByText(OUTCOME_LABEL[String(posted.body.Result)]!).first().waitFor();

    // The sandbox: a token made on Integration posts the same kind of lead; the answer says what would have
    // happened, and nothing of it is in Leads (nothing sold, nothing stored).
    await nav.getByRole('link', { name: 'Integration', exact: true }).click();
    await p.getByRole('button', { name: /^(Generate|Rotate) sandbox token$/ }).click();
    const confirm = p.getByRole('dialog', { name: 'Rotate sandbox token' });
    if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button', { name: 'Rotate sandbox token' }).click();
    const sandboxBox = p.getByRole('textbox', { name: 'New sandbox token', exact: true });
    await sandboxBox.waitFor();
    const sandboxToken = await sandboxBox.inputValue();
    const tried = await postLead(sandboxToken, 'sandbox');
    expect(tried.status).toBe(201);
    expect(tried.body).toMatchObject({ Sandbox: true });
    // A sandbox post never reaches the real leads: the real lead's source id with the sandbox token is the sandbox's.
    expect((await postLead(sandboxToken, 'real')).body).toMatchObject({ Sandbox: true });
    await nav.getByRole('link', { name: 'Leads', exact: true }).click();
    await leads.getByRole('row').filter({ hasText: sourceIdOf('real') }).waitFor();
    expect(await leads.getByRole('row').filter({ hasText: sourceIdOf('sandbox') }).count()).toBe(0);

    // Users: the administrator, with the invitation form.
    await nav.getByRole('link', { name: 'Users', exact: true }).click();
    await p.getByRole('table', { name: 'Users' }).getByText(ADMIN, { exact: true }).waitFor();
    await p.getByRole('form', { name: 'Invite a colleague' }).waitFor();
    await expectAxeClean(p);

    // A phone: Integration and Users fit 390 px, the drawer behind the burger.
    await p.setViewportSize(PHONE);
    await expectNothingOverflows(p);
    await p.goto(`${url}/partner/${vendorId}/integration`);
    await p.getByRole('heading', { name: 'Integration', level: 1 }).waitFor();
    await expectNothingOverflows(p);
    await session.screenshot(p, 'partner-integration-phone');
  });
});
