import { describe, expect, it } from 'vitest';
import { ZipIndex, type ZipPlace } from './zip-index.ts';

const place = (zip: string, city: string, county: string, state: string, latitude: number, longitude: number): ZipPlace => ({
  zip,
  city,
  county,
  state,
  latitude,
  longitude,
});

// A handful of records in the data set's shape, deliberately out of zip order.
const PLACES = [
  place('60602', 'Chicago', 'Cook', 'IL', 41.8829, -87.6321),
  place('60601', 'Chicago', 'Cook', 'IL', 41.8858, -87.6181),
  place('60007', 'Elk Grove Village', 'Cook', 'IL', 42.0086, -87.9973),
  place('60540', 'Naperville', 'DuPage', 'IL', 41.7662, -88.141),
  place('61820', 'Champaign', 'Champaign', 'IL', 40.108, -88.2272),
  place('46320', 'Hammond', 'Lake', 'IN', 41.6169, -87.4962),
  place('99546', 'Adak', 'Aleutians West', 'AK', 51.88, -176.6581),
  place('09001', 'APO', '', 'AE', 38.1105, 15.6613),
  place('96365', 'APO STA', '', '', 26.3652, 127.7586),
];
const index = new ZipIndex(PLACES);

describe('ZipIndex look-ups', () => {
  it('finds a zip and answers undefined for one it does not hold', () => {
    expect(index.find('60601')?.city).toBe('Chicago');
    expect(index.find('60603')).toBeUndefined();
    expect(index.size).toBe(PLACES.length);
  });

  it("lists an SCF's zips in zip order", () => {
    expect(index.ofScf('606').map((p) => p.zip)).toEqual(['60601', '60602']);
    expect(index.ofScf('607')).toEqual([]);
  });

  it('matches city and county names ignoring case and extra spaces, within the state only', () => {
    expect(index.ofCity('IL', '  chICAgo ').map((p) => p.zip)).toEqual(['60601', '60602']);
    expect(index.ofCity('IL', 'elk  grove   village').map((p) => p.zip)).toEqual(['60007']);
    expect(index.ofCounty('IL', 'COOK').map((p) => p.zip)).toEqual(['60007', '60601', '60602']);
    expect(index.ofCounty('IN', 'Cook')).toEqual([]);
  });

  it("lists a state's distinct city and county pairs sorted by city", () => {
    expect(index.placesOf('IL')).toEqual([
      { city: 'Champaign', county: 'Champaign' },
      { city: 'Chicago', county: 'Cook' },
      { city: 'Elk Grove Village', county: 'Cook' },
      { city: 'Naperville', county: 'DuPage' },
    ]);
    expect(index.placesOf('ZZ')).toEqual([]);
  });

  it('keeps a zip without a state findable by zip and SCF but out of the state look-ups', () => {
    expect(index.find('96365')?.city).toBe('APO STA');
    expect(index.ofScf('963').map((p) => p.zip)).toEqual(['96365']);
    expect(index.ofCity('', 'APO STA')).toEqual([]);
  });
});

describe('ZipIndex.within', () => {
  it('returns the centre first at zero miles, then the others nearest first, and nothing beyond the radius', () => {
    // From 60601: 60602 0.75 mi, Hammond 19.6, Elk Grove Village 21.3, Naperville 28.2, Champaign 126.9.
    const near = index.within(index.find('60601')!, 25);
    expect(near.map((n) => n.place.zip)).toEqual(['60601', '60602', '46320', '60007']);
    expect(near[0]!.miles).toBe(0);
    expect(near.every((n) => n.miles <= 25)).toBe(true);
    expect(near.map((n) => n.miles)).toEqual([...near.map((n) => n.miles)].sort((a, b) => a - b));
  });

  it('includes a zip exactly on the edge and excludes it a hair inside', () => {
    const centre = index.find('60601')!;
    const edge = index.within(centre, 30).find((n) => n.place.zip === '60540')!.miles;
    expect(index.within(centre, edge).map((n) => n.place.zip)).toContain('60540');
    expect(index.within(centre, edge - 1e-6).map((n) => n.place.zip)).not.toContain('60540');
  });

  it('finds zips on the other side of the antimeridian', () => {
    const across = new ZipIndex([place('00001', 'West', '', 'AK', 51.9, 179.9), place('00002', 'East', '', 'AK', 51.9, -179.9)]);
    expect(across.within(across.find('00002')!, 10).map((n) => n.place.zip)).toEqual(['00002', '00001']);
  });
});
