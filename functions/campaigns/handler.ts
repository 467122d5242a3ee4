// Lambda entry of the campaigns area.
import { areaHandler } from '#platform/http.ts';
import { routes } from './routes.ts';

export const handler = areaHandler('campaigns', routes);
