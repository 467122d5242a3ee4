// The zip look-ups the server uses (address calls, public sales forms, settings, orders), answered
// from real US ZIP data held in memory: the index is built once per Lambda container, on first use.
// Memory rather than the table: the data adds ~6 MB to a bundle (~650 KiB gzipped), loads in about
// 0.35 s once per container and holds ~30 MB of heap, after which a look-up takes microseconds and a
// 50-mile radius well under a millisecond; the table would need ~113,000 items written per stage and
// a query per look-up (several per radius). Figures: `npx tsx tests/bench/address.bench.ts`.
import { zipCodeSchema } from '#shared/zip.ts';
import { loadZipPlaces } from './zip-data.ts';
import { ZipIndex, type CityCounty, type ZipNear, type ZipPlace } from './zip-index.ts';

let index: Promise<ZipIndex> | undefined;

/** The shared index; a failed load is not cached, so the next call tries again. */
export function zipIndex(): Promise<ZipIndex> {
  index ??= loadZipPlaces()
    .then((places) => new ZipIndex(places))
    .catch((error: unknown) => {
      index = undefined;
      throw error;
    });
  return index;
}

/** True for a 5-digit zip that exists in the US ZIP data. */
export async function isValidZip(zip: string): Promise<boolean> {
  return zipCodeSchema.safeParse(zip).success && (await zipIndex()).find(zip) !== undefined;
}

/** The zip's city, county, state and centroid, or undefined for an unknown zip. */
export async function findZip(zip: string): Promise<ZipPlace | undefined> {
  return (await zipIndex()).find(zip);
}

export async function zipsOfScf(scf: string): Promise<readonly ZipPlace[]> {
  return (await zipIndex()).ofScf(scf);
}

/** Zips within `miles` of the zip's centroid, nearest first; undefined when the zip is unknown. */
export async function zipsWithin(zip: string, miles: number): Promise<ZipNear[] | undefined> {
  const zips = await zipIndex();
  const centre = zips.find(zip);
  return centre && zips.within(centre, miles);
}

export async function placesOfState(state: string): Promise<readonly CityCounty[]> {
  return (await zipIndex()).placesOf(state);
}

export async function zipsOfCity(state: string, city: string): Promise<readonly ZipPlace[]> {
  return (await zipIndex()).ofCity(state, city);
}

export async function zipsOfCounty(state: string, county: string): Promise<readonly ZipPlace[]> {
  return (await zipIndex()).ofCounty(state, county);
}
