// Lambda entry of the campaigns area: the route handlers behind the session gatekeeper and the manifest.
import { apiArea } from '#core/identity/gatekeeper.ts';
import { routes } from './routes.ts';

export const handler = apiArea('campaigns', routes);
