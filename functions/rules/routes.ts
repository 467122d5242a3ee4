// Route handlers of the rules area, keyed by manifest route id. Routes missing here answer 501.
import type { AreaRoutes } from '#platform/http.ts';

export const routes: AreaRoutes = {};
