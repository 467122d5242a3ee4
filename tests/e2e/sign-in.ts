// Signs a demo user in the way a person does: open the portal, get sent to the local OIDC provider's
// sign-in page, fill Email and Password, press Sign in, and land back on the home page.
import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import type { Permission, Role } from '#shared/permissions.ts';

const { url, demoPassword } = inject('localStack');

export const demoEmail = (localPart: string) => `${localPart}@leadportal.example.com`;

/**
 * A fresh page signed in as `email`, showing the home page. Cookies are cleared first, so neither
 * an earlier portal session nor the provider's own session decides who is signed in.
 */
export async function signIn(context: BrowserContext, email: string): Promise<Page> {
  await context.clearCookies();
  const page = await context.newPage();
  await page.goto(`${url}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${url}/`);
  await page.getByTestId('welcome-card').waitFor();
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
