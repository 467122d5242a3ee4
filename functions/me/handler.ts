// Lambda entry of the me area.
import { areaHandler } from '#platform/http.ts';
import { routes } from './routes.ts';

export const handler = areaHandler('me', routes);
