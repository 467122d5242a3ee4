// The in-memory zip index: every look-up the address calls need (zip, SCF, city, county, a state's
// places, radius) answered from maps built once, with a latitude/longitude grid so a radius search
// measures only the zips in the cells its circle can touch instead of all ~41,000.
import { boundingBox, distanceMiles, normaliseLongitude, type LatLon } from './geo.ts';

export interface ZipPlace extends LatLon {
  zip: string;
  city: string;
  /** Empty for military (APO/FPO) zips, which have no county. */
  county: string;
  /** USPS code: a state, DC, a territory, or AA/AE/AP for military zips; empty when unknown. */
  state: string;
}

export interface ZipNear {
  place: ZipPlace;
  miles: number;
}

export interface CityCounty {
  city: string;
  county: string;
}

/** Half a degree: about 35 miles north-south, so a 50-mile circle touches at most 4 × 5 cells in the 48 states. */
const CELL_DEGREES = 0.5;
const LAT_CELLS = 180 / CELL_DEGREES;
const LON_CELLS = 360 / CELL_DEGREES;

const latCell = (latitude: number) => Math.min(LAT_CELLS - 1, Math.max(0, Math.floor((latitude + 90) / CELL_DEGREES)));
const lonCell = (longitude: number) => Math.floor((normaliseLongitude(longitude) + 180) / CELL_DEGREES) % LON_CELLS;

/** Names are matched ignoring case and runs of spaces. */
const nameKey = (state: string, name: string) => `${state}|${name.trim().replace(/\s+/g, ' ').toLowerCase()}`;
const ordinal = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export class ZipIndex {
  private readonly byZip = new Map<string, ZipPlace>();
  private readonly byScf = new Map<string, ZipPlace[]>();
  private readonly byCity = new Map<string, ZipPlace[]>();
  private readonly byCounty = new Map<string, ZipPlace[]>();
  private readonly byState = new Map<string, ZipPlace[]>();
  private readonly byCell = new Map<number, ZipPlace[]>();
  /** A state's city/county pairs are only needed by one call, so they are built on its first use. */
  private readonly placesCache = new Map<string, CityCounty[]>();

  constructor(places: readonly ZipPlace[]) {
    // Every list below is filled in zip order, so answers come out sorted without sorting per request.
    for (const place of [...places].sort((a, b) => ordinal(a.zip, b.zip))) {
      this.byZip.set(place.zip, place);
      push(this.byScf, place.zip.slice(0, 3), place);
      push(this.byCell, latCell(place.latitude) * LON_CELLS + lonCell(place.longitude), place);
      if (!place.state) continue;
      push(this.byState, place.state, place);
      push(this.byCity, nameKey(place.state, place.city), place);
      if (place.county) push(this.byCounty, nameKey(place.state, place.county), place);
    }
  }

  get size(): number {
    return this.byZip.size;
  }

  find(zip: string): ZipPlace | undefined {
    return this.byZip.get(zip);
  }

  /** The zips of a sectional center facility: those whose first three digits are `scf`. */
  ofScf(scf: string): readonly ZipPlace[] {
    return this.byScf.get(scf) ?? [];
  }

  ofCity(state: string, city: string): readonly ZipPlace[] {
    return this.byCity.get(nameKey(state, city)) ?? [];
  }

  ofCounty(state: string, county: string): readonly ZipPlace[] {
    return this.byCounty.get(nameKey(state, county)) ?? [];
  }

  /** The state's distinct city and county pairs, sorted by city then county. */
  placesOf(state: string): readonly CityCounty[] {
    let places = this.placesCache.get(state);
    if (!places) {
      const unique = new Map<string, CityCounty>();
      for (const { city, county } of this.byState.get(state) ?? []) unique.set(`${city}\n${county}`, { city, county });
      places = [...unique.values()].sort((a, b) => ordinal(a.city, b.city) || ordinal(a.county, b.county));
      this.placesCache.set(state, places);
    }
    return places;
  }

  /** Zips whose centroid lies within `miles` of `centre`, nearest first (ties by zip). */
  within(centre: LatLon, miles: number): ZipNear[] {
    const box = boundingBox(centre, miles);
    const firstLon = box.allLongitudes ? 0 : lonCell(box.west);
    let lastLon = box.allLongitudes ? LON_CELLS - 1 : lonCell(box.east);
    // A circle across the antimeridian runs from a high cell number round to a low one.
    if (lastLon < firstLon) lastLon += LON_CELLS;
    const found: ZipNear[] = [];
    for (let lat = latCell(box.south); lat <= latCell(box.north); lat++) {
      for (let lon = firstLon; lon <= lastLon; lon++) {
        for (const place of this.byCell.get(lat * LON_CELLS + (lon % LON_CELLS)) ?? []) {
          const distance = distanceMiles(centre, place);
          if (distance <= miles) found.push({ place, miles: distance });
        }
      }
    }
    return found.sort((a, b) => a.miles - b.miles || ordinal(a.place.zip, b.place.zip));
  }
}
