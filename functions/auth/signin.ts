// GET /api/auth/signin: starts the authorization code flow with PKCE at the identity provider.
import { redirect, route } from '#platform/http.ts';
import { saveAuthState } from '#core/auth/auth-states.ts';
import { startSignIn } from './oidc-client.ts';

export const signIn = route('auth.signin', {
  handle: async () => {
    const start = await startSignIn();
    await saveAuthState(start.state, start.codeVerifier);
    return redirect(start.url.href);
  },
});
