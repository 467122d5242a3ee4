// GET /api/address/isvalidzipcode/{zip}: whether a 5-digit zip exists in the US ZIP data (true/false).
import { isValidZip } from '#core/address/zip-lookup.ts';
import { ok, route } from '#platform/http.ts';
import { zipCodeSchema } from '#shared/zip.ts';
import { z } from 'zod';

export const getIsValidZip = route({
  params: z.object({ zip: zipCodeSchema }),
  handle: async ({ params }) => ok(await isValidZip(params.zip)),
});
