// The embedded OpenID Connect provider of the local stack: a standards-compliant issuer (oidc-provider)
// with a sign-in page for the demo accounts. In AWS the Cognito user pool plays this part; the auth
// area's client code is the same for both.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import { Provider, type Configuration } from 'oidc-provider';
import { LocalOidcStore } from './oidc-store.ts';

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
}

/** The demo accounts' shared password, for the local provider only (overridable by DEMO_PASSWORD). */
export const DEFAULT_DEMO_PASSWORD = 'LeadPortal!2026';

export async function startLocalOidc(opts: LocalOidcOptions): Promise<{ issuer: string; stop: () => Promise<void> }> {
  const issuer = `http://localhost:${opts.port}`;
  // A fresh signing key per start: ID tokens only need to verify while this process runs.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
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
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ttl: { Session: 8 * 3600, Interaction: 3600, Grant: 8 * 3600, AuthorizationCode: 60, IdToken: 3600, AccessToken: 3600 },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'POST' && match[2]) {
        const form = new URLSearchParams(await readBody(req));
        const email = (form.get('email') ?? '').trim();
        const account = email ? await opts.findByEmail(email) : undefined;
        if (!account || form.get('password') !== opts.password) {
          return sendHtml(res, 200, loginPage(details.uid, email, 'Incorrect email or password.'));
        }
        return await provider.interactionFinished(req, res, { login: { accountId: account.userId } }, { mergeWithLastSubmission: false });
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

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
