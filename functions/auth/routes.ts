// Route handlers of the auth area, keyed by manifest route id. Routes missing here answer 501.
import type { AreaRoutes } from '#platform/http.ts';
import { health } from './health.ts';

export const routes: AreaRoutes = {
  'auth.health': health,
};
