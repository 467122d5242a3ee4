// POST /api/auth/mfa/setup and /api/auth/mfa/verify: a staff user refused a session for want of MFA
// sets up an authenticator app. Only the browser the refusal was sent to may (its lc_mfa cookie), only
// from the site's own pages, and only for ten minutes; the provider does the work with the refused
// sign-in's access token (Cognito: AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference).
import { Forbidden, ValidationFailed } from '#platform/errors.ts';
import { ok, route, type RequestContext } from '#platform/http.ts';
import { logger } from '#platform/logger.ts';
import { clearedMfaEnrolmentCookie, closeMfaEnrolment, findMfaEnrolment, MFA_COOKIE } from '#core/identity/mfa-enrolments.ts';
import { readCookie } from '#core/identity/sessions.ts';
import { associateTotp, IdpRefused, verifyAndEnableTotp } from './idp-user-api.ts';
import { oidcSettings } from './oidc-client.ts';

export const MFA_SETUP_EXPIRED = 'This set-up has expired. Sign in again to start it over.';
export const MFA_CODE_REFUSED = 'That code is not right. Enter the current 6-digit code from your authenticator app.';

/** The enrolment of this browser, from the site's own page; refused otherwise. */
async function enrolmentOf(event: RequestContext<unknown, unknown, unknown>['event']) {
  if (event.headers?.origin !== oidcSettings().appOrigin) throw new Forbidden('Cross-site request refused.');
  const token = readCookie(event.cookies, event.headers?.cookie, MFA_COOKIE);
  const enrolment = await findMfaEnrolment(token);
  if (!token || !enrolment) throw new Forbidden(MFA_SETUP_EXPIRED);
  return { token, enrolment };
}

/** An expired or revoked access token reads as an expired set-up: signing in again gives a fresh one. */
function expiredOr(err: unknown): never {
  if (err instanceof IdpRefused && err.type === 'NotAuthorizedException') throw new Forbidden(MFA_SETUP_EXPIRED);
  throw err;
}

export const mfaSetup = route('auth.mfaSetup', {
  handle: async ({ event }) => {
    const { enrolment } = await enrolmentOf(event);
    const secret = await associateTotp(enrolment.accessToken).catch(expiredOr);
    const label = encodeURIComponent(`Lead Portal:${enrolment.email}`);
    return ok({
      Email: enrolment.email,
      SecretCode: secret,
      OtpAuthUri: `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent('Lead Portal')}`,
    });
  },
});

export const mfaVerify = route('auth.mfaVerify', {
  handle: async ({ event, body }) => {
    const { token, enrolment } = await enrolmentOf(event);
    try {
      await verifyAndEnableTotp(enrolment.accessToken, body.Code);
    } catch (err) {
      if (err instanceof IdpRefused && ['EnableSoftwareTokenMFAException', 'CodeMismatchException'].includes(err.type))
        throw new ValidationFailed(MFA_CODE_REFUSED);
      expiredOr(err);
    }
    await closeMfaEnrolment(token);
    logger.info('Authenticator app enabled after a refused staff sign-in', { userId: enrolment.userId });
    return { ...ok({ Status: 'Enabled' as const }), cookies: [clearedMfaEnrolmentCookie(oidcSettings().appOrigin)] };
  },
});
