// The API reference and the vendor sandbox (issue 24) as an admin walks them: /apiReference lists the
// whole API by area, a search narrows it, an operation opens to its parameters, body and answers; then
// ACME's Edit page rotates the sandbox token, shows it once with its curl line, and a lead posted with
// it is answered with what would have happened. axe on each page; nothing wider than a 390 px phone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SANDBOX_TOKEN_PATTERN } from '#shared/sandbox.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { navigateInApp } from '../support/browser.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { localStack } from './stack.ts';

const { url } = localStack();
const { signInAs } = useBrowserSession({ fullPage: true });

async function expectAxeClean(p: Page): Promise<void> {
  const findings = await auditPage(p);
  expect(findings, describeFindings(findings)).toEqual([]);
}

describe('API Reference', () => {
  it('shows staff every call by area, narrows it by a search and opens a call to its body and answers, on a desktop and at 390 px', async () => {
    const p = await signInAs('admin');
    await navigateInApp(p, '/apiReference');
    await p.getByRole('heading', { name: 'API Reference', level: 1 }).waitFor();
    await p.getByRole('heading', { name: 'vendors', level: 2 }).waitFor();
    await p.getByRole('textbox', { name: 'Search the API' }).fill('intake leads');
    await p.getByRole('status').filter({ hasText: '1 call' }).waitFor();
    await p.getByRole('button', { name: /POST \/api\/intake\/leads/ }).click();
    await p.getByRole('table', { name: 'Body of POST /intake/leads' }).waitFor();
    await p.getByText('curl -s -X POST', { exact: false }).waitFor();
    await expectAxeClean(p);
    await p.setViewportSize(PHONE);
    await expectNothingOverflows(p);
  });

  it("lets staff rotate a vendor's sandbox token on its Edit page, and a lead posted with it sells nothing", async () => {
    const p = await signInAs('admin');
    const vendors = (await (await p.request.get(`${url}/api/vendor/names`)).json()) as { VendorId: string; Code: string }[];
    const acme = vendors.find((v) => v.Code === 'ACME')!;
    await navigateInApp(p, `/vendor/edit/${acme.VendorId}`);
    const section = p.getByRole('region', { name: 'Sandbox token' });
    await section.getByRole('button', { name: 'Rotate sandbox token' }).click();
    const token = await section.getByRole('textbox', { name: 'New sandbox token' }).inputValue();
    expect(token).toMatch(SANDBOX_TOKEN_PATTERN);
    expect(await section.getByTestId('sandbox-token-last-four').innerText()).toBe(`••••${token.slice(-4)}`);
    await expectAxeClean(p);
    await p.setViewportSize(PHONE);
    await expectNothingOverflows(p);

    const answer = await p.request.post(`${url}/api/intake/leads`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        CampaignCode: 'HWL', VendorLeadId: `e2e-sandbox-${Date.now()}`, FirstName: 'Pat', LastName: 'Demo', PrimaryPhone: '3125550142', Email: 'pat@example.com',
        Address1: '1 Main St', City: 'Chicago', StateCode: 'IL', ZipCode: '60601', BirthDate: '1970-05-01',
        Consent: { Text: 'I agree to be contacted.', Timestamp: new Date().toISOString(), Ip: '203.0.113.5', PageUrl: 'https://example.com/quote' },
      },
    });
    expect(answer.status()).toBe(201);
    const body = (await answer.json()) as { Sandbox: boolean; Result: string; LeadId: string };
    expect(body).toMatchObject({ Sandbox: true });
    expect((await p.request.get(`${url}/api/lead/${body.LeadId}`)).status()).toBe(404);
  });
});
