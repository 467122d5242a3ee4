// A sign-in in flight: its OIDC state and PKCE verifier, consumed once by the callback; expires by TTL.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';

export const AuthState = defineEntity({
  entity: 'AuthState',
  version: 1,
  schema: z.object({ state: z.string(), codeVerifier: z.string(), ttl: z.number().int() }),
  /** sign-in in flight by its state value */
  key: (s: { state: string }) => ({ pk: `AUTHSTATE#${s.state}`, sk: 'AUTHSTATE' }),
});
export type AuthState = z.infer<typeof AuthState.schema>;
