// Against the real US ZIP data: validity, look-ups, known distances, and the grid radius search
// checked against a plain scan of every zip.
import { beforeAll, describe, expect, it } from 'vitest';
import { distanceMiles } from './geo.ts';
import { findZip, isValidZip, placesOfState, zipIndex, zipsOfCity, zipsOfCounty, zipsOfScf, zipsWithin } from './zip-lookup.ts';
import type { ZipPlace } from './zip-index.ts';

// Loading the ~7 MB data set through the test transformer takes seconds on a busy machine.
beforeAll(async () => {
  await zipIndex();
}, 60_000);

/** Every zip, gathered SCF by SCF (each zip belongs to exactly one). */
async function everyZip(): Promise<ZipPlace[]> {
  const scfs = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
  return (await Promise.all(scfs.map((scf) => zipsOfScf(scf)))).flat();
}

describe('isValidZip', () => {
  it('accepts real zips, including one with leading zeros', async () => {
    expect(await isValidZip('10001')).toBe(true);
    expect(await isValidZip('00501')).toBe(true);
  });

  it('refuses a well-formed zip that does not exist and anything that is not 5 digits', async () => {
    expect(await isValidZip('00000')).toBe(false);
    expect(await isValidZip('1000')).toBe(false);
    expect(await isValidZip('100011')).toBe(false);
    expect(await isValidZip('1000a')).toBe(false);
  });
});

describe('zip look-ups', () => {
  it("gives a zip's city, county and state", async () => {
    expect(await findZip('90210')).toMatchObject({ city: 'Beverly Hills', county: 'Los Angeles', state: 'CA' });
  });

  it('lists the zips of an SCF, all of them starting with its three digits', async () => {
    const zips = await zipsOfScf('100');
    expect(zips.length).toBeGreaterThan(50);
    expect(zips.every((p) => p.zip.startsWith('100'))).toBe(true);
    expect(zips.map((p) => p.zip)).toContain('10001');
  });

  it('finds the zips of a city and of a county in a state', async () => {
    const austin = await zipsOfCity('TX', 'austin');
    expect(austin.length).toBeGreaterThan(40);
    expect(austin.every((p) => p.city === 'Austin' && p.state === 'TX')).toBe(true);
    const cook = await zipsOfCounty('IL', 'cook');
    expect(cook.map((p) => p.zip)).toEqual(expect.arrayContaining(['60601', '60007']));
  });

  it("lists a state's city and county pairs once each", async () => {
    const places = await placesOfState('CA');
    expect(places).toContainEqual({ city: 'Beverly Hills', county: 'Los Angeles' });
    expect(new Set(places.map((p) => `${p.city}|${p.county}`)).size).toBe(places.length);
  });
});

describe('distances between real zips', () => {
  it('puts Manhattan 10001 about 2,450 miles from Beverly Hills 90210', async () => {
    expect(distanceMiles((await findZip('10001'))!, (await findZip('90210'))!)).toBeCloseTo(2453, -1);
  });

  it('puts neighbouring downtown Chicago zips 60601 and 60602 under a mile apart', async () => {
    const miles = distanceMiles((await findZip('60601'))!, (await findZip('60602'))!);
    expect(miles).toBeGreaterThan(0.5);
    expect(miles).toBeLessThan(1);
  });
});

describe('zipsWithin', () => {
  it('answers undefined for an unknown centre', async () => {
    expect(await zipsWithin('00000', 10)).toBeUndefined();
  });

  it('finds exactly the zips a scan of every zip finds, for centres across the country and every radius', async () => {
    const zips = await everyZip();
    expect(zips.length).toBe((await zipIndex()).size);
    // Every 997th zip spreads centres over every region; Adak (near the antimeridian), Anchorage,
    // Honolulu and Manhattan are the awkward and the dense cases.
    const centres = [...zips.filter((_, i) => i % 997 === 0), ...['99546', '99501', '96813', '10001'].map((z) => zips.find((p) => p.zip === z)!)];
    const mismatches: string[] = [];
    for (const centre of centres) {
      // One scan per centre at the widest radius; the narrower ones are subsets of it.
      const widest = zips.map((p) => ({ zip: p.zip, miles: distanceMiles(centre, p) })).filter((d) => d.miles <= 50);
      for (const miles of [5, 25, 50]) {
        const scanned = widest.filter((d) => d.miles <= miles).map((d) => d.zip).sort();
        const found = (await zipsWithin(centre.zip, miles))!.map((n) => n.place.zip).sort();
        if (found.join() !== scanned.join()) mismatches.push(`${centre.zip} ${miles} mi`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 30_000);
});
