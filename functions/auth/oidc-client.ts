// The OpenID Connect client of the auth area: the same code talks to the embedded local provider and
// to Cognito in AWS; only the issuer URL and client id differ (OIDC_ISSUER, OIDC_CLIENT_ID).
import * as oidc from 'openid-client';
import { z } from 'zod';
import { onForget } from '#platform/held.ts';

const schema = z.object({
  OIDC_ISSUER: z.url(),
  OIDC_CLIENT_ID: z.string().min(1),
  APP_ORIGIN: z.url().default('http://localhost:5173'),
});

/** The scope of Cognito's user API (idp-user-api.ts), asked for at every sign-in. */
export const USER_API_SCOPE = 'aws.cognito.signin.user.admin';

let settings: { issuer: string; clientId: string; appOrigin: string; redirectUri: string; localIssuer: boolean } | undefined;
onForget(() => {
  settings = undefined;
  discovered = undefined;
});

/**
 * The OIDC settings, checked on the auth area's first request (a missing variable fails that request
 * loudly); read lazily so tools that only list the routes need no provider.
 */
export function oidcSettings() {
  if (!settings) {
    const env = schema.parse(process.env);
    const appOrigin = env.APP_ORIGIN.replace(/\/$/, '');
    settings = {
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      appOrigin,
      redirectUri: `${appOrigin}/api/auth/callback`,
      // Plain http is allowed only for an issuer on this machine (the local provider).
      localIssuer: /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/.test(env.OIDC_ISSUER),
    };
  }
  return settings;
}

let discovered: Promise<oidc.Configuration> | undefined;

/** Discovery runs once per cold start; a failure is retried on the next request. */
function configuration(): Promise<oidc.Configuration> {
  const { issuer, clientId, localIssuer } = oidcSettings();
  discovered ??= oidc
    .discovery(new URL(issuer), clientId, undefined, oidc.None(), localIssuer ? { execute: [oidc.allowInsecureRequests] } : undefined)
    .catch((err: unknown) => {
      discovered = undefined;
      throw err;
    });
  return discovered;
}

export interface AuthStart {
  url: URL;
  state: string;
  codeVerifier: string;
}

/** The provider's sign-in URL for an authorization code flow with PKCE. */
export async function startSignIn(): Promise<AuthStart> {
  const config = await configuration();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: oidcSettings().redirectUri,
    // The user API scope lets the server read the user's MFA settings and set up an authenticator
    // app with the access token, which never leaves the server.
    scope: `openid email profile ${USER_API_SCOPE}`,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    // Always ask for credentials, so signing out of the portal lets another demo user sign in.
    prompt: 'login',
  });
  return { url, state, codeVerifier };
}

export interface SignedIn {
  email: string;
  subject: string;
  /** For the provider's user API (idp-user-api.ts); kept on the server only. */
  accessToken: string;
}

/** Exchange the code from the callback URL; returns the verified e-mail of the person who signed in. */
export async function finishSignIn(callbackUrl: URL, expected: { state: string; codeVerifier: string }): Promise<SignedIn> {
  const config = await configuration();
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: expected.codeVerifier,
    expectedState: expected.state,
  });
  const claims = tokens.claims();
  const email = typeof claims?.email === 'string' ? claims.email : undefined;
  if (!claims || !email) throw new Error('The ID token carries no e-mail claim');
  return { email, subject: claims.sub, accessToken: tokens.access_token };
}
