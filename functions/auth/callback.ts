// GET /api/auth/callback: the provider's redirect; exchanges the code, opens a server-side session
// for the portal user with the verified e-mail, and sends the browser to the home page.
import { file, redirect, route } from '#platform/http.ts';
import { logger } from '#platform/logger.ts';
import { takeAuthState } from '#core/auth/auth-states.ts';
import { createSession, sessionCookie } from '#core/auth/sessions.ts';
import { findUserByEmail, recordLogin } from '#core/users.ts';
import { finishSignIn, oidcSettings } from './oidc-client.ts';

export const callback = route('auth.callback', {
  handle: async ({ query, event }) => {
    const { appOrigin, redirectUri } = oidcSettings();
    const verifier = query.state ? await takeAuthState(query.state) : undefined;
    // An expired, replayed or provider-refused sign-in simply starts again.
    if (!query.state || !verifier || query.error) return redirect(`${appOrigin}/api/auth/signin`);
    const identity = await finishSignIn(new URL(`${redirectUri}?${event.rawQueryString}`), { state: query.state, codeVerifier: verifier });
    const user = await findUserByEmail(identity.email);
    if (!user) {
      logger.warn('Sign-in by an identity with no portal user', { subject: identity.subject });
      return {
        ...file('<!doctype html><title>No access</title><p>There is no portal account for this sign-in. Contact support.</p>', 'text/html; charset=utf-8'),
        status: 403,
      };
    }
    const { token, session } = await createSession(user.userId);
    await recordLogin(user);
    return redirect(`${appOrigin}/`, [sessionCookie(token, session, appOrigin)]);
  },
});
