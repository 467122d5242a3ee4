// Lambda entry of the priceFactors area.
import { areaHandler } from '#platform/http.ts';
import { routes } from './routes.ts';

export const handler = areaHandler('priceFactors', routes);
