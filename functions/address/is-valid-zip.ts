// GET /api/address/isvalidzipcode/{zip}: whether a 5-digit zip exists in the US ZIP data (true/false).
import { isValidZip } from '#core/address/zip-lookup.ts';
import { ok, route } from '#platform/http.ts';

export const getIsValidZip = route('address.isValidZip', {
  handle: async ({ params }) => ok(await isValidZip(params.zip)),
});
