// Lambda entry of the sales area.
import { areaHandler } from '#platform/http.ts';
import { routes } from './routes.ts';

export const handler = areaHandler('sales', routes);
