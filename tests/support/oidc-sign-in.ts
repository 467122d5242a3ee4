// Sign-in through the real local OIDC provider (infra/local/oidc.ts), for integration tests of the
// auth area: the file's own provider over the harness's users, a browser that keeps its cookies (the
// app and the provider share the host, as cookies ignore ports), and the sign-in steps a person takes
// there (the password, then an authenticator code when asked). What the app does with the callback is
// each test's own.
import { expect } from 'vitest';
import { DEFAULT_DEMO_PASSWORD, startLocalOidc } from '../../infra/local/oidc.ts';
import type { LocalMfa } from '../../infra/local/oidc-mfa.ts';
import { totpCode } from '../../infra/local/totp.ts';
import { freePort } from '../../infra/local/services/ports.ts';

/** The file's provider: it signs in the harness's users (by email, with the demo password). */
export async function startTestOidc(appOrigin: string, clientId: string, mfa?: LocalMfa): Promise<{ issuer: string; stop: () => Promise<void> }> {
  // After the harness has set the table's environment, as the test files' own imports of the core are.
  const { findUserByEmail, findUserById } = await import('../../functions/core/identity/users.ts');
  const account = (u: { userId: string; email: string; name: string } | undefined) => u && { userId: u.userId, email: u.email, name: u.name };
  return startLocalOidc({
    port: await freePort(),
    appOrigin,
    clientId,
    password: DEFAULT_DEMO_PASSWORD,
    findByEmail: async (email) => account(await findUserByEmail(email)),
    findById: async (id) => account(await findUserById(id)),
    ...(mfa ? { mfa } : {}),
  });
}

/** A browser's cookies; every request answers as it comes (redirects are the caller's to follow). */
export class Browser {
  readonly cookies = new Map<string, string>();
  get(url: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(url, { method: 'GET', headers });
  }
  async send(url: string, init: RequestInit): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
    for (const set of res.headers.getSetCookie()) {
      const [pair, ...attrs] = set.split(';');
      const [name, ...value] = pair!.trim().split('=');
      const expired = attrs.some((a) => /^max-age=0$/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value.join('=') === '') this.cookies.delete(name!);
      else this.cookies.set(name!, value.join('='));
    }
    return res;
  }
  form(url: string, fields: Record<string, string>): Promise<Response> {
    return this.send(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  }
  /** A JSON POST from `origin`: by default the site posted to (a same-site call). */
  json(url: string, body: unknown, origin = new URL(url).origin): Promise<Response> {
    return this.send(url, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(body) });
  }
}

/** Follows the provider's redirects until it answers a page or sends the browser to the app's callback. */
export async function followProvider(browser: Browser, res: Response, issuer: string): Promise<Response> {
  while (res.status >= 300 && res.status < 400 && !res.headers.get('location')!.includes('/api/auth/callback'))
    res = await browser.get(new URL(res.headers.get('location')!, issuer).href);
  return res;
}

/** Where the app and the provider are. */
export interface SignInSites {
  appUrl: string;
  issuer: string;
}

/**
 * Starts a sign-in in `browser` at the app, gives the provider the password, and a code of
 * `totpSecret` when the provider asks for one; returns the app's callback URL (not yet followed) and
 * whether a code was asked for. A page the provider answers otherwise fails the test with its text.
 */
export async function signInAtProvider(browser: Browser, sites: SignInSites, email: string, totpSecret?: string): Promise<{ callbackUrl: string; askedForCode: boolean }> {
  const start = await browser.get(`${sites.appUrl}/api/auth/signin`);
  expect(start.status).toBe(302);
  let res = await followProvider(browser, await browser.get(start.headers.get('location')!), sites.issuer);
  const uid = /action="\/interaction\/([\w-]+)\/login"/.exec(await res.text())![1]!;
  res = await browser.form(`${sites.issuer}/interaction/${uid}/login`, { email, password: DEFAULT_DEMO_PASSWORD });
  let askedForCode = false;
  if (res.status === 200) {
    const page = await res.text();
    askedForCode = page.includes(`action="/interaction/${uid}/totp"`);
    if (!askedForCode || !totpSecret) throw new Error(`The provider answered a page: ${page.slice(0, 200)}`);
    res = await browser.form(`${sites.issuer}/interaction/${uid}/totp`, { code: totpCode(totpSecret) });
  }
  res = await followProvider(browser, res, sites.issuer);
  return { callbackUrl: res.headers.get('location')!, askedForCode };
}
