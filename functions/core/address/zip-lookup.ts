// The zip look-ups the server uses (address calls, public sales forms, settings, orders), answered
// from real US ZIP data held in memory: the index is built once per Lambda container, on first use.
// Memory rather than the table: the compact file beside the bundle (~0.9 MB) loads and decodes in tens
// of milliseconds once per container, after which a look-up takes microseconds and a 50-mile radius
// well under a millisecond; the table would need ~113,000 items written per stage and a query per
// look-up (several per radius). Validation alone reads a 12.5 KB bitset, so a function that only
// checks zips (account settings) ships neither the table nor the package. Figures: `npm run bench address`.
import { zipCodeSchema } from '#shared/zip.ts';
import { loadZipPlaces, loadZipSet } from './zip-data.ts';
import { ZipIndex, type CityCounty, type ZipNear, type ZipPlace } from './zip-index.ts';
import { zipSetHas } from './zip-table.ts';

let index: Promise<ZipIndex> | undefined;
let validZips: Promise<Uint8Array> | undefined;

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

function zipSet(): Promise<Uint8Array> {
  validZips ??= loadZipSet().catch((error: unknown) => {
    validZips = undefined;
    throw error;
  });
  return validZips;
}

/** True for a 5-digit zip that exists in the US ZIP data. */
export async function isValidZip(zip: string): Promise<boolean> {
  return zipCodeSchema.safeParse(zip).success && zipSetHas(await zipSet(), zip);
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

/** True for a 3-digit SCF (sectional center) that holds at least one existing zip. */
export async function isValidScf(scf: string): Promise<boolean> {
  if (!/^\d{3}$/.test(scf)) return false;
  const bits = await zipSet();
  for (let n = 0; n < 100; n++) if (zipSetHas(bits, `${scf}${String(n).padStart(2, '0')}`)) return true;
  return false;
}
