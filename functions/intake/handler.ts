// Lambda entry of the intake area: vendor routes behind the token gatekeeper and the manifest.
import { areaHandler } from '#platform/http.ts';
import { routes } from './routes.ts';
import { vendorGatekeeper } from './vendor-gatekeeper.ts';

export const handler = areaHandler('intake', routes, () => vendorGatekeeper);
