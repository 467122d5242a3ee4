// Signs a demo user in the way a person does: open the portal, get sent to the local OIDC provider's
// sign-in page, fill Email and Password, press Sign in (and for staff, whose demo accounts have the demo
// authenticator key enrolled, give the code and press Verify), and land back on the home page.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { Permission, Role } from '#shared/permissions.ts';
import { DEMO_TOTP_SECRET } from '../../infra/local/oidc-mfa.ts';
import { totpCode } from '../../infra/local/totp.ts';
import { localStack } from './stack.ts';

const { url, demoPassword, sessionStore } = localStack();

const FIRST_LOAD_MS = 90_000;

export const demoEmail = (localPart: string) => `${localPart}@leadportal.example.com`;

/**
 * A fresh page signed in as `email`, showing the home page. Cookies are cleared first, so neither
 * an earlier portal session nor the provider's own session decides who is signed in.
 */
export async function signIn(context: BrowserContext, email: string): Promise<Page> {
  await context.clearCookies();
  const page = await context.newPage();
  // The first load of a run waits for the dev server to compile the app's modules: far longer than the next.
  await page.goto(`${url}/`, { timeout: FIRST_LOAD_MS });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Staff must use MFA: the provider asks for a code before it sends the browser back.
  const code = page.getByLabel('Authenticator code');
  await code.or(page.getByTestId('welcome-card')).first().waitFor({ timeout: FIRST_LOAD_MS });
  if (await code.isVisible()) {
    await code.fill(totpCode(DEMO_TOTP_SECRET));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await page.waitForURL(`${url}/`);
  await page.getByTestId('welcome-card').waitFor();
  return page;
}

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

const storedSession = (email: string) => path.join(sessionStore, `${email.replace(/[^a-z0-9.@-]/gi, '_')}.json`);

/**
 * A fresh page signed in as `email`, showing the home page, on the session an earlier test of this
 * run signed in on this stack (the files of one stack run one after another). Each browser
 * sign-in through the provider's form costs several seconds; the form itself is still used the first
 * time each user signs in, and whenever the kept session no longer works (after a sign-out).
 */
export async function signInReusing(context: BrowserContext, email: string): Promise<Page> {
  const kept = await readFile(storedSession(email), 'utf8').then((text) => JSON.parse(text) as Cookies, () => undefined);
  if (kept) {
    await context.clearCookies();
    await context.addCookies(kept);
    const me = await context.request.get(`${url}/api/me`);
    if (me.status() === 200 && ((await me.json()) as MeAnswer).EmailAddress.toLowerCase() === email.toLowerCase()) {
      const page = await context.newPage();
      await page.goto(`${url}/`, { timeout: FIRST_LOAD_MS });
      await page.getByTestId('welcome-card').waitFor();
      return page;
    }
  }
  const page = await signIn(context, email);
  await mkdir(sessionStore, { recursive: true });
  // Only the portal's session: the provider's own (same host, other port) would let a later sign-in skip its form.
  const cookies = (await context.cookies(url)).filter((c) => c.name === 'lc_session');
  await writeFile(storedSession(email), JSON.stringify(cookies));
  return page;
}

/** The parts of GET /api/me the browser tests check the screen against. */
export interface MeAnswer {
  AgentId: string | null;
  Name: string;
  EmailAddress: string;
  Permissions: Permission[];
  Roles: Role[];
  IsAdmin: boolean;
  IsSalesAssistant: boolean;
  IsFundPreview: boolean;
  Account: { CurrentBalance: number; TimeZone: string | null; Zip: string; OrderStatus: 0 | 1; FirstName: string; LastName: string; Type: 0 | 1 | 2 } | null;
}

/** GET /api/me with the page's own session cookie. */
export async function meOf(page: Page): Promise<MeAnswer> {
  const answer = await page.request.get(`${url}/api/me`);
  if (answer.status() !== 200) throw new Error(`GET /api/me answered ${answer.status()}`);
  return (await answer.json()) as MeAnswer;
}
