// Staff MFA (issue 7) through the real local OIDC provider and the real auth area: a staff user without
// an authenticator app gets no session but the page that says so and a set-up; an agent without one
// still signs in; a staff user with one answers the code prompt and signs in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_PASSWORD } from '../../infra/local/oidc.ts';
import { DEMO_TOTP_SECRET, LocalMfa } from '../../infra/local/oidc-mfa.ts';
import { totpCode } from '../../infra/local/totp.ts';
import { resetConfigForTests } from '../../functions/platform/config.ts';
import { useApiHarness } from '../support/api-harness.ts';
import { Browser, followProvider, signInAtProvider, startTestOidc } from '../support/oidc-sign-in.ts';

const api = useApiHarness();

const { createSession, findSession } = await import('../../functions/core/identity/sessions.ts');
const { User } = await import('#entities/user.ts');

const NEW_STAFF = { userId: 'U-mfa-new-support', email: 'new.support@leadportal.example.com', name: 'Nina New' };
let oidc: { issuer: string; stop: () => Promise<void> };

beforeAll(async () => {
  await User.put({
    ...NEW_STAFF,
    kind: 'staff',
    isAdmin: false,
    isManager: false,
    isLeadConnectHome: true,
    isSalesAssistant: false,
    isSponsorAgent: false,
    isFundPreview: false,
    createdAt: new Date().toISOString(),
  });
  // As the local stack does: the demo admin has the demo authenticator key enabled.
  oidc = await startTestOidc(api.url, 'staff-mfa-test', new LocalMfa({ enrolled: { 'U-admin': DEMO_TOTP_SECRET } }));
  Object.assign(process.env, { OIDC_ISSUER: oidc.issuer, OIDC_CLIENT_ID: 'staff-mfa-test', APP_ORIGIN: api.url });
  resetConfigForTests();
}, 120_000);
afterAll(async () => {
  await oidc?.stop();
});

const follow = (browser: Browser, res: Response) => followProvider(browser, res, oidc.issuer);

/**
 * Signs in at the provider with the password, and with a code of `totpSecret` when the provider asks
 * for one; then follows the app's callback and returns its answer.
 */
async function signIn(browser: Browser, email: string, totpSecret?: string): Promise<{ callback: Response; askedForCode: boolean }> {
  const { callbackUrl, askedForCode } = await signInAtProvider(browser, { appUrl: api.url, issuer: oidc.issuer }, email, totpSecret);
  return { callback: await browser.get(callbackUrl), askedForCode };
}

const where = (res: Response) => new URL(res.headers.get('location')!, api.url).href;

describe('staff MFA at sign-in', () => {
  it('refuses a session to a staff user without an authenticator app and sends the browser to the MFA page', async () => {
    const browser = new Browser();
    const earlier = await createSession('U-captive');
    browser.cookies.set('lc_session', earlier.token);
    const { callback } = await signIn(browser, NEW_STAFF.email);
    expect(callback.status).toBe(302);
    expect(where(callback)).toBe(`${api.url}/mfaRequired`);
    expect(callback.headers.getSetCookie().some((c) => c.startsWith('lc_session='))).toBe(false);
    // The browser's earlier session ends all the same: one browser, one session.
    expect(await findSession(earlier.token)).toBeUndefined();
    expect(browser.cookies.get('lc_mfa')).toBeDefined();
    expect(callback.headers.getSetCookie().find((c) => c.startsWith('lc_mfa='))).toMatch(/HttpOnly.*Path=\/api\/auth\/mfa|Path=\/api\/auth\/mfa.*HttpOnly/);
  });

  it('still signs in an agent without an authenticator app', async () => {
    const browser = new Browser();
    const { callback, askedForCode } = await signIn(browser, 'captive@leadportal.example.com');
    expect(askedForCode).toBe(false);
    expect(where(callback)).toBe(`${api.url}/`);
    expect((await findSession(browser.cookies.get('lc_session')!))?.userId).toBe('U-captive');
  });

  it('signs in a staff user with an authenticator app once the code is given', async () => {
    const browser = new Browser();
    const { callback, askedForCode } = await signIn(browser, 'admin@leadportal.example.com', DEMO_TOTP_SECRET);
    expect(askedForCode).toBe(true);
    expect(where(callback)).toBe(`${api.url}/`);
    expect((await findSession(browser.cookies.get('lc_session')!))?.userId).toBe('U-admin');
  });

  it('does not let a wrong code through the provider', async () => {
    const browser = new Browser();
    const start = await browser.get(`${api.url}/api/auth/signin`);
    const page = await follow(browser, await browser.get(start.headers.get('location')!));
    const uid = /action="\/interaction\/([\w-]+)\/login"/.exec(await page.text())![1]!;
    await browser.form(`${oidc.issuer}/interaction/${uid}/login`, { email: 'admin@leadportal.example.com', password: DEFAULT_DEMO_PASSWORD });
    const wrong = String((Number(totpCode(DEMO_TOTP_SECRET)) + 500_000) % 1_000_000).padStart(6, '0');
    const res = await browser.form(`${oidc.issuer}/interaction/${uid}/totp`, { code: wrong });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Incorrect authenticator code.');
  });
});

describe('staff MFA set-up', () => {
  const setup = (browser: Browser, origin?: string) => browser.json(`${api.url}/api/auth/mfa/setup`, undefined, origin);
  const verify = (browser: Browser, code: string) => browser.json(`${api.url}/api/auth/mfa/verify`, { Code: code });

  it('is refused without the refused sign-in’s cookie, and from another site', async () => {
    expect((await setup(new Browser())).status).toBe(403);
    const browser = new Browser();
    await signIn(browser, NEW_STAFF.email);
    expect((await setup(browser, 'https://evil.example.com')).status).toBe(403);
  });

  it('enables an authenticator app, after which the staff user signs in with its code', async () => {
    const browser = new Browser();
    await signIn(browser, NEW_STAFF.email);
    const started = await setup(browser);
    expect(started.status).toBe(200);
    const { SecretCode, OtpAuthUri, Email } = (await started.json()) as { SecretCode: string; OtpAuthUri: string; Email: string };
    expect(Email).toBe(NEW_STAFF.email);
    expect(OtpAuthUri).toContain(`secret=${SecretCode}`);

    const wrong = await verify(browser, String((Number(totpCode(SecretCode)) + 500_000) % 1_000_000).padStart(6, '0'));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { ErrorMessages: string[] }).ErrorMessages[0]).toMatch(/not right/);

    const done = await verify(browser, totpCode(SecretCode));
    expect(done.status).toBe(200);
    expect(browser.cookies.get('lc_mfa')).toBeUndefined();
    // The set-up is used up: its cookie no longer works even if kept.
    expect((await verify(browser, totpCode(SecretCode))).status).toBe(403);

    const again = new Browser();
    const { callback, askedForCode } = await signIn(again, NEW_STAFF.email, SecretCode);
    expect(askedForCode).toBe(true);
    expect(where(callback)).toBe(`${api.url}/`);
    expect((await findSession(again.cookies.get('lc_session')!))?.userId).toBe(NEW_STAFF.userId);
  });
});
