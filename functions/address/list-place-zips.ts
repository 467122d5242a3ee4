// GET /api/address/state/{state}/city/{name} and .../county/{name}: the zips of a city or county,
// matched ignoring case.
import { zipsOfCity, zipsOfCounty } from '#core/address/zip-lookup.ts';
import { toZipRow } from './zip-rows.ts';
import { ok, route } from '#platform/http.ts';
import { placeNameSchema, stateCodeSchema } from '#shared/zip.ts';
import { z } from 'zod';

const params = z.object({ state: stateCodeSchema, name: placeNameSchema });

export const getCityZips = route({
  params,
  handle: async ({ params }) => ok((await zipsOfCity(params.state, params.name)).map(toZipRow)),
});

export const getCountyZips = route({
  params,
  handle: async ({ params }) => ok((await zipsOfCounty(params.state, params.name)).map(toZipRow)),
});
