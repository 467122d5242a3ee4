// POST /api/auth/signout: deletes the server-side session (an old cookie stops working at once), clears
// the cookie and returns to the sign-in start. POST from the site's own pages only: a link, an image or
// another site's form must not sign anyone out.
import { Forbidden } from '#platform/errors.ts';
import { redirect, route } from '#platform/http.ts';
import { clearedSessionCookie, deleteSession, readCookie, SESSION_COOKIE } from '#core/identity/sessions.ts';
import { oidcSettings } from './oidc-client.ts';

export const signOut = route('auth.signout', {
  handle: async ({ event }) => {
    const { appOrigin } = oidcSettings();
    if (event.headers?.origin !== appOrigin) throw new Forbidden('Cross-site request refused.');
    const token = readCookie(event.cookies, event.headers?.cookie, SESSION_COOKIE);
    if (token) await deleteSession(token);
    return redirect(`${appOrigin}/api/auth/signin`, [clearedSessionCookie(appOrigin)]);
  },
});
