// Sign-in through the real local OIDC provider: the callback signs in only the browser that started the
// sign-in (login CSRF), replaces that browser's previous session, and sends every forged, repeated or
// mismatched callback back to the sign-in start instead of failing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../functions/platform/config.ts';
import { useApiHarness } from '../support/api-harness.ts';
import { Browser, signInAtProvider as signInWith, startTestOidc } from '../support/oidc-sign-in.ts';

// The harness's seed and gateway; the browser and the provider's steps are tests/support/oidc-sign-in.ts's.
const api = useApiHarness();

const { createSession, findSession } = await import('../../functions/core/identity/sessions.ts');

let oidc: { issuer: string; stop: () => Promise<void> };

beforeAll(async () => {
  oidc = await startTestOidc(api.url, 'sign-in-test');
  Object.assign(process.env, { OIDC_ISSUER: oidc.issuer, OIDC_CLIENT_ID: 'sign-in-test', APP_ORIGIN: api.url });
  resetConfigForTests();
}, 120_000);
afterAll(async () => {
  await oidc?.stop();
});

const location = (res: Response) => new URL(res.headers.get('location')!, api.url).href;

/** Starts a sign-in in `browser` and signs in at the provider; returns the callback URL, not yet followed. */
const signInAtProvider = async (browser: Browser, email: string): Promise<string> => (await signInWith(browser, { appUrl: api.url, issuer: oidc.issuer }, email)).callbackUrl;

const SIGN_IN_START = () => `${api.url}/api/auth/signin`;

describe('sign-in callback', () => {
  it('signs in the browser that started the sign-in and deletes its previous session', async () => {
    const browser = new Browser();
    const old = await createSession('U-broker');
    browser.cookies.set('lc_session', old.token);
    const callback = await signInAtProvider(browser, 'captive@leadportal.example.com');
    const res = await browser.get(callback);
    expect(res.status).toBe(302);
    expect(location(res)).toBe(`${api.url}/`);
    const token = browser.cookies.get('lc_session')!;
    expect(token).not.toBe(old.token);
    expect((await findSession(token))?.userId).toBe('U-captive');
    expect(await findSession(old.token)).toBeUndefined();
  });

  it("does not sign a victim into the attacker's account with the attacker's callback URL (no sign-in cookie)", async () => {
    const attacker = new Browser();
    const callback = await signInAtProvider(attacker, 'broker@leadportal.example.com');
    const victim = new Browser();
    const res = await victim.get(callback);
    expect(res.status).toBe(302);
    expect(location(res)).toBe(SIGN_IN_START());
    expect(victim.cookies.get('lc_session')).toBeUndefined();
  });

  it("refuses the attacker's callback URL in a browser whose own sign-in cookie does not match", async () => {
    const attacker = new Browser();
    const callback = await signInAtProvider(attacker, 'broker@leadportal.example.com');
    const victim = new Browser();
    await victim.get(`${api.url}/api/auth/signin`);
    const res = await victim.get(callback);
    expect(location(res)).toBe(SIGN_IN_START());
    expect(victim.cookies.get('lc_session')).toBeUndefined();
  });

  it('sends a repeated callback back to sign-in without a new session', async () => {
    const browser = new Browser();
    const callback = await signInAtProvider(browser, 'captive@leadportal.example.com');
    const cookies = new Map(browser.cookies);
    expect((await browser.get(callback)).status).toBe(302);
    const replay = new Browser();
    for (const [k, v] of cookies) replay.cookies.set(k, v);
    const res = await replay.get(callback);
    expect(location(res)).toBe(SIGN_IN_START());
    expect(replay.cookies.get('lc_session')).toBeUndefined();
  });

  it.each([
    ['a forged code', (u: URL) => u.searchParams.set('code', 'forged-code-0123456789')],
    ['a missing code', (u: URL) => u.searchParams.delete('code')],
    ['a wrong issuer', (u: URL) => u.searchParams.set('iss', 'http://evil.example.com')],
    ['a provider error', (u: URL) => u.searchParams.set('error', 'access_denied')],
  ])('sends %s back to sign-in, never a 500', async (_case, edit) => {
    const browser = new Browser();
    const callback = new URL(await signInAtProvider(browser, 'captive@leadportal.example.com'));
    edit(callback);
    const res = await browser.get(callback.href);
    expect(res.status).toBe(302);
    expect(location(res)).toBe(SIGN_IN_START());
    expect(browser.cookies.get('lc_session')).toBeUndefined();
  });

  it('sets the sign-in cookie HttpOnly, short-lived and scoped to the auth routes', async () => {
    const res = await fetch(`${api.url}/api/auth/signin`, { redirect: 'manual' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lc_auth='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    expect(cookie).toMatch(/Max-Age=600/);
  });
});

describe('sign-out', () => {
  const signOut = (method: string, token: string, origin?: string) =>
    fetch(`${api.url}/api/auth/signout`, { method, redirect: 'manual', headers: { cookie: `lc_session=${token}`, ...(origin ? { origin } : {}) } });

  it('is not done by following a link (GET)', async () => {
    const { token } = await createSession('U-captive');
    const res = await signOut('GET', token);
    expect(res.status).not.toBe(302);
    expect(await findSession(token)).toBeDefined();
  });

  it('is refused from another site', async () => {
    const { token } = await createSession('U-captive');
    expect((await signOut('POST', token, 'https://evil.example.com')).status).toBe(403);
    expect((await signOut('POST', token)).status).toBe(403);
    expect(await findSession(token)).toBeDefined();
  });

  it('by POST from the site ends the session and returns to the sign-in start', async () => {
    const { token } = await createSession('U-captive');
    const res = await signOut('POST', token, api.url);
    expect(res.status).toBe(302);
    expect(location(res)).toBe(SIGN_IN_START());
    expect(res.headers.getSetCookie().some((c) => /^lc_session=;/.test(c))).toBe(true);
    expect(await findSession(token)).toBeUndefined();
  });
});
