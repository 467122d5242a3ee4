// GET /api/auth/callback: the provider's redirect; exchanges the code, opens a server-side session
// for the portal user with the verified e-mail, and sends the browser to the home page. Only the
// browser that started the sign-in may finish it (its lc_auth cookie holds the state), and anything
// that does not add up (no or another browser's cookie, a replayed, forged or missing code, a wrong
// issuer, a provider error) starts the sign-in again rather than failing. Staff and vendor users must
// have an authenticator app (TOTP MFA) enabled at the provider, which then asks every sign-in for a code:
// such a user without one gets no session, but the page that says so and a ten-minute set-up (issues 7,
// 24). Vendor users land in the partner portal.
import { timingSafeEqual } from 'node:crypto';
import { file, redirect, route } from '#platform/http.ts';
import { logger } from '#platform/logger.ts';
import { takeAuthState } from '#core/identity/auth-states.ts';
import { AUTH_COOKIE, clearedAuthStateCookie, createSession, deleteSession, readCookie, SESSION_COOKIE, sessionCookie } from '#core/identity/sessions.ts';
import { mfaEnrolmentCookie, openMfaEnrolment } from '#core/identity/mfa-enrolments.ts';
import { findUserByEmail, recordLogin, type UserItem } from '#core/identity/users.ts';
import { mfaRequired } from '#shared/permissions.ts';
import { totpEnabled } from './idp-user-api.ts';
import { finishSignIn, oidcSettings, type SignedIn } from './oidc-client.ts';

/** The site's page for a staff sign-in refused for want of MFA (frontend/src/routes/_public/mfaRequired.tsx). */
export const MFA_REQUIRED_PAGE = '/mfaRequired';

/** Where a sign-in lands: vendor users in the partner portal (issue 24), everyone else on the portal's home page. */
export const PARTNER_LANDING_PAGE = '/partner';
export const landingPage = (user: Pick<UserItem, 'kind'>): string => (user.kind === 'vendor' ? PARTNER_LANDING_PAGE : '/');

const sameValue = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const callback = route('auth.callback', {
  handle: async ({ query, event }) => {
    const { appOrigin, redirectUri } = oidcSettings();
    const cookies = { list: event.cookies, header: event.headers?.cookie };
    const again = (reason: string) => {
      logger.warn('Sign-in callback refused; starting again', { reason });
      return redirect(`${appOrigin}/api/auth/signin`, [clearedAuthStateCookie(appOrigin)]);
    };
    const bound = readCookie(cookies.list, cookies.header, AUTH_COOKIE);
    if (query.error) return again('provider error');
    if (!query.state || !query.code) return again('no state or code');
    if (!bound || !sameValue(bound, query.state)) return again('state not bound to this browser');
    const verifier = await takeAuthState(query.state);
    if (!verifier) return again('unknown, expired or used state');
    let identity: SignedIn;
    try {
      identity = await finishSignIn(new URL(`${redirectUri}?${event.rawQueryString}`), { state: query.state, codeVerifier: verifier });
    } catch (err) {
      return again(`code exchange failed: ${err instanceof Error ? err.name : 'error'}`);
    }
    const user = await findUserByEmail(identity.email);
    if (!user) {
      logger.warn('Sign-in by an identity with no portal user', { subject: identity.subject });
      return {
        ...file('<!doctype html><title>No access</title><p>There is no portal account for this sign-in. Contact support.</p>', 'text/html; charset=utf-8'),
        status: 403,
        cookies: [clearedAuthStateCookie(appOrigin)],
      };
    }
    // One browser, one session: whatever session this browser still carries ends now, even when this
    // sign-in is refused below.
    const previous = readCookie(cookies.list, cookies.header, SESSION_COOKIE);
    if (previous) await deleteSession(previous);
    if (mfaRequired(user)) {
      let enrolled: boolean;
      try {
        enrolled = await totpEnabled(identity.accessToken);
      } catch (err) {
        return again(`MFA settings unreadable: ${err instanceof Error ? err.name : 'error'}`);
      }
      if (!enrolled) {
        logger.warn('Sign-in refused: no authenticator app enabled (staff or vendor user)', { userId: user.userId, kind: user.kind });
        const enrolment = await openMfaEnrolment(user, identity.accessToken);
        return redirect(`${appOrigin}${MFA_REQUIRED_PAGE}`, [mfaEnrolmentCookie(enrolment, appOrigin), clearedAuthStateCookie(appOrigin)]);
      }
    }
    const { token, session } = await createSession(user);
    await recordLogin(user);
    return redirect(`${appOrigin}${landingPage(user)}`, [sessionCookie(token, session, appOrigin), clearedAuthStateCookie(appOrigin)]);
  },
});
