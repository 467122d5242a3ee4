// GET /api/address/state/{state}/city/{name} and .../county/{name}: the zips of a city or county,
// matched ignoring case.
import { zipsOfCity, zipsOfCounty } from '#core/address/zip-lookup.ts';
import { toZipRow } from '#core/address/zip-rows.ts';
import { ok, route } from '#platform/http.ts';

export const getCityZips = route('address.cityZips', {
  handle: async ({ params }) => ok((await zipsOfCity(params.state, params.name)).map(toZipRow)),
});

export const getCountyZips = route('address.countyZips', {
  handle: async ({ params }) => ok((await zipsOfCounty(params.state, params.name)).map(toZipRow)),
});
