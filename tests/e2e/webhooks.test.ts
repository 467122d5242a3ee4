// Browser test of CRM delivery (issue 23): the captive demo agent adds a CRM endpoint in Settings that
// points at a receiver this test runs on 127.0.0.1 (http is allowed for localhost on the local stack),
// sees its signing secret once, sends a test that the receiver gets signed with that secret, and finds
// it delivered with status 200 in the delivery log, on a desktop and at 390 px; an admin opens the staff
// page of failing deliveries from the drawer. The endpoint is deleted afterwards.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT_IDS } from '#core/seed/demo-users.ts';
import { SIGNATURE_HEADER } from '#shared/api/webhooks.ts';
import { auditPage, describeFindings } from '../support/axe.ts';
import { expectNothingOverflows, PHONE } from '../support/phone.ts';
import { useBrowserSession } from './browser-session.ts';
import { localStack } from './stack.ts';

const { url } = localStack();
const AGENT = DEMO_AGENT_IDS.captive;
const session = useBrowserSession();

interface Received {
  body: string;
  signature: string;
}
const received: Received[] = [];
let receiver: http.Server;
let receiverUrl = '';

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers[SIGNATURE_HEADER.toLowerCase()] ?? '') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/crm`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

/** Deletes the agent's endpoints pointing at a local receiver (this run's, and any an earlier run left). */
async function deleteLocalEndpoints(p: Page): Promise<void> {
  const list = (await (await p.request.get(`${url}/api/agent/${AGENT}/webhooks`)).json()) as { Webhooks: { EndpointId: string; Url: string }[] };
  for (const w of list.Webhooks.filter((w) => w.Url.startsWith('http://127.0.0.1:')))
    await p.request.delete(`${url}/api/agent/${AGENT}/webhooks/${w.EndpointId}`, { headers: { origin: url } });
}

/** Axe on a dialog while it is open (the end-of-test audit sees only the page as the test leaves it). */
async function expectAccessible(p: Page): Promise<void> {
  const findings = await auditPage(p);
  expect(findings, describeFindings(findings)).toEqual([]);
}

const card = (p: Page) => p.getByRole('region', { name: 'CRM Delivery', exact: true });

describe('CRM delivery', () => {
  it('the agent adds an endpoint, sees its secret once, sends a test that arrives signed, and finds it delivered in the log', async () => {
    const p = await session.signInAs('captive');
    await deleteLocalEndpoints(p);
    try {
      await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings', exact: true }).click();
      await card(p).getByRole('button', { name: 'Add endpoint' }).click();
      const form = p.getByRole('dialog', { name: 'Add CRM endpoint' });
      await form.getByRole('textbox', { name: 'URL' }).fill(receiverUrl);
      await form.getByRole('radio', { name: 'Form-encoded' }).check();
      expect(await form.getByTestId('body-preview').innerText()).toContain('FirstName=Pat');
      await expectAccessible(p);
      await form.getByRole('button', { name: 'Save endpoint' }).click();

      const shown = p.getByRole('dialog', { name: 'Signing secret' });
      await shown.getByText('Copy this secret now: it is not shown again.').waitFor();
      const secret = (await shown.getByTestId('webhook-secret').innerText()).trim();
      expect(secret).toMatch(/^whsec_/);
      await expectAccessible(p);
      await shown.getByRole('button', { name: 'Done' }).click();
      await shown.waitFor({ state: 'detached' });

      const item = card(p).getByRole('listitem', { name: receiverUrl });
      await item.getByText(`Secret ends in ${secret.slice(-4)}`, { exact: false }).waitFor();
      expect(await p.getByText(secret).count()).toBe(0);

      await item.getByRole('button', { name: 'Send test' }).click();
      await item.getByText(/^Test delivered: 200 in \d+ ms$/).waitFor();
      // The receiver got the form-encoded sample, signed with the secret shown: HMAC-SHA256 of "{t}.{body}".
      expect(received).toHaveLength(1);
      const { body, signature } = received[0]!;
      expect(body).toContain('FirstName=Pat');
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
      expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));

      await item.getByRole('button', { name: 'Delivery log' }).click();
      const log = p.getByRole('dialog', { name: 'Delivery log' });
      const row = log.getByRole('row').filter({ hasText: 'Test' }).first();
      await row.getByText('Delivered', { exact: true }).waitFor();
      await row.getByText(/^200 in \d+ ms$/).waitFor();
      await row.getByRole('button', { name: /^Details of Test/ }).click();
      await log.getByRole('table', { name: 'Attempts' }).waitFor();
      await expectAccessible(p);

      // At 390 px the log is a list of cards and nothing is wider than the screen, nor is the form.
      await p.setViewportSize(PHONE);
      await log.getByRole('listitem').filter({ hasText: 'Delivered' }).first().waitFor();
      await expectNothingOverflows(p);
      await log.getByRole('button', { name: 'Close dialog' }).click();
      await item.getByRole('button', { name: 'Edit' }).click();
      await p.getByRole('dialog', { name: 'Edit CRM endpoint' }).getByRole('textbox', { name: 'CRM name for FirstName' }).waitFor();
      await expectNothingOverflows(p);
      await p.getByRole('dialog', { name: 'Edit CRM endpoint' }).getByRole('button', { name: 'Cancel' }).click();
      await expectNothingOverflows(p);
    } finally {
      await deleteLocalEndpoints(p);
    }
  });

  it('an admin opens CRM Deliveries from the drawer', async () => {
    const p = await session.signInAs('admin');
    await p.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'CRM Deliveries', exact: true }).click();
    await p.waitForURL(`${url}/webhooks/failures`);
    await p.getByRole('heading', { name: 'CRM Deliveries', level: 1 }).waitFor();
    await p.getByText(/No deliveries are failing|Failing since/).first().waitFor();
  });
});
