// Lambda entry of the partner area (issue 24, the vendor partner portal): the route handlers behind the
// session gatekeeper and the manifest, whose "own vendor" rule keeps each vendor user to their vendor.
import { apiArea } from '#core/identity/gatekeeper.ts';
import { routes } from './routes.ts';

export const handler = apiArea('partner', routes);
