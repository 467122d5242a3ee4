// Lambda entry of the uploads area.
import { areaHandler } from '#platform/http.ts';
import { routes } from './routes.ts';

export const handler = areaHandler('uploads', routes);
