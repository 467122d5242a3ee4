// Lambda entry of the auth area.
import { areaHandler } from '#platform/http.ts';
import { routes } from './routes.ts';

export const handler = areaHandler('auth', routes);
