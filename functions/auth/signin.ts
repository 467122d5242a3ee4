// GET /api/auth/signin: starts the authorization code flow with PKCE at the identity provider, and binds
// it to this browser with a short-lived HttpOnly cookie carrying the state (checked at the callback).
import { redirect, route } from '#platform/http.ts';
import { saveAuthState } from '#core/identity/auth-states.ts';
import { authStateCookie } from '#core/identity/sessions.ts';
import { oidcSettings, startSignIn } from './oidc-client.ts';

export const signIn = route('auth.signin', {
  handle: async () => {
    const start = await startSignIn();
    await saveAuthState(start.state, start.codeVerifier);
    return redirect(start.url.href, [authStateCookie(start.state, oidcSettings().appOrigin)]);
  },
});
