// Disputes (issue 11) in one browser session: a lead posted with the demo vendor token sells to the
// sponsor's Colorado order (Dental Pilot, the only order there), the sponsor disputes it through the
// API, and support finds it on the Disputes page from the drawer, approves it with a required reason,
// and sees it under Approved; axe on the page and the dialog, nothing wider than a 390 px phone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditPage, describeFindings } from '../support/axe.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { localStack } from './stack.ts';

const { apiUrl } = localStack();
/** ACME's local-only demo token (README; functions/core/seed/vendors.ts DEMO_VENDOR_TOKEN). */
const DEMO_VENDOR_TOKEN = 'lpv_LOCAL_DEMO_ONLY_acme_vendor_token_000000000';
const { signInAs, screenshot } = useBrowserSession({ fullPage: true });

async function expectAxeClean(p: Page) {
  const findings = await auditPage(p);
  expect(findings, describeFindings(findings)).toEqual([]);
}

/** Posts Colorado leads until one sells (the default routing rule sends every other one to the call center). */
async function soldLead(): Promise<{ LeadId: string; UserFacingLeadId: number }> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const stamp = `${Date.now()}`.slice(-5);
    const res = await fetch(`${apiUrl}/intake/leads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_VENDOR_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        CampaignCode: 'HWL', VendorLeadId: `e2e-dispute-${Date.now()}-${attempt}`, FirstName: 'Dee', LastName: 'Spute',
        PrimaryPhone: `72055${stamp}`, Email: `dee.${stamp}.${attempt}@example.com`, Address1: '1 Main St', City: 'Denver',
        StateCode: 'CO', ZipCode: '80202', BirthDate: '1970-05-01',
        Consent: { Text: 'I agree to be contacted.', Timestamp: new Date().toISOString(), Ip: '203.0.113.5', PageUrl: 'https://example.com/quote' },
      }),
    });
    const body = (await res.json()) as { LeadId: string; UserFacingLeadId: number; Result: string };
    expect(res.status, JSON.stringify(body)).toBe(201);
    if (body.Result === 'sold') return body;
  }
  throw new Error('No Colorado lead sold in four posts');
}

describe('Disputes', () => {
  it('lets support approve an agent\u2019s dispute from the staff queue, with a required reason', async () => {
    // The lead's first post starts the intake Lambda cold: it runs while the sponsor signs in.
    const [lead, agent] = await Promise.all([soldLead(), signInAs('sponsor')]);
    const submitted = await agent.evaluate(async (LeadId) => {
      const res = await fetch('/api/lead/dispute', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ LeadId, VendorReason: 'NOT_INTERESTED', UserComments: 'The consumer says they never asked for a quote.' }),
      });
      return { status: res.status, body: (await res.json()) as { DisputeStatus: string } };
    }, lead.LeadId);
    expect(submitted.status).toBe(201);
    expect(submitted.body.DisputeStatus).toBe('Submitted');
    expect(await agent.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Disputes', exact: true }).count()).toBe(0);

    const p = await signInAs('support');
    await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Disputes', exact: true }).click();
    await p.waitForURL(/\/leads\/disputes/);
    await p.getByRole('heading', { name: 'Disputes', level: 1 }).waitFor();
    const label = `Lead ${lead.UserFacingLeadId}`;
    const card = p.getByRole('list', { name: 'Submitted disputes' }).getByRole('listitem', { name: label });
    // The reason as the agent picked it, in the vendor's words (the seeded ACME reasons), not its code.
    await card.getByText('Consumer says they never asked for a quote', { exact: true }).waitFor();
    expect(await card.getByText('NOT_INTERESTED').count()).toBe(0);
    await card.getByText('Health Web Leads').waitFor();
    await expectAxeClean(p);

    await card.getByRole('button', { name: `Approve the dispute of ${label}` }).click();
    const dialog = p.getByRole('dialog', { name: 'Approve Dispute' });
    await dialog.waitFor();
    const approve = dialog.getByRole('button', { name: 'Approve', exact: true });
    expect(await approve.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('The consumer confirmed they never asked for a quote.');
    await expectAxeClean(p);
    await approve.click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => p.getByRole('listitem', { name: label }).count()).toBe(0);

    await p.getByText('Approved', { exact: true }).click();
    await p.waitForURL(/status=Approved/);
    const approved = p.getByRole('list', { name: 'Approved disputes' }).getByRole('listitem', { name: label });
    await approved.getByText('The consumer confirmed they never asked for a quote.').waitFor();
    await screenshot(p, 'disputes-approved');

    await p.setViewportSize(PHONE);
    await expectNothingOverflows(p);
    await expectAxeClean(p);
  }, 60_000);
});
