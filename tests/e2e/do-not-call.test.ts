// Do-Not-Call Lists (issue 24, "Compliance at intake") as an admin walks it: the drawer's link, a list
// uploaded through the real pipeline (presigned PUT to s3rver, the csvProcess job the local stack runs
// on the new object, status polling) with its bad row reported, the list's card with its count; a
// lead the demo vendor posts with a phone on the list answered "rejected" with the reason once the
// projector has raised the catalogue's version; the list switched off again; axe on the page; nothing
// wider than a 390 px phone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { doNotCallReason } from '#shared/do-not-call.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { localStack } from './stack.ts';

const { url } = localStack();
const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

const DEMO_TOKEN = 'lpv_LOCAL_DEMO_ONLY_acme_vendor_token_000000000';
const RUN = Date.now().toString(36);
const LIST = `E2E Internal ${RUN}`;
const LISTED = `909${String(Date.now() % 10_000_000).padStart(7, '0')}`;
let posts = 0;

/** A lead of the listed phone through the real engine, as a vendor posts it. */
async function postListedLead(): Promise<{ Result: string; Reasons?: string[] }> {
  const res = await fetch(`${url}/api/intake/leads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEMO_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      CampaignCode: 'HWL',
      VendorLeadId: `e2e-dnc-${RUN}-${posts++}`,
      FirstName: 'Pat',
      LastName: 'Listed',
      PrimaryPhone: LISTED,
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
  return (await res.json()) as { Result: string; Reasons?: string[] };
}

const card = (p: Page) => p.getByRole('article', { name: LIST });

describe('Do-Not-Call Lists', () => {
  it('lets an admin upload a list that refuses a vendor lead on it, and switch it off', async () => {
    const p = await signInAs('admin');
    await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Do-Not-Call Lists', exact: true }).click();
    await p.waitForURL(/\/campaigns\/doNotCall/);
    await p.getByRole('heading', { name: 'Do-Not-Call Lists', level: 1 }).waitFor();

    await p.getByPlaceholder('e.g. Internal, National DNC, Litigators').fill(LIST);
    await p.getByRole('radio', { name: 'Replace the list with this file' }).check();
    await p.locator('input[type="file"]').setInputFiles({ name: 'internal.csv', mimeType: 'text/csv', buffer: Buffer.from(`Phone\r\n${LISTED}\r\nnot a phone\r\n`) });
    await p.getByRole('button', { name: 'Upload', exact: true }).click();
    const success = p.getByRole('status').filter({ hasText: 'CSV uploaded successfully' });
    await success.waitFor({ timeout: 30_000 });
    await success.getByText('Row 3: not a phone is not a 10-digit US phone number; not added.').waitFor();
    await card(p).getByText('1 numbers').waitFor();
    await card(p).getByText('Active', { exact: true }).waitFor();

    // The engine takes the list once the projector has raised the catalogue's version (about a second).
    let answer = await postListedLead();
    for (let tries = 0; answer.Result !== 'rejected' && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      answer = await postListedLead();
    }
    expect(answer).toMatchObject({ Result: 'rejected', Reasons: [doNotCallReason([LIST])] });
    await screenshot(p, 'do-not-call');

    const findings = await auditPage(p);
    expect(findings, describeFindings(findings)).toEqual([]);

    await p.setViewportSize(PHONE);
    await expectNothingOverflows(p);
    await screenshot(p, 'do-not-call-phone');

    // Switched off, so the list leaves the stack's other leads alone.
    await card(p).getByRole('switch', { name: `Refuse leads on ${LIST}` }).click({ force: true });
    await card(p).getByText('Inactive', { exact: true }).waitFor();
  });
});
