// Lambda entry of the contracts area.
import { areaHandler } from '#platform/http.ts';
import { routes } from './routes.ts';

export const handler = areaHandler('contracts', routes);
