// GET /api/address/zipCode/{zip}: one zip, or every zip of an SCF when given 3 digits; and
// GET /api/address/zipCode/{zip}/distance/{miles}: the zips within a radius of a zip, nearest first.
import { findZip, zipsOfScf, zipsWithin } from '#core/address/zip-lookup.ts';
import { toZipRow } from '#core/address/zip-rows.ts';
import { NotFound } from '#platform/errors.ts';
import { ok, route } from '#platform/http.ts';
import type { ZipDistanceRow } from '#shared/api/address.ts';
import { ZIP_MESSAGES, zipEntryKind } from '#shared/zip.ts';

export const getZipCodes = route('address.zipCodes', {
  handle: async ({ params }) => {
    if (zipEntryKind(params.zip) === 'scf') return ok((await zipsOfScf(params.zip)).map(toZipRow));
    const place = await findZip(params.zip);
    return ok(place ? [toZipRow(place)] : []);
  },
});

export const getZipCodesWithin = route('address.radius', {
  handle: async ({ params }) => {
    const near = await zipsWithin(params.zip, params.miles);
    // Unlike a list look-up, a radius has no answer without its centre.
    if (!near) throw new NotFound(ZIP_MESSAGES.invalidZip);
    return ok(near.map(({ place, miles }): ZipDistanceRow => ({ ...toZipRow(place), Distance: Math.round(miles * 100) / 100 })));
  },
});
