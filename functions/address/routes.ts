// Route handlers of the address area, keyed by manifest route id.
import type { AreaRoutes } from '#platform/http.ts';
import { getIsValidZip } from './is-valid-zip.ts';
import { getCityZips, getCountyZips } from './list-place-zips.ts';
import { getStatePlaces } from './list-state-places.ts';
import { getZipCodes, getZipCodesWithin } from './list-zip-codes.ts';

export const routes: AreaRoutes = {
  'address.isValidZip': getIsValidZip,
  'address.zipCodes': getZipCodes,
  'address.radius': getZipCodesWithin,
  'address.citiesAndCounties': getStatePlaces,
  'address.cityZips': getCityZips,
  'address.countyZips': getCountyZips,
};
