// Staff MFA set-up (issue 7): a staff user whose sign-in was refused for want of an authenticator app
// gets ten minutes to enrol one, bound to that browser by an HttpOnly cookie. The access token of the
// refused sign-in stays on the server, in the enrolment record, and is used only for the set-up calls.
import { createHash, randomBytes } from 'node:crypto';
import { MfaEnrolment } from '#entities/mfa-enrolment.ts';
import type { UserItem } from '#core/identity/users.ts';
import { secureFor } from './sessions.ts';

export const MFA_COOKIE = 'lc_mfa';
export const MFA_ENROLMENT_SECONDS = 600;
const COOKIE_PATH = '/api/auth/mfa';

const idOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Opens a set-up for the user; the returned token goes into the browser's cookie. */
export async function openMfaEnrolment(user: Pick<UserItem, 'userId' | 'email'>, accessToken: string, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await MfaEnrolment.put({
    enrolmentId: idOf(token),
    userId: user.userId,
    email: user.email,
    accessToken,
    ttl: Math.floor(now / 1000) + MFA_ENROLMENT_SECONDS,
  });
  return token;
}

/** The live set-up of a cookie value, or undefined (unknown, or expired but not yet removed by TTL). */
export async function findMfaEnrolment(token: string | undefined, now = Date.now()): Promise<MfaEnrolment | undefined> {
  if (!token || !/^[\w-]{20,100}$/.test(token)) return undefined;
  const found = await MfaEnrolment.get({ enrolmentId: idOf(token) }, { consistent: true });
  return found && found.ttl > Math.floor(now / 1000) ? found : undefined;
}

export async function closeMfaEnrolment(token: string): Promise<void> {
  await MfaEnrolment.delete({ enrolmentId: idOf(token) });
}

export function mfaEnrolmentCookie(token: string, appOrigin: string): string {
  return `${MFA_COOKIE}=${token}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${MFA_ENROLMENT_SECONDS}${secureFor(appOrigin) ? '; Secure' : ''}`;
}

export function clearedMfaEnrolmentCookie(appOrigin: string): string {
  return `${MFA_COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=0${secureFor(appOrigin) ? '; Secure' : ''}`;
}
