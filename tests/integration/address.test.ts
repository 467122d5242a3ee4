// The address area (signed in) and the public sales zip lookup through the real gateway, answered
// from the real US ZIP data, including the 400s for malformed zips, radii and states.
import { describe, expect, it } from 'vitest';
import type { StatePlaceRow, ZipDistanceRow, ZipRow } from '#shared/api/address.ts';
import { useApiHarness } from '../support/api-harness.ts';

const api = useApiHarness();

/** A GET below /api as the captive agent (or signed out); answers the status and the parsed body. */
async function call(path: string, signedIn = true): Promise<{ status: number; body: unknown }> {
  const { status, body } = await api.fetch('GET', path, signedIn ? { session: await api.sessionFor('captive agent') } : {});
  return { status, body };
}

async function get<T>(path: string, signedIn = true): Promise<T> {
  const { status, body } = await call(path, signedIn);
  expect(status, path).toBe(200);
  return body as T;
}

const MANHATTAN: ZipRow = { ZipCode: '10001', CityName: 'New York', CountyName: 'New York', StateAbbreviation: 'NY' };

describe('GET /api/address/isvalidzipcode/{zip}', () => {
  it('answers true for a real zip and false for a well-formed zip that does not exist', async () => {
    expect(await get('/address/isvalidzipcode/10001')).toBe(true);
    expect(await get('/address/isvalidzipcode/00000')).toBe(false);
  });

  it("refuses a zip that is not 5 digits with 'Invalid Zip Code'", async () => {
    expect(await call('/address/isvalidzipcode/1234')).toEqual({ status: 400, body: { ErrorMessages: ['Invalid Zip Code'] } });
  });

  it('needs a session', async () => {
    expect((await call('/address/isvalidzipcode/10001', false)).status).toBe(401);
  });
});

describe('GET /api/address/zipCode/{zip}', () => {
  it('answers one row for a 5-digit zip and none for an unknown one', async () => {
    expect(await get('/address/zipCode/10001')).toEqual([MANHATTAN]);
    expect(await get('/address/zipCode/00000')).toEqual([]);
  });

  it('answers every zip of an SCF for 3 digits, in zip order', async () => {
    const rows = await get<ZipRow[]>('/address/zipCode/100');
    expect(rows).toContainEqual(MANHATTAN);
    expect(rows.every((r) => r.ZipCode.startsWith('100'))).toBe(true);
    expect(rows.map((r) => r.ZipCode)).toEqual(rows.map((r) => r.ZipCode).sort());
  });

  it("refuses 4 digits with 'Invalid Zip Code'", async () => {
    expect(await call('/address/zipCode/1000')).toEqual({ status: 400, body: { ErrorMessages: ['Invalid Zip Code'] } });
  });
});

describe('GET /api/address/zipCode/{zip}/distance/{miles}', () => {
  it('lists the zips within the radius nearest first, starting with the zip itself', async () => {
    const rows = await get<ZipDistanceRow[]>('/address/zipCode/60601/distance/5');
    expect(rows[0]).toEqual({ ZipCode: '60601', CityName: 'Chicago', CountyName: 'Cook', StateAbbreviation: 'IL', Distance: 0 });
    expect(rows.find((r) => r.ZipCode === '60602')?.Distance).toBe(0.75);
    expect(rows.every((r) => r.Distance <= 5)).toBe(true);
    expect(rows.map((r) => r.Distance)).toEqual(rows.map((r) => r.Distance).sort((a, b) => a - b));
  });

  it('finds more zips in a wider radius', async () => {
    const five = await get<ZipDistanceRow[]>('/address/zipCode/60601/distance/5');
    const fifty = await get<ZipDistanceRow[]>('/address/zipCode/60601/distance/50');
    expect(fifty.length).toBeGreaterThan(five.length);
    expect(fifty.map((r) => r.ZipCode)).toEqual(expect.arrayContaining(five.map((r) => r.ZipCode)));
  });

  it('refuses a radius that is not 5 to 50 in steps of 5', async () => {
    for (const miles of ['0', '7', '55', 'ten'])
      expect(await call(`/address/zipCode/60601/distance/${miles}`), miles).toEqual({
        status: 400,
        body: { ErrorMessages: ['Radius must be 5 to 50 miles in steps of 5.'] },
      });
  });

  it('needs a 5-digit centre zip that exists', async () => {
    expect(await call('/address/zipCode/606/distance/5')).toEqual({ status: 400, body: { ErrorMessages: ['Invalid Zip Code'] } });
    expect(await call('/address/zipCode/00000/distance/5')).toEqual({ status: 404, body: { ErrorMessages: ['Invalid Zip Code'] } });
  });
});

describe('GET /api/address/states/{state}', () => {
  it("lists the state's distinct city and county pairs, any case of state code", async () => {
    const rows = await get<StatePlaceRow[]>('/address/states/ca');
    expect(rows).toContainEqual({ CityName: 'Beverly Hills', CountyName: 'Los Angeles' });
    expect(new Set(rows.map((r) => `${r.CityName}|${r.CountyName}`)).size).toBe(rows.length);
  });

  it('refuses a state that is not a two-letter code', async () => {
    expect(await call('/address/states/Texas')).toEqual({ status: 400, body: { ErrorMessages: ['State must be a two-letter code.'] } });
  });
});

describe('GET /api/address/state/{state}/city|county/{name}', () => {
  it('lists the zips of a city, matching its name in any case, with spaces in the name', async () => {
    const rows = await get<ZipRow[]>(`/address/state/NY/city/${encodeURIComponent('new YORK')}`);
    expect(rows).toContainEqual(MANHATTAN);
    expect(rows.every((r) => r.CityName === 'New York' && r.StateAbbreviation === 'NY')).toBe(true);
  });

  it('lists the zips of a county', async () => {
    const rows = await get<ZipRow[]>('/address/state/tx/county/travis');
    expect(rows.map((r) => r.ZipCode)).toContain('78701');
    expect(rows.every((r) => r.CountyName === 'Travis' && r.StateAbbreviation === 'TX')).toBe(true);
  });

  it('answers no zips for a name the state does not have', async () => {
    expect(await get('/address/state/TX/city/Chicago')).toEqual([]);
  });

  it('refuses a blank name', async () => {
    expect(await call('/address/state/TX/county/%20')).toEqual({ status: 400, body: { ErrorMessages: ['A city or county name is required.'] } });
  });
});

describe('GET /api/sales/location/{zip} (public)', () => {
  it("answers a zip's city, state and county without a session", async () => {
    expect(await get('/sales/location/90210', false)).toEqual({
      ZipCode: '90210',
      CityName: 'Beverly Hills',
      CountyName: 'Los Angeles',
      StateAbbreviation: 'CA',
    });
  });

  it("answers 404 'Zip Code not found.' for an unknown zip and 400 for a malformed one", async () => {
    expect(await call('/sales/location/00000', false)).toEqual({ status: 404, body: { ErrorMessages: ['Zip Code not found.'] } });
    expect(await call('/sales/location/902', false)).toEqual({ status: 400, body: { ErrorMessages: ['Invalid Zip Code'] } });
  });
});
