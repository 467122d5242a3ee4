// The embedded OpenID Connect provider of the local stack: a standards-compliant issuer (oidc-provider)
// with a sign-in page for the demo accounts. In AWS the Cognito user pool plays this part; the auth
// area's client code is the same for both. Like Cognito with TOTP MFA, it asks an account with an
// authenticator app enrolled for a code after the password, and answers the user API calls the auth
// area makes with an access token (oidc-mfa.ts).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import { Provider, type Configuration } from 'oidc-provider';
import { COGNITO_USER_SCOPE, DEMO_TOTP_SECRET, LocalMfa, userApiCall } from './oidc-mfa.ts';
import { LocalOidcStore } from './oidc-store.ts';
import { totpCode, totpMatches } from './totp.ts';

export interface LocalAccount {
  userId: string;
  email: string;
  name: string;
}

export interface LocalOidcOptions {
  port: number;
  /** Where the app's auth area lives, e.g. http://localhost:5173 (callback /api/auth/callback). */
  appOrigin: string;
  clientId: string;
  /** The demo accounts' one shared password (local only; see the README). */
  password: string;
  findByEmail: (email: string) => Promise<LocalAccount | undefined>;
  findById: (userId: string) => Promise<LocalAccount | undefined>;
  /** Authenticator app enrolments (none without it). */
  mfa?: LocalMfa;
}

/** The demo accounts' shared password, for the local provider only (overridable by DEMO_PASSWORD). */
export const DEFAULT_DEMO_PASSWORD = 'LeadPortal!2026';

export async function startLocalOidc(opts: LocalOidcOptions): Promise<{ issuer: string; stop: () => Promise<void> }> {
  const issuer = `http://localhost:${opts.port}`;
  // A fresh signing key per start: ID tokens only need to verify while this process runs.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const mfa = opts.mfa ?? new LocalMfa();
  // Sign-ins whose password was right and that now wait for an authenticator code, by interaction.
  const awaitingCode = new Map<string, { accountId: string; expiresAt: number }>();
  const configuration: Configuration = {
    adapter: LocalOidcStore,
    jwks: { keys: [{ ...(await exportJWK(privateKey)), use: 'sig', alg: 'RS256', kid: randomBytes(8).toString('hex') }] },
    clients: [
      {
        client_id: opts.clientId,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [`${opts.appOrigin}/api/auth/callback`],
        post_logout_redirect_uris: [`${opts.appOrigin}/api/auth/signin`],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Cognito's scope for the user's own account calls (the MFA set-up uses it), as the user pool client offers.
    scopes: ['openid', 'offline_access', COGNITO_USER_SCOPE],
    // Put the requested claims in the ID token, as Cognito does, so the app needs no userinfo call.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const account = await opts.findById(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: account.email, email_verified: true, name: account.name }),
      };
    },
    // The portal is a first-party client: grant what it asks for without a consent screen.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        accountId: ctx.oidc.session!.accountId!,
        clientId: ctx.oidc.client!.clientId,
      });
      grant.addOIDCScope(`openid email profile ${COGNITO_USER_SCOPE}`);
      await grant.save();
      return grant;
    },
    ttl: { Session: 8 * 3600, Interaction: 3600, Grant: 8 * 3600, AuthorizationCode: 60, IdToken: 3600, AccessToken: 3600 },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  const accountOfToken = async (value: string) => {
    const token = await provider.AccessToken.find(value);
    const account = token?.accountId ? await opts.findById(token.accountId) : undefined;
    return account && { userId: account.userId, email: account.email, scopes: (token!.scope ?? '').split(' ') };
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const target = req.headers['x-amz-target'];
    if (req.method === 'POST' && url.pathname === '/' && typeof target === 'string') {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      } catch {
        // An unreadable body is answered as a missing token below.
      }
      const answer = await userApiCall(mfa, target, body, accountOfToken);
      res.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.1' });
      return res.end(JSON.stringify(answer.body));
    }
    const match = /^\/interaction\/([\w-]+)(\/login|\/totp)?$/.exec(url.pathname);
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'POST' && match[2] === '/login') {
        const form = new URLSearchParams(await readBody(req));
        const email = (form.get('email') ?? '').trim();
        const account = email ? await opts.findByEmail(email) : undefined;
        if (!account || form.get('password') !== opts.password) {
          return sendHtml(res, 200, loginPage(details.uid, email, 'Incorrect email or password.'));
        }
        const secret = mfa.enabledSecret(account.userId);
        if (secret) {
          awaitingCode.set(details.uid, { accountId: account.userId, expiresAt: Date.now() + 5 * 60_000 });
          return sendHtml(res, 200, codePage(details.uid, secret === DEMO_TOTP_SECRET ? totpCode(secret) : '', ''));
        }
        return await provider.interactionFinished(req, res, { login: { accountId: account.userId, amr: ['pwd'] } }, { mergeWithLastSubmission: false });
      }
      if (req.method === 'POST' && match[2] === '/totp') {
        const waiting = awaitingCode.get(details.uid);
        if (!waiting || waiting.expiresAt < Date.now()) {
          awaitingCode.delete(details.uid);
          return sendHtml(res, 200, loginPage(details.uid, '', 'Sign in again.'));
        }
        const code = (new URLSearchParams(await readBody(req)).get('code') ?? '').trim();
        const secret = mfa.enabledSecret(waiting.accountId);
        if (!secret || !totpMatches(secret, code)) return sendHtml(res, 200, codePage(details.uid, '', 'Incorrect authenticator code.'));
        awaitingCode.delete(details.uid);
        const login = { accountId: waiting.accountId, amr: ['pwd', 'otp', 'mfa'] };
        return await provider.interactionFinished(req, res, { login }, { mergeWithLastSubmission: false });
      }
      return sendHtml(res, 200, loginPage(details.uid, '', ''));
    } catch (err) {
      return sendHtml(res, 400, `<p>Sign-in request expired or invalid. <a href="${opts.appOrigin}/api/auth/signin">Start again</a>.</p><!-- ${escapeHtml(String(err))} -->`);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  return {
    issuer,
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendHtml(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sign in</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f3f5;display:flex;justify-content:center;padding-top:10vh}
main{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15);width:320px}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1.25rem;width:100%;padding:.6rem;background:#1c7ed6;color:#fff;border:0;border-radius:4px;font-weight:600;cursor:pointer}
.error{color:#c92a2a}</style></head><body><main>${body}</main></body></html>`);
}

function loginPage(uid: string, email: string, error: string): string {
  return `<h1>Lead Portal</h1><p>Local sign-in for the demo accounts.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${uid}/login">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>`;
}

function codePage(uid: string, demoCode: string, error: string): string {
  return `<h1>Lead Portal</h1><p>Enter the 6-digit code from your authenticator app.</p>
${demoCode ? '<p>Local demo account: its current code is filled in.</p>' : ''}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${uid}/totp">
<label for="code">Authenticator code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" required autofocus value="${escapeHtml(demoCode)}">
<button type="submit">Verify</button></form>`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
