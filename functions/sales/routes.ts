// Route handlers of the sales area, keyed by manifest route id. Routes missing here answer 501.
import type { AreaRoutes } from '#platform/http.ts';
import { getLocation } from './get-location.ts';

export const routes: AreaRoutes = {
  'sales.location': getLocation,
};
