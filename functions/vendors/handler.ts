// Lambda entry of the vendors area.
import { areaHandler } from '#platform/http.ts';
import { routes } from './routes.ts';

export const handler = areaHandler('vendors', routes);
