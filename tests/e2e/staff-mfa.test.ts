// Staff MFA in Chromium (issue 7): a support user with no authenticator app signs in, is refused a
// session and lands on the page that says why; sets up an app there (the key it shows, a code of it),
// signs in again, gives a code and reaches the home page. Demo staff (already enrolled) are covered by
// every other browser test's sign-in.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { totpCode } from '../../infra/local/totp.ts';
import { useBrowserSession } from './browser-session.ts';
import { localStack } from './stack.ts';

const { url, staffWithoutMfa, demoPassword } = localStack();

const session = useBrowserSession({ fullPage: true });

let page: Page;

beforeEach(async () => {
  await session.context.clearCookies();
  page = await session.newPage();
});

async function signInWithPassword(email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('a staff user without an authenticator app', () => {
  it('is refused a session, sets up an app on the MFA page, and then signs in with its code', async () => {
    await page.goto(`${url}/`, { timeout: 90_000 });
    await signInWithPassword(staffWithoutMfa);

    await page.getByRole('heading', { name: 'Multi-factor authentication required' }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/mfaRequired');
    await page.getByText('Staff accounts must sign in with an authenticator app').waitFor();
    expect((await page.request.get(`${url}/api/me`)).status()).toBe(401);
    await session.screenshot(page, 'mfa-required');

    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    const secret = (await page.getByTestId('mfa-secret').innerText()).replace(/\s/g, '');
    await page.getByLabel('Authenticator code').fill('000000' === totpCode(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify code' }).click();
    await page.getByText('That code is not right.').waitFor();
    await page.getByLabel('Authenticator code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify code' }).click();
    await page.getByRole('heading', { name: 'Authenticator app set up' }).waitFor();

    await page.getByRole('link', { name: 'Sign in again' }).click();
    await signInWithPassword(staffWithoutMfa);
    await page.getByLabel('Authenticator code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${url}/`);
    await page.getByTestId('welcome-card').waitFor();
  });
});
