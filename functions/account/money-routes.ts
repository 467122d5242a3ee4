// Account-area route handlers for the money part of the agent's account (see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';

export const moneyRoutes: AreaRoutes = {};
