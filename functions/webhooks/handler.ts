// Lambda entry of the webhooks area (CRM delivery, issue 23): the route handlers behind the session gatekeeper and the manifest.
import { apiArea } from '#core/identity/gatekeeper.ts';
import { routes } from './routes.ts';

export const handler = apiArea('webhooks', routes);
