// The vendor partner portal's foundation (issue 24) through the real gateway, handlers and local OIDC
// provider against DynamoDB Local: the administrator invited from the vendor form becomes a vendor user,
// signs in with MFA and lands in the partner portal; a vendor user reaches only their own vendor on every
// /partner route; administrators invite, change roles and remove colleagues (never the last
// administrator); read-only users only read; the Integration screen lists the campaigns' required fields
// and rotates the token, which intake then takes.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_MESSAGES } from '#shared/api/partner.ts';
import { SANDBOX_TOKEN_PREFIX } from '#shared/sandbox.ts';
import { ROUTES, type RouteDef } from '#shared/manifest.ts';
import { LocalMfa } from '../../infra/local/oidc-mfa.ts';
import { totpCode } from '../../infra/local/totp.ts';
import { resetConfigForTests } from '../../functions/platform/config.ts';
import { ORIGIN, useApiHarness, type Session } from '../support/api-harness.ts';
import { Browser, signInAtProvider, startTestOidc } from '../support/oidc-sign-in.ts';

const api = useApiHarness();

const { findSession } = await import('../../functions/core/identity/sessions.ts');
const { findUserByEmail } = await import('../../functions/core/identity/users.ts');
const { DEMO_VENDOR_USERS, DEMO_PARTNER_VENDOR_ID } = await import('#core/seed/demo-users.ts');
const { stableId } = await import('#core/seed/ids.ts');
const { vendorForToken } = await import('#core/catalogue/vendor-token.ts');
const { DEMO_VENDOR_TOKEN } = await import('#core/seed/vendors.ts');
const { User } = await import('#entities/user.ts');
const { UniqueValue } = await import('#entities/unique-value.ts');
const { Vendor } = await import('#entities/vendor.ts');

const ACME = DEMO_PARTNER_VENDOR_ID;
const BLUE = stableId('vendor', 'BLUE');
const partnerRoutes = (ROUTES as readonly RouteDef[]).filter((r) => r.area === 'partner');

let mailDir: string;
let oidc: { issuer: string; stop: () => Promise<void> };
beforeAll(async () => {
  mailDir = await mkdtemp(path.join(os.tmpdir(), 'partner-mail-'));
  process.env.LOCAL_MAIL_DIR = mailDir;
  oidc = await startTestOidc(api.url, 'partner-test', new LocalMfa());
  Object.assign(process.env, { OIDC_ISSUER: oidc.issuer, OIDC_CLIENT_ID: 'partner-test' });
  resetConfigForTests();
}, 120_000);
afterAll(async () => {
  await oidc?.stop();
  delete process.env.LOCAL_MAIL_DIR;
  await rm(mailDir, { recursive: true, force: true });
});

const vendorAdmin = () => api.sessionOf(DEMO_VENDOR_USERS.find((u) => u.vendorRole === 'admin')!.userId);
const vendorReader = () => api.sessionOf(DEMO_VENDOR_USERS.find((u) => u.vendorRole === 'readOnly')!.userId);

/** The mails written to this file's mail directory to `to`. */
async function mailsTo(to: string): Promise<string[]> {
  const all = await Promise.all((await readdir(mailDir)).map((f) => readFile(path.join(mailDir, f), 'utf8')));
  return all.filter((m) => m.toLowerCase().includes(`to: ${to.toLowerCase()}`));
}

/** A concrete path of a partner route for `vendorId` (other parameters plausible). */
const pathOf = (route: RouteDef, vendorId: string) => route.path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'vendorId' ? vendorId : 'X1'));
const statusOf = async (route: RouteDef, vendorId: string, session: Session) =>
  (await api.fetch(route.method, pathOf(route, vendorId), { session, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }) })).status;

/** Signs in at the local provider (a code of `totpSecret` when asked) and answers the app's callback. */
async function signIn(browser: Browser, email: string, totpSecret?: string): Promise<Response> {
  const { callbackUrl } = await signInAtProvider(browser, { appUrl: api.url, issuer: oidc.issuer }, email, totpSecret);
  return browser.get(callbackUrl);
}

const where = (res: Response) => new URL(res.headers.get('location')!, api.url).href;

const ADMIN_EMAIL = 'Dana.Admin@BlueSky.example.com';

describe('the administrator invited from the vendor form', () => {
  const email = ADMIN_EMAIL;

  it('becomes an admin user of the vendor, and the invitation links to the welcome page', async () => {
    const res = await api.call('vendors.assignAdmin', { session: await api.sessionFor('admin'), params: { vendorId: BLUE, email, role: '3' } });
    expect(res.status).toBe(200);
    expect(await findUserByEmail(email)).toMatchObject({ kind: 'vendor', vendorId: BLUE, vendorRole: 'admin', invitedBy: 'admin@leadportal.example.com' });
    const [mail] = await mailsTo(email);
    expect(mail).toContain('Primary Partner Portal Administrator of BlueSky Marketing');
    expect(mail).toContain(`${ORIGIN}/partner/welcome`);
  });

  it('cannot be a staff or agent user, nor another vendor’s user: 409 with the reason', async () => {
    const session = await api.sessionFor('admin');
    const staff = await api.call('vendors.assignAdmin', { session, params: { vendorId: BLUE, email: 'manager@leadportal.example.com', role: '3' } });
    expect(staff.status).toBe(409);
    expect(staff.errors).toEqual([PARTNER_MESSAGES.staffOrAgent]);
    const other = await api.call('vendors.assignAdmin', { session, params: { vendorId: BLUE, email: DEMO_VENDOR_USERS[0]!.email, role: '3' } });
    expect(other.status).toBe(409);
    expect(other.errors).toEqual([PARTNER_MESSAGES.otherVendor]);
    expect((await Vendor.get({ vendorId: BLUE }))?.adminEmail).toBe(email);
  });

  it("makes the vendor's existing read-only user its administrator instead of a second user", async () => {
    const admin = await vendorAdmin();
    const invited = await api.call('partner.inviteUser', { session: admin, params: { vendorId: ACME }, body: { Email: 'promote.me@acmeleads.example.com', Role: 'readOnly' } });
    expect(invited.status).toBe(201);
    await api.call('vendors.assignAdmin', { session: await api.sessionFor('admin'), params: { vendorId: ACME, email: 'promote.me@acmeleads.example.com', role: '3' } });
    const users = await User.query.ofVendor(ACME).all();
    expect(users.filter((u) => u.email === 'promote.me@acmeleads.example.com')).toEqual([expect.objectContaining({ vendorRole: 'admin' })]);
  });
});

describe('the invited administrator signing in', () => {
  // The provider sends the browser back to the app's own origin, here the gateway's.
  beforeAll(() => {
    process.env.APP_ORIGIN = api.url;
    resetConfigForTests();
  });
  afterAll(() => {
    delete process.env.APP_ORIGIN;
    resetConfigForTests();
  });

  it('signs in through the provider, must set up an authenticator app first, then lands in the partner portal', async () => {
    const first = new Browser();
    const refused = await signIn(first, ADMIN_EMAIL);
    expect(where(refused)).toBe(`${api.url}/mfaRequired`);
    expect(refused.headers.getSetCookie().some((c) => c.startsWith('lc_session='))).toBe(false);

    const started = await first.json(`${api.url}/api/auth/mfa/setup`, undefined);
    expect(started.status).toBe(200);
    const { SecretCode } = (await started.json()) as { SecretCode: string };
    expect((await first.json(`${api.url}/api/auth/mfa/verify`, { Code: totpCode(SecretCode) })).status).toBe(200);

    const browser = new Browser();
    const callback = await signIn(browser, ADMIN_EMAIL, SecretCode);
    expect(where(callback)).toBe(`${api.url}/partner`);
    const session = await findSession(browser.cookies.get('lc_session')!);
    const user = await findUserByEmail(ADMIN_EMAIL);
    expect(session?.userId).toBe(user!.userId);

    const me = await api.call('me.get', { session: { cookie: `lc_session=${browser.cookies.get('lc_session')}`, userId: user!.userId } });
    expect(me.body).toMatchObject({ Kind: 'vendor', Vendor: { VendorId: BLUE, Name: 'BlueSky Marketing', Role: 'admin' }, Permissions: [], Roles: ['vendor', 'vendorAdmin'], AgentId: null });
  });

});

describe('own vendor, on every partner route', () => {
  it("refuses a vendor administrator every route of another vendor with 403", async () => {
    const session = await vendorAdmin();
    const wrong: string[] = [];
    for (const route of partnerRoutes) {
      const status = await statusOf(route, BLUE, session);
      if (status !== 403) wrong.push(`${route.method} ${route.path}: ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses agents every partner route, and staff without CAN_EDIT_VENDORS every change, with 403', async () => {
    const agent = await api.sessionFor('captive agent');
    const manager = await api.sessionFor('manager');
    const wrong: string[] = [];
    for (const route of partnerRoutes) {
      const byAgent = await statusOf(route, ACME, agent);
      if (byAgent !== 403) wrong.push(`agent ${route.method} ${route.path}: ${byAgent}`);
      const byManager = await statusOf(route, ACME, manager);
      if ((route.method === 'GET') === (byManager === 403)) wrong.push(`manager ${route.method} ${route.path}: ${byManager}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a read-only user every change of their own vendor with 403, and lets them read', async () => {
    const session = await vendorReader();
    for (const route of partnerRoutes) {
      const status = await statusOf(route, ACME, session);
      if (route.method === 'GET') expect([401, 403], route.id).not.toContain(status);
      else expect(status, route.id).toBe(403);
    }
  });

  it('refuses a vendor user the agent and staff portal’s routes, but answers GET /me', async () => {
    const session = await vendorAdmin();
    expect((await api.fetch('GET', '/vendor', { session })).status).toBe(403);
    expect((await api.fetch('GET', '/accountsummary', { session })).status).toBe(403);
    expect((await api.fetch('GET', '/address/isvalidzipcode/78701', { session })).status).toBe(403);
    expect((await api.call('me.get', { session })).status).toBe(200);
  });
});

describe('users', () => {
  it('lists the vendor’s users, and only them', async () => {
    const res = await api.call('partner.users', { session: await vendorReader(), params: { vendorId: ACME } });
    const emails = res.body.Users.map((u) => u.Email);
    expect(emails).toEqual(expect.arrayContaining(DEMO_VENDOR_USERS.map((u) => u.email)));
    expect(emails).not.toContain('Dana.Admin@BlueSky.example.com');
  });

  it('invites a colleague as read-only: the user, the address guard and an invitation e-mail', async () => {
    const res = await api.call('partner.inviteUser', { session: await vendorAdmin(), params: { vendorId: ACME }, body: { Email: 'new.colleague@acmeleads.example.com', Name: 'New Colleague', Role: 'readOnly' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ Email: 'new.colleague@acmeleads.example.com', Name: 'New Colleague', Role: 'readOnly', InvitedBy: 'vendoradmin@acmeleads.example.com' });
    expect(await UniqueValue.get({ kind: 'USER_EMAIL', value: 'new.colleague@acmeleads.example.com' })).toMatchObject({ ownerId: res.body.UserId });
    const [mail] = await mailsTo('new.colleague@acmeleads.example.com');
    expect(mail).toContain('a read-only user of Acme Leads');
    expect(mail).toContain(`${ORIGIN}/partner/welcome`);
  });

  it('refuses to invite an address that is already a user (409), or a malformed one (400)', async () => {
    const session = await vendorAdmin();
    const again = await api.call('partner.inviteUser', { session, params: { vendorId: ACME }, body: { Email: DEMO_VENDOR_USERS[1]!.email, Role: 'admin' } });
    expect(again.status).toBe(409);
    expect(again.errors).toEqual([PARTNER_MESSAGES.alreadyUser]);
    const agent = await api.call('partner.inviteUser', { session, params: { vendorId: ACME }, body: { Email: 'captive@leadportal.example.com', Role: 'admin' } });
    expect(agent.errors).toEqual([PARTNER_MESSAGES.staffOrAgent]);
    const bad = await api.fetch('POST', `/partner/${ACME}/users`, { session, body: { Email: 'nope', Role: 'owner' } });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual(expect.arrayContaining([PARTNER_MESSAGES.invalidEmail, PARTNER_MESSAGES.roleRequired]));
    for (const body of [{ Role: 'readOnly' }, { Email: null, Role: 'readOnly' }]) {
      const missing = await api.fetch('POST', `/partner/${ACME}/users`, { session, body });
      expect([missing.status, missing.errors]).toEqual([400, [PARTNER_MESSAGES.invalidEmail]]);
    }
  });

  it('changes a role, and never demotes or removes the last administrator, themselves included', async () => {
    // A vendor of its own, so the count of administrators is this test's.
    const session = await api.sessionFor('admin');
    const vendorId = stableId('vendor', 'NWD');
    await api.call('vendors.assignAdmin', { session, params: { vendorId, email: 'only.admin@nwd.example.com', role: '3' } });
    const only = (await findUserByEmail('only.admin@nwd.example.com'))!;
    const own = await api.sessionOf(only.userId);

    const demote = await api.call('partner.updateUser', { session: own, params: { vendorId, userId: only.userId }, body: { Role: 'readOnly' } });
    expect(demote.status).toBe(409);
    expect(demote.errors).toEqual([PARTNER_MESSAGES.lastAdmin]);
    expect((await api.call('partner.removeUser', { session: own, params: { vendorId, userId: only.userId } })).status).toBe(409);

    const invited = await api.call('partner.inviteUser', { session: own, params: { vendorId }, body: { Email: 'second@nwd.example.com', Role: 'readOnly' } });
    const promoted = await api.call('partner.updateUser', { session: own, params: { vendorId, userId: invited.body.UserId }, body: { Role: 'admin' } });
    expect(promoted.body.Role).toBe('admin');
    // Now there is another administrator: the first may step down, and the second may remove them.
    expect((await api.call('partner.updateUser', { session: own, params: { vendorId, userId: only.userId }, body: { Role: 'readOnly' } })).status).toBe(200);
    // Stepped down, their open session is read-only at once, not after its copy of the user ages a minute.
    expect((await api.fetch('POST', `/partner/${vendorId}/token`, { session: own })).status).toBe(403);
    expect((await api.call('partner.users', { session: own, params: { vendorId } })).status).toBe(200);
    const second = await api.sessionOf(invited.body.UserId);
    expect((await api.call('partner.removeUser', { session: second, params: { vendorId, userId: only.userId } })).status).toBe(204);
    // Removed, their session is gone at once: no token rotated, no administrator invited in the minute after.
    expect((await api.fetch('POST', `/partner/${vendorId}/token`, { session: own })).status).toBe(401);
    expect((await api.fetch('POST', `/partner/${vendorId}/users`, { session: own, body: { Email: 'backdoor@nwd.example.com', Role: 'admin' } })).status).toBe(401);
    expect(await findUserByEmail('backdoor@nwd.example.com')).toBeUndefined();
    expect(await User.get({ userId: only.userId })).toBeUndefined();
    expect(await UniqueValue.get({ kind: 'USER_EMAIL', value: 'only.admin@nwd.example.com' })).toBeUndefined();
  });

  it("answers 404 for another vendor's user named under one's own vendor", async () => {
    const blueAdmin = (await findUserByEmail('Dana.Admin@BlueSky.example.com'))!;
    const res = await api.call('partner.updateUser', { session: await vendorAdmin(), params: { vendorId: ACME, userId: blueAdmin.userId }, body: { Role: 'readOnly' } });
    expect(res.status).toBe(404);
    expect((await User.get({ userId: blueAdmin.userId }))?.vendorRole).toBe('admin');
  });
});

describe('integration', () => {
  it("lists the vendor's campaigns with the fields their criteria require", async () => {
    const res = await api.call('partner.integration', { session: await vendorReader(), params: { vendorId: ACME } });
    expect(res.status).toBe(200);
    expect(res.body.Campaigns.map((c) => c.CampaignCode)).toEqual(expect.arrayContaining(['HWL', 'MIB', 'SUP']));
    expect(res.body.Campaigns.map((c) => c.CampaignCode)).not.toContain('LQ');
    for (const c of res.body.Campaigns) expect(c.RequiredFields).toEqual(expect.arrayContaining(['CampaignCode', 'VendorLeadId', 'FirstName', 'LastName', 'PrimaryPhone', 'StateCode', 'ZipCode', 'Consent']));
    expect(res.body.TokenLastFour).toMatch(/^.{4}$/);
  });

  it('rotates the token for an administrator: shown once, its last four kept, the old one refused by intake', async () => {
    expect((await vendorForToken(DEMO_VENDOR_TOKEN))?.vendorId).toBe(ACME);
    const res = await api.call('partner.rotateToken', { session: await vendorAdmin(), params: { vendorId: ACME } });
    expect(res.status).toBe(200);
    expect(res.body.Token.slice(-4)).toBe(res.body.TokenLastFour);
    expect((await vendorForToken(res.body.Token))?.vendorId).toBe(ACME);
    const after = (await api.call('partner.integration', { session: await vendorReader(), params: { vendorId: ACME } })).body;
    expect(after.TokenLastFour).toBe(res.body.TokenLastFour);
    expect(JSON.stringify(after)).not.toContain(res.body.Token);
    expect(await vendorForToken(DEMO_VENDOR_TOKEN)).toBeUndefined();
  });

  it('rotates the sandbox token for an administrator, leaving the real token as it is', async () => {
    const before = (await api.call('partner.integration', { session: await vendorReader(), params: { vendorId: ACME } })).body;
    const res = await api.call('partner.rotateSandboxToken', { session: await vendorAdmin(), params: { vendorId: ACME } });
    expect(res.status).toBe(200);
    const after = (await api.call('partner.integration', { session: await vendorReader(), params: { vendorId: ACME } })).body;
    expect(after.SandboxTokenLastFour).toBe(res.body.TokenLastFour);
    expect(after.TokenLastFour).toBe(before.TokenLastFour);
    expect(res.body.Token.startsWith(SANDBOX_TOKEN_PREFIX)).toBe(true);
    expect(res.body.Token.slice(-4)).toBe(res.body.TokenLastFour);
  });
});
