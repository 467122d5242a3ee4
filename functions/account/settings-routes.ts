// Account-area route handlers for the settings part of the agent's account (see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';

export const settingsRoutes: AreaRoutes = {};
