// GET /api/address/states/{state}: the state's distinct city and county pairs, for the city and
// county pickers of orders and routing rules.
import { placesOfState } from '#core/address/zip-lookup.ts';
import { ok, route } from '#platform/http.ts';
import type { StatePlaceRow } from '#shared/api/address.ts';

export const getStatePlaces = route('address.citiesAndCounties', {
  handle: async ({ params }) =>
    ok((await placesOfState(params.state)).map(({ city, county }): StatePlaceRow => ({ CityName: city, CountyName: county }))),
});
