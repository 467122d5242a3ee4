// The in-memory zip index: every look-up the address calls need (zip, SCF, city, county, a state's
// places, radius) answered from the rows sorted by zip (zip and SCF by binary search) and from maps
// built on first use, with a latitude/longitude grid so a radius search measures only the zips in the
// cells its circle can touch instead of all ~41,000.
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

/** Rows sorted by zip, read column-wise: the generated zip table decodes into this without building objects. */
export interface ZipColumns {
  /** Each row's zip as a number, ascending. */
  zips: Uint32Array;
  /** Each row's centroid in degrees, so the radius grid is built without turning rows into objects. */
  latitudes: Float64Array;
  longitudes: Float64Array;
  place(row: number): ZipPlace;
}

function columnsOf(places: readonly ZipPlace[]): ZipColumns {
  const sorted = [...places].sort((a, b) => ordinal(a.zip, b.zip));
  return {
    zips: Uint32Array.from(sorted, (p) => Number(p.zip)),
    latitudes: Float64Array.from(sorted, (p) => p.latitude),
    longitudes: Float64Array.from(sorted, (p) => p.longitude),
    place: (row) => sorted[row]!,
  };
}

export class ZipIndex {
  /** Sorted by zip: a zip or an SCF (a zip prefix) is found by binary search, with no map to build. */
  private readonly zips: Uint32Array;
  private readonly rows: (ZipPlace | undefined)[];
  private readonly source: ZipColumns;
  // Everything below is built on first use: a Lambda that only looks zips up (the sales form) never
  // pays for it, and the first look-up stays a binary search plus one row turned into an object.
  private cities?: Map<string, ZipPlace[]>;
  private counties?: Map<string, ZipPlace[]>;
  private states?: Map<string, ZipPlace[]>;
  /** Grid cell to the rows in it. */
  private cells?: Map<number, number[]>;
  /** A state's city/county pairs are only needed by one call, so they are built on its first use. */
  private readonly placesCache = new Map<string, CityCounty[]>();

  constructor(places: readonly ZipPlace[] | ZipColumns) {
    this.source = Array.isArray(places) ? columnsOf(places) : (places as ZipColumns);
    this.zips = this.source.zips;
    this.rows = new Array<ZipPlace | undefined>(this.zips.length);
  }

  private placeAt(row: number): ZipPlace {
    return (this.rows[row] ??= this.source.place(row));
  }

  private get byCity(): Map<string, ZipPlace[]> {
    return (this.cities ??= this.group((place) => (place.state ? nameKey(place.state, place.city) : undefined)));
  }

  private get byCounty(): Map<string, ZipPlace[]> {
    return (this.counties ??= this.group((place) => (place.state && place.county ? nameKey(place.state, place.county) : undefined)));
  }

  private get byState(): Map<string, ZipPlace[]> {
    return (this.states ??= this.group((place) => place.state || undefined));
  }

  private get byCell(): Map<number, number[]> {
    if (!this.cells) {
      this.cells = new Map();
      const { latitudes, longitudes } = this.source;
      for (let row = 0; row < this.zips.length; row++) push(this.cells, latCell(latitudes[row]!) * LON_CELLS + lonCell(longitudes[row]!), row);
    }
    return this.cells;
  }

  /** Lists filled in zip order, so answers come out sorted without sorting per request. */
  private group<K>(keyOf: (place: ZipPlace) => K | undefined): Map<K, ZipPlace[]> {
    const map = new Map<K, ZipPlace[]>();
    for (let row = 0; row < this.zips.length; row++) {
      const place = this.placeAt(row);
      const key = keyOf(place);
      if (key !== undefined) push(map, key, place);
    }
    return map;
  }

  /** The first row whose zip is not below `zip`. */
  private lowerBound(zip: number): number {
    let low = 0;
    let high = this.zips.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.zips[mid]! < zip) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private rowsBetween(from: number, to: number): ZipPlace[] {
    const found: ZipPlace[] = [];
    for (let row = this.lowerBound(from); row < this.zips.length && this.zips[row]! < to; row++) found.push(this.placeAt(row));
    return found;
  }

  get size(): number {
    return this.zips.length;
  }

  find(zip: string): ZipPlace | undefined {
    if (!/^\d{5}$/.test(zip)) return undefined;
    const row = this.lowerBound(Number(zip));
    return this.zips[row] === Number(zip) ? this.placeAt(row) : undefined;
  }

  /** The zips of a sectional center facility: those whose first three digits are `scf`. */
  ofScf(scf: string): readonly ZipPlace[] {
    if (!/^\d{3}$/.test(scf)) return [];
    return this.rowsBetween(Number(scf) * 100, Number(scf) * 100 + 100);
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
        for (const row of this.byCell.get(lat * LON_CELLS + (lon % LON_CELLS)) ?? []) {
          const distance = distanceMiles(centre, { latitude: this.source.latitudes[row]!, longitude: this.source.longitudes[row]! });
          if (distance <= miles) found.push({ place: this.placeAt(row), miles: distance });
        }
      }
    }
    return found.sort((a, b) => a.miles - b.miles || ordinal(a.place.zip, b.place.zip));
  }
}
