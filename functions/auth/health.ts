// GET /api/health: a liveness answer for the local stack and load balancers; touches no data.
import { ok, route } from '#platform/http.ts';

export const health = route('auth.health', {
  handle: async () => ok({ Status: 'ok' }),
});
