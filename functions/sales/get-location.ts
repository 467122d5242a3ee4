// GET /api/sales/location/{zip} (public): the city, county and state of a zip for the public sales
// and employer lead forms (part 3 §7); an unknown zip is 'Zip Code not found.'.
import { findZip } from '#core/address/zip-lookup.ts';
import { guardRate } from '#core/leads/public-forms.ts';
import { toZipRow } from '#core/address/zip-rows.ts';
import { NotFound } from '#platform/errors.ts';
import { ok, route } from '#platform/http.ts';
import { ZIP_MESSAGES } from '#shared/zip.ts';
import { callerOf } from './caller.ts';

export const getLocation = route('sales.location', {
  handle: async ({ params, event }) => {
    await guardRate('salesLookup', callerOf(event).ip);
    const place = await findZip(params.zip);
    if (!place) throw new NotFound(ZIP_MESSAGES.zipNotFound);
    return ok(toZipRow(place));
  },
});
