// The short-lived state of a sign-in in progress (state and PKCE verifier), kept server-side between
// /auth/signin and /auth/callback and consumed once.
import { AuthState } from '#entities/auth-state.ts';
import { ConditionFailed } from '#platform/db.ts';

const STATE_MINUTES = 10;

export async function saveAuthState(state: string, codeVerifier: string, now = Date.now()): Promise<void> {
  await AuthState.put({ state, codeVerifier, ttl: Math.floor(now / 1000) + STATE_MINUTES * 60 });
}

/** Returns the verifier and deletes the state, so a callback URL cannot be replayed. */
export async function takeAuthState(state: string, now = Date.now()): Promise<string | undefined> {
  if (!/^[\w-]{10,200}$/.test(state)) return undefined;
  try {
    const taken = await AuthState.delete(
      { state },
      {
        condition: { expression: 'attribute_exists(pk) AND #ttl > :now', names: { '#ttl': 'ttl' }, values: { ':now': Math.floor(now / 1000) } },
        returnOld: true,
      },
    );
    return taken?.codeVerifier;
  } catch (err) {
    if (err instanceof ConditionFailed) return undefined;
    throw err;
  }
}
