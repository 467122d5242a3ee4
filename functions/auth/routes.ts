// Route handlers of the auth area, keyed by manifest route id. Routes missing here answer 501.
import type { AreaRoutes } from '#platform/http.ts';
import { callback } from './callback.ts';
import { health } from './health.ts';
import { mfaSetup, mfaVerify } from './mfa-setup.ts';
import { signIn } from './signin.ts';
import { signOut } from './signout.ts';

export const routes: AreaRoutes = {
  'auth.health': health,
  'auth.signin': signIn,
  'auth.callback': callback,
  'auth.signout': signOut,
  'auth.mfaSetup': mfaSetup,
  'auth.mfaVerify': mfaVerify,
};
