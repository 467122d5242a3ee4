// POST /api/alerts/unsubscribe?token=: the one-click unsubscribe of an e-mail or SMS alert, without
// signing in. The token is the authentication: an HMAC of one agent and one channel under the server's
// secret, checked before anything is read; it turns that channel off and nothing else. A mail client's
// RFC 8058 POST (`List-Unsubscribe=One-Click`, form-encoded) and the portal's confirmation page both
// land here; the body is ignored. A GET changes nothing (link scanners follow links).
import { unsubscribeByToken } from '#core/alerts/alert-settings.ts';
import { alertTokenSecret } from '#core/alerts/alert-token.ts';
import { ok, route } from '#platform/http.ts';

export const unsubscribeAlerts = route('account.unsubscribeAlerts', {
  handle: async ({ query }) => {
    const { channel } = await unsubscribeByToken(query.token, await alertTokenSecret());
    return ok({ Channel: channel, Unsubscribed: true as const });
  },
});
